package io.asynclog.autoconfigure.endpoint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.FlushDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.RunTimeChanges;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.SettingChange;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.ShippingChange;
import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.LiveQueueFullSettings;
import io.asynclog.core.config.LiveQueueFullSettings.Values;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.LogQueue;

/**
 * What the endpoint's write operations do: change the queue-full policy and discard
 * threshold in force ({@link LiveQueueFullSettings}), pause and resume a remote appender's
 * shipping ({@link Lane#pause()}), and flush. Every change is checked whole before anything
 * is applied, and logged on {@value #LOGGER} with the old and the new value: at WARN when
 * the new value differs from the configured one, at INFO when it returns to it.
 *
 * @author asynclog
 */
final class LiveControl {

	/** The logger that tells of every change made through the endpoint. */
	static final String LOGGER = "io.asynclog.control";

	static final String FLUSH = "flush";

	static final String APPENDERS = "appenders";

	static final String PAUSED = "paused";

	static final String RUNNING = "running";

	private static final String UNTIL_RESTART = " A restart, or a new logging configuration, returns to the"
			+ " configured value.";

	private static final long LONGEST_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private static final Log logger = LogFactory.getLog(LOGGER);

	private final AsyncLogProperties properties;

	private final LoggingBackend backend;

	LiveControl(AsyncLogProperties properties, LoggingBackend backend) {
		this.properties = properties;
		this.backend = backend;
	}

	/**
	 * Changes one queue-full setting, then logs the change. The log call is made after the
	 * change and outside the lock: under 'block' it may wait for room in a full queue, which
	 * must hold neither the change nor the next one (say, one that drops more).
	 */
	SettingChange change(String setting, String value) {
		Applied applied = apply(setting, value);
		if (applied.message() != null) {
			log(applied.change().value().equals(applied.change().configured()), applied.message());
		}
		return applied.change();
	}

	/** Synchronized so that two changes at once cannot lose one another's half of the values. */
	private synchronized Applied apply(String setting, String value) {
		Values before = LiveQueueFullSettings.inForce(this.properties);
		Values configured = Values.of(this.properties);
		Values after;
		String previous;
		String wanted;
		String configuredValue;
		try {
			if (LiveQueueFullSettings.QUEUE_FULL_POLICY.equals(setting)) {
				after = before.withQueueFullPolicy(LiveQueueFullSettings.parsePolicy(value));
				previous = AsyncLogProperties.kebabCase(before.queueFullPolicy());
				wanted = AsyncLogProperties.kebabCase(after.queueFullPolicy());
				configuredValue = AsyncLogProperties.kebabCase(configured.queueFullPolicy());
			}
			else if (LiveQueueFullSettings.DISCARD_THRESHOLD.equals(setting)) {
				after = before.withDiscardThreshold(LiveQueueFullSettings.parseThreshold(value));
				previous = AsyncLogProperties.kebabCase(before.discardThreshold());
				wanted = AsyncLogProperties.kebabCase(after.discardThreshold());
				configuredValue = AsyncLogProperties.kebabCase(configured.discardThreshold());
			}
			else {
				throw badRequest(unknownSetting(setting));
			}
		}
		catch (AsyncLogConfigurationException ex) {
			throw invalid(ex);
		}
		SettingChange change = new SettingChange(setting, previous, wanted, configuredValue);
		if (after.equals(before)) {
			return new Applied(change, null);
		}
		// Back to the configured values: nothing is left in force at run time.
		LiveQueueFullSettings.change(after.equals(configured) ? null : after);
		String message = "asynclog: %s changed at run time from '%s' to '%s' (configured: '%s'; now %s).".formatted(
				setting, previous, wanted, configuredValue, describe(after))
				+ (wanted.equals(configuredValue) ? "" : UNTIL_RESTART);
		return new Applied(change, message);
	}

	/** Pauses or resumes the shipping of a remote appender, then logs the change. */
	ShippingChange ship(String appenderName, String shipping) {
		boolean pause;
		if (PAUSED.equals(shipping)) {
			pause = true;
		}
		else if (RUNNING.equals(shipping)) {
			pause = false;
		}
		else {
			throw badRequest(("Invalid value '%s' for 'shipping' of appender '%s': 'shipping' accepts one of paused,"
					+ " running.").formatted((shipping != null) ? shipping : "", appenderName));
		}
		Lane lane = remoteLane(appenderName);
		boolean changed = pause ? lane.pause() : lane.resume();
		String now = pause ? PAUSED : RUNNING;
		String previous = changed ? (pause ? RUNNING : PAUSED) : now;
		if (changed) {
			log(!pause, pause ? ("asynclog: shipping of appender '%s' changed at run time from 'running' to 'paused'"
					+ " (configured: 'running'): records go to its spool, or wait in its lane without a spool, until it"
					+ " is resumed." + UNTIL_RESTART).formatted(appenderName)
					: ("asynclog: shipping of appender '%s' changed at run time from 'paused' to 'running' (configured:"
							+ " 'running'): what its spool kept is sent first.")
						.formatted(appenderName));
		}
		return new ShippingChange(appenderName, previous, now);
	}

