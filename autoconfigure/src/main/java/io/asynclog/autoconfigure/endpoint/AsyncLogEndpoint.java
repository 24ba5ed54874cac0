package io.asynclog.autoconfigure.endpoint;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.Shipping;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.LiveQueueFullSettings;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.BusyShare;
import io.asynclog.core.queue.BusyShares;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.QueueMonitor;
import io.asynclog.core.queue.QueueStatus;

/**
 * {@link Endpoint @Endpoint} that shows what asynclog runs: the effective mode and settings,
 * every queue with its fill, peak and drops, and every appender with its errors and shipping.
 * <p>
 * Its write operations act on the running application until the next restart or logging
 * configuration. Dropping or holding back logs is what an intruder wants, so, as Spring
 * Boot's {@code shutdown} endpoint, access is read-only by default: the write operations
 * exist only once {@code management.endpoint.asynclog.access=unrestricted} grants them.
 *
 * @author asynclog
 */
@Endpoint(id = "asynclog", defaultAccess = Access.READ_ONLY)
public class AsyncLogEndpoint {

	/** The mode reported when the running logging configuration is not asynclog's. */
	static final String NOT_APPLIED = "not-applied";

	private final AsyncLogProperties properties;

	private final QueueMonitor monitor;

	private final LoggingBackend backend;

	private final LiveControl control;

	private final BusyShares busyShares = new BusyShares();

	public AsyncLogEndpoint(AsyncLogProperties properties, QueueMonitor monitor, LoggingBackend backend) {
		this.properties = properties;
		this.monitor = monitor;
		this.backend = backend;
		this.control = new LiveControl(properties, backend);
	}

	@ReadOperation
	public AsyncLogDescriptor asyncLog() {
		Mode mode = this.backend.runningMode();
		Map<String, BusyThread> threads = new HashMap<>();
		this.backend.busyThreads().forEach((thread) -> threads.put(key(thread.serves(), thread.name()), thread));
		List<QueueDescriptor> queues = this.monitor.queues()
			.stream()
			.map((status) -> new QueueDescriptor(status,
					busy(threads.get(key(BusyThread.Serves.QUEUE, status.queue().name())))))
			.toList();
		List<AppenderDescriptor> appenders = this.backend.appenders()
			.stream()
			.map((appender) -> new AppenderDescriptor(appender,
					busy(threads.get(key(BusyThread.Serves.LANE, appender.name())))))
			.toList();
		LiveQueueFullSettings.Values inForce = LiveQueueFullSettings.inForce(this.properties);
		return new AsyncLogDescriptor(this.backend.name(), (mode != null) ? AsyncLogProperties.kebabCase(mode) : NOT_APPLIED,
				AsyncLogProperties.kebabCase(this.properties.getWaitStrategy()), this.properties.isIncludeLocation(),
				AsyncLogProperties.kebabCase(inForce.queueFullPolicy()),
				AsyncLogProperties.kebabCase(inForce.discardThreshold()),
				this.properties.getShutdownTimeout().toString(), queues, appenders, this.control.changes());
	}

	private static String key(BusyThread.Serves serves, String name) {
		return serves.tag() + ':' + name;
	}

	private BusyShare busy(BusyThread thread) {
		return (thread != null) ? this.busyShares.read(thread) : null;
	}

	/**
	 * Changes a queue-full setting in force, or flushes: {@code POST /actuator/asynclog/{setting}}.
	 * @param setting {@code queue-full-policy} or {@code discard-threshold}, which take a
	 * value as {@code asynclog.*} does at start-up; or {@code flush}, which takes none
	 * @throws org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException (400)
	 * for an unknown setting or a value the setting does not accept
	 */
	@WriteOperation
	public WriteResult change(@Selector String setting, @Nullable String value) {
		if (LiveControl.FLUSH.equals(setting)) {
			if (value != null) {
				throw LiveControl.badRequest("'flush' takes no value, and was given '" + value + "'.");
			}
			return this.control.flush();
		}
		return this.control.change(setting, value);
	}

	/**
	 * Pauses or resumes the shipping of a remote appender: {@code POST
	 * /actuator/asynclog/appenders/{name}} with {@code paused} or {@code running}.
	 * @throws org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException (400)
	 * for an unknown appender, one that writes locally, or another value
	 */
	@WriteOperation
	public ShippingChange appender(@Selector String group, @Selector String name, String shipping) {
		if (!LiveControl.APPENDERS.equals(group)) {
			throw LiveControl.badRequest("Unknown path '" + group + "/" + name + "': appenders are paused and resumed at "
					+ LiveControl.APPENDERS + "/{name}.");
		}
		return this.control.ship(name, shipping);
	}