	/**
	 * Waits, at most {@code asynclog.shutdown-timeout}, for every queue to hand its events to
	 * the appenders, then has their buffers written. The network is not waited for.
	 */
	FlushDescriptor flush() {
		Duration timeout = this.properties.getShutdownTimeout();
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		long pause = 100_000;
		long queued = queued();
		while (queued > 0 && System.nanoTime() - deadline < 0) {
			LockSupport.parkNanos(this, pause);
			pause = Math.min(pause * 2, LONGEST_POLL_NANOS);
			queued = queued();
		}
		List<String> flushed = this.backend.flushAppenders(deadline);
		Map<String, Long> waitingToShip = new LinkedHashMap<>();
		for (LogAppender appender : this.backend.appenders()) {
			if (appender.shipping() != null) {
				waitingToShip.put(appender.name(), appender.shipping().backlog());
			}
		}
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		FlushDescriptor report = new FlushDescriptor(queued == 0, queued, took.toString(), timeout.toString(), flushed,
				waitingToShip);
		String message = "asynclog: flushed on request in %d ms: %s; appenders flushed: %s%s".formatted(
				took.toMillis(), (queued == 0) ? "every queue drained"
						: queued + " events still queued after asynclog.shutdown-timeout (" + timeout + ")",
				flushed, waitingToShip.isEmpty() ? "" : "; records waiting to ship: " + waitingToShip);
		log(queued == 0, message);
		return report;
	}

	/** What was changed at run time and still stands. */
	RunTimeChanges changes() {
		Map<String, SettingChange> settings = new LinkedHashMap<>();
		Values live = LiveQueueFullSettings.live();
		if (live != null) {
			Values configured = Values.of(this.properties);
			if (live.queueFullPolicy() != configured.queueFullPolicy()) {
				settings.put(LiveQueueFullSettings.QUEUE_FULL_POLICY,
						new SettingChange(LiveQueueFullSettings.QUEUE_FULL_POLICY, null,
								AsyncLogProperties.kebabCase(live.queueFullPolicy()),
								AsyncLogProperties.kebabCase(configured.queueFullPolicy())));
			}
			if (live.discardThreshold() != configured.discardThreshold()) {
				settings.put(LiveQueueFullSettings.DISCARD_THRESHOLD,
						new SettingChange(LiveQueueFullSettings.DISCARD_THRESHOLD, null,
								AsyncLogProperties.kebabCase(live.discardThreshold()),
								AsyncLogProperties.kebabCase(configured.discardThreshold())));
			}
		}
		List<String> paused = new ArrayList<>();
		for (RemoteLane remote : this.backend.remoteLanes()) {
			if (remote.lane().isPaused()) {
				paused.add(remote.appender());
			}
		}
		return new RunTimeChanges(settings, paused);
	}

	/**
	 * A change applied, and what to log about it.
	 *
	 * @param change the change
	 * @param message what to log, {@code null} when nothing changed
	 */
	private record Applied(SettingChange change, String message) {
	}

	private Lane remoteLane(String appenderName) {
		List<String> remote = new ArrayList<>();
		LogAppender found = null;
		for (LogAppender appender : this.backend.appenders()) {
			if (appender.shipping() != null) {
				remote.add(appender.name());
			}
			if (appender.name().equals(appenderName)) {
				found = appender;
			}
		}
		String accepted = remote.isEmpty() ? "this application has none"
				: "the appenders that ship records are " + String.join(", ", remote);
		if (found == null) {
			throw badRequest("No appender named '%s' runs: only an appender that ships records off the box (such as"
				.formatted(appenderName) + " type kafka) can be paused; " + accepted + ".");
		}
		Lane lane = (found.shipping() != null) ? runningLane(appenderName) : null;
		if (lane == null) {
			throw badRequest(("Appender '%s' (%s) writes locally: only an appender that ships records off the box"
					+ " (such as type kafka) can be paused; ").formatted(appenderName, found.type()) + accepted + ".");
		}
		return lane;
	}

	private Lane runningLane(String appenderName) {
		for (RemoteLane remote : this.backend.remoteLanes()) {
			if (remote.appender().equals(appenderName)) {
				return remote.lane();
			}
		}
		return null;
	}

	private long queued() {
		long queued = 0;
		for (LogQueue queue : this.backend.queues()) {
			queued += queue.used();
		}
		return queued;
	}

	private static String describe(Values values) {
		return "queue-full-policy '%s', discard-threshold '%s'".formatted(
				AsyncLogProperties.kebabCase(values.queueFullPolicy()),
				AsyncLogProperties.kebabCase(values.discardThreshold()));
	}

	private static String unknownSetting(String setting) {
		return ("Unknown setting '%s': the asynclog endpoint changes %s and %s (with a value), and does %s (without"
				+ " one); appenders are paused and resumed at %s/{name}.").formatted(setting,
						LiveQueueFullSettings.QUEUE_FULL_POLICY, LiveQueueFullSettings.DISCARD_THRESHOLD, FLUSH,
						APPENDERS);
	}

	/**
	 * The start-up wording of a bad value (the property, the value, what it accepts), less
	 * the advice to edit the configuration, which a change at run time does not need.
	 */
	private static InvalidEndpointRequestException invalid(AsyncLogConfigurationException ex) {
		String action = ex.getAction().replace("Update your application's configuration. ", "");
		return badRequest(ex.getDescription() + " " + action);
	}

	/** Spring Boot answers this exception with 400 Bad Request, the message as the reason. */
	static InvalidEndpointRequestException badRequest(String message) {
		return new InvalidEndpointRequestException(message, message);
	}

	private static void log(boolean backToConfigured, String message) {
		if (backToConfigured) {
			logger.info(message);
		}
		else {
			logger.warn(message);
		}
	}

}