	/**
	 * Description of asynclog's logging setup.
	 *
	 * @param backend the logging system: {@code log4j2} or {@code logback}
	 * @param mode the mode that runs, {@code all-async} whenever Log4j2's context selector
	 * is active, or {@code not-applied} if the running configuration is not asynclog's
	 * @param waitStrategy how the background thread waits for events
	 * @param includeLocation whether the caller's location is captured before the hand-off
	 * @param queueFullPolicy what a full queue does to a logging thread, as in force now
	 * @param discardThreshold the most severe level the 'discard' policy drops, as in force now
	 * @param shutdownTimeout how long shutdown waits for the queues, as an ISO-8601 duration
	 * @param queues the queues
	 * @param appenders the appenders
	 * @param changedAtRunTime what an operator changed through the write operations
	 */
	public record AsyncLogDescriptor(String backend, String mode, String waitStrategy, boolean includeLocation,
			String queueFullPolicy, String discardThreshold, String shutdownTimeout, List<QueueDescriptor> queues,
			List<AppenderDescriptor> appenders, RunTimeChanges changedAtRunTime) implements OperationResponseBody {

	}

	/**
	 * What an operator changed at run time and still stands.
	 *
	 * @param settings the settings whose value in force differs from the configured one, by name
	 * @param pausedAppenders the remote appenders whose shipping is paused
	 */
	public record RunTimeChanges(Map<String, SettingChange> settings, List<String> pausedAppenders) {

	}

	/** What a write operation answers. */
	public sealed interface WriteResult extends OperationResponseBody permits SettingChange, FlushDescriptor {

	}

	/**
	 * A setting changed at run time.
	 *
	 * @param setting {@code queue-full-policy} or {@code discard-threshold}
	 * @param previous the value in force before, absent in the read view
	 * @param value the value in force now
	 * @param configured the value configured at start-up, which a restart returns to
	 */
	public record SettingChange(String setting, String previous, String value, String configured)
			implements WriteResult {

	}

	/**
	 * What a flush did.
	 *
	 * @param drained whether every queue handed all its events to the appenders in time
	 * @param stillQueued the events still queued when the flush gave up waiting
	 * @param took how long it took, as an ISO-8601 duration
	 * @param timeout how long it could wait ({@code asynclog.shutdown-timeout})
	 * @param flushedAppenders the appenders whose buffered output was written
	 * @param waitingToShip for each remote appender, the records not delivered yet: the flush
	 * does not wait for the network
	 */
	public record FlushDescriptor(boolean drained, long stillQueued, String took, String timeout,
			List<String> flushedAppenders, Map<String, Long> waitingToShip) implements WriteResult {

	}

	/**
	 * The shipping of a remote appender, paused or resumed at run time.
	 *
	 * @param appender the appender's name
	 * @param previous {@code paused} or {@code running}, before
	 * @param shipping {@code paused} or {@code running}, now
	 */
	public record ShippingChange(String appender, String previous, String shipping) implements OperationResponseBody {

	}

	/**
	 * Description of one queue.
	 *
	 * @param name {@code async-logger}, or the name of the appender an AsyncAppender feeds
	 * @param type {@code ring-buffer} or {@code blocking-queue}
	 * @param capacity slots
	 * @param remaining free slots now
	 * @param used slots in use now
	 * @param peak most slots in use during {@code asynclog.metrics.peak-window}
	 * @param dropped events the queue-full policy discarded since the JVM started
	 * @param busy the share of a recent span (since the previous reading, at least {@code 1 s})
	 * its background thread did not wait for events; absent if asynclog does not time it
	 */
	public record QueueDescriptor(String name, String type, long capacity, long remaining, long used, long peak,
			long dropped, BusyShare busy) {

		QueueDescriptor(QueueStatus status, BusyShare busy) {
			this(status.queue().name(), status.queue().type(), status.queue().capacity(), status.queue().remaining(),
					status.queue().used(), status.peak(), status.dropped(), busy);
		}

	}

	/**
	 * Description of one appender.
	 *
	 * @param name the appender's name
	 * @param type its Log4j2 plugin name
	 * @param fileName the file it writes, absent if it writes none
	 * @param immediateFlush whether it flushes after every event, absent if it has no such setting
	 * @param async whether every event reaches it through a queue
	 * @param errors the writes and flushes it failed since the JVM started
	 * @param dropped the events it did not write since the JVM started, by reason, as
	 * {@code asynclog.events.dropped} counts them
	 * @param shipping for a remote appender: its counts, its lane (with its thread's
	 * {@code busy}, as a queue's) and its spool; absent for the others
	 */
	public record AppenderDescriptor(String name, String type, String fileName, Boolean immediateFlush,
			boolean async, long errors, Map<String, Long> dropped, Shipping shipping) {

		AppenderDescriptor(LogAppender appender, BusyShare laneBusy) {
			this(appender.name(), appender.type(), appender.fileName(), appender.immediateFlush(), appender.async(),
					appender.errors(), AppenderDrops.byReason(appender.name()),
					(appender.shipping() != null && laneBusy != null) ? appender.shipping().withLaneBusy(laneBusy)
							: appender.shipping());
		}

	}

}
