package io.asynclog.logback.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AsyncAppenderBase;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.joran.util.ConfigurationWatchListUtil;
import org.springframework.core.env.Environment;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties.LoggerMode;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.LiveQueueFullSettings;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.logback.appender.BatchingConsole;
import io.asynclog.logback.queue.AppenderRing;
import io.asynclog.logback.queue.Delegates;
import io.asynclog.logback.queue.LogRing;
import io.asynclog.logback.queue.LoggerRing;
import io.asynclog.logback.queue.QueueSettings;
import io.asynclog.logback.queue.RingListener;

/**
 * Applies {@code asynclog.*} to a Logback logger context Spring Boot has just configured, by
 * wrapping what is there: Spring Boot's appenders, encoders, filters and levels stay. It checks
 * and builds before it changes anything, routes as on Log4j2, then applies the mode logger by
 * logger: an asynchronous logger's appenders move behind the one {@link LoggerRing}; in
 * {@code async-appender} mode each appender of a logger without a mode of its own gets an
 * {@link AppenderRing} (Logback AsyncAppenders are queues already).
 *
 * @author asynclog
 */
public final class ConfigurationWriter {

	/** Key of the root logger under {@code asynclog.loggers}, as in {@code logging.level.root}. */
	static final String ROOT = "root";

	private final LoggerContext context;

	private final AsyncLogProperties properties;

	private final Environment environment;

	private final List<RingListener> listeners;

	/** One deadline for the whole stop: Logback stops the rings one by one, the timeouts would add up. */
	private final ShutdownDeadline shutdown;

	private ConfigurationWriter(LoggerContext context, AsyncLogProperties properties, Environment environment,
			List<RingListener> listeners) {
		this.context = context;
		this.properties = properties;
		this.environment = environment;
		this.listeners = listeners;
		this.shutdown = new ShutdownDeadline(properties.getShutdownTimeout());
	}

	/**
	 * Applies the settings to a context and records what was set up in it.
	 * @param context the logger context, as Spring Boot configured it
	 * @param properties the settings, already validated
	 * @param environment the Spring environment, for Spring Boot's patterns
	 * @param listeners told of each ring's drops, samples and drain
	 * @return what was set up
	 * @throws AsyncLogConfigurationException when the settings do not fit; nothing changed then
	 */
	public static LogbackSetup apply(LoggerContext context, AsyncLogProperties properties, Environment environment,
			List<RingListener> listeners) {
		return new ConfigurationWriter(context, properties, environment, listeners).apply();
	}

	private LogbackSetup apply() {
		Mode mode = this.properties.getMode();
		if (mode == Mode.ALL_ASYNC) {
			throw SettingsCheck.allAsyncRejected();
		}
		boolean springBootDefaults = isSpringBootsDefault();
		Map<String, Appender<ILoggingEvent>> configured = configuredAppenders();
		checkAppenderReferences(configured.keySet());
		Map<String, Appender<ILoggingEvent>> built = new AppenderBuilder(this.context, this.properties,
				this.environment, this.shutdown)
			.build();
		Set<Appender<ILoggingEvent>> before = identitySet(attachedAppenders());
		replaceSameNamed(built);
		route(built, configured);
		stopUnused(before, built.values());
		Delegates.Owners owners = new Delegates.Owners();
		List<LogRing> rings = applyMode(mode, owners);
		applyImmediateFlush(springBootDefaults, identitySet(built.values()), rings);
		List<AsyncAppenderBase<ILoggingEvent>> asyncAppenders = new ArrayList<>();
		for (Appender<ILoggingEvent> appender : attachedAppenders()) {
			if (appender instanceof AsyncAppenderBase<ILoggingEvent> async) {
				asyncAppenders.add(async);
			}
		}
		for (LogRing ring : rings) {
			for (Appender<ILoggingEvent> delegate : ring.delegates()) {
				if (delegate instanceof AsyncAppenderBase<ILoggingEvent> async && !asyncAppenders.contains(async)) {
					asyncAppenders.add(async);
				}
			}
		}
		LogbackSetup setup = new LogbackSetup(mode, this.properties, List.copyOf(rings), List.copyOf(asyncAppenders));
		setup.putInto(this.context);
		// Values an operator set at run time are not kept across a configuration: the new rings
		// run under the configured ones, as after a restart.
		LiveQueueFullSettings.reset();
		return setup;
	}

	/**
	 * Whether Spring Boot configured its programmatic default rather than a file: Logback keeps
	 * the model of every XML file it read without error, and the URL of a file it scans.
	 */
	private boolean isSpringBootsDefault() {
		return this.context.getObject(CoreConstants.SAFE_JORAN_CONFIGURATION) == null
				&& ConfigurationWatchListUtil.getMainWatchURL(this.context) == null;
	}

	/** By name, those inside AsyncAppenders included: Logback builds only appenders a logger refers to. */
	private Map<String, Appender<ILoggingEvent>> configuredAppenders() {
		Map<String, Appender<ILoggingEvent>> byName = new LinkedHashMap<>();
		for (Appender<ILoggingEvent> appender : attachedAppenders()) {
			byName.putIfAbsent(appender.getName(), appender);
			if (appender instanceof AsyncAppenderBase<ILoggingEvent> async) {
				for (Iterator<Appender<ILoggingEvent>> it = async.iteratorForAppenders(); it.hasNext();) {
					Appender<ILoggingEvent> child = it.next();
					byName.putIfAbsent(child.getName(), child);
				}
			}
		}
		return byName;
	}

	private void checkAppenderReferences(Set<String> configured) {
		Set<String> known = new TreeSet<>(configured);
		known.addAll(this.properties.getAppenders().keySet());
		this.properties.getLoggers().forEach((name, overrides) -> {
			if (overrides.getAppenders() == null) {
				return;
			}
			for (String appender : overrides.getAppenders()) {
				if (!known.contains(appender)) {
					throw AsyncLogConfigurationException.invalidValue("asynclog.loggers[" + name + "].appenders",
							appender, "no appender has that name",
							"names of appenders from asynclog.appenders or the Logback configuration: " + known);
				}
			}
		});
	}

	/** An asynclog appender takes the place of a configured one of the same name. */
	private void replaceSameNamed(Map<String, Appender<ILoggingEvent>> built) {
		for (Logger logger : this.context.getLoggerList()) {
			for (Appender<ILoggingEvent> appender : appenders(logger)) {
				Appender<ILoggingEvent> replacement = built.get(appender.getName());
				if (replacement != null && replacement != appender) {
					logger.addAppender(replacement);
					logger.detachAppender(appender);
				}
			}
		}
	}

	private void route(Map<String, Appender<ILoggingEvent>> built, Map<String, Appender<ILoggingEvent>> configured) {
		Logger root = this.context.getLogger(Logger.ROOT_LOGGER_NAME);
		// An appender adds a destination: the root keeps Spring Boot's console and file.
		for (String name : this.properties.appendersNoLoggerClaims()) {
			Appender<ILoggingEvent> appender = built.get(name);
			if (!root.isAttached(appender)) {
				root.addAppender(appender);
			}
		}
		this.properties.getLoggers().forEach((name, overrides) -> {
			Logger logger = ROOT.equalsIgnoreCase(name) ? root : this.context.getLogger(name);
			if (overrides.getAppenders() != null) {
				setAppenders(logger, overrides.getAppenders(), built, configured);
			}
			if (overrides.getAdditivity() != null) {
				logger.setAdditive(overrides.getAdditivity());
			}
		});
	}

	/** Gives a logger exactly the named appenders, attaching the new before the old leave. */
	private void setAppenders(Logger logger, List<String> names, Map<String, Appender<ILoggingEvent>> built,
			Map<String, Appender<ILoggingEvent>> configured) {
		Set<Appender<ILoggingEvent>> wanted = Collections.newSetFromMap(new IdentityHashMap<>());
		for (String name : names) {
			Appender<ILoggingEvent> appender = built.containsKey(name) ? built.get(name) : configured.get(name);
			wanted.add(appender);
			if (!logger.isAttached(appender)) {
				logger.addAppender(appender);
			}
		}
		for (Appender<ILoggingEvent> appender : appenders(logger)) {
			if (!wanted.contains(appender)) {
				logger.detachAppender(appender);
			}
		}
	}

	/**
	 * Stops the appenders no logger writes to any more: Logback stops only attached appenders
	 * when it resets, so one left behind would keep its file open for good.
	 */
	private void stopUnused(Set<Appender<ILoggingEvent>> before, Iterable<Appender<ILoggingEvent>> built) {
		Set<Appender<ILoggingEvent>> candidates = identitySet(before);
		built.forEach(candidates::add);
		Set<Appender<ILoggingEvent>> attached = identitySet(attachedAppenders());
		for (Appender<ILoggingEvent> appender : candidates) {
			if (!attached.contains(appender)) {
				appender.stop();
			}
		}
	}

	private List<LogRing> applyMode(Mode mode, Delegates.Owners owners) {
		Map<String, List<Appender<ILoggingEvent>>> moved = new LinkedHashMap<>();
		Map<Appender<ILoggingEvent>, AppenderRing> wrappers = new IdentityHashMap<>();
		List<LogRing> rings = new ArrayList<>();
		ShutdownDeadline shutdown = this.shutdown;
		QueueSettings appenderRings = QueueSettings.of(this.properties,
				this.properties.getAsyncAppender().getBufferSize(), 1, this.listeners, shutdown);
		for (Logger logger : this.context.getLoggerList()) {
			List<Appender<ILoggingEvent>> own = appenders(logger);
			if (own.isEmpty()) {
				continue;
			}
			LoggerMode override = modeOverride(logger);
			boolean async = (mode == Mode.ASYNC_LOGGER) ? override != LoggerMode.SYNC : override == LoggerMode.ASYNC;
			if (async) {
				moved.put(logger.getName(), own);
			}
			else if (mode == Mode.ASYNC_APPENDER && override == null) {
				for (Appender<ILoggingEvent> appender : own) {
					if (appender instanceof AsyncAppenderBase) {
						continue;
					}
					AppenderRing ring = wrappers.computeIfAbsent(appender, (delegate) -> {
						AppenderRing created = new AppenderRing(delegate, appenderRings, owners);
						created.start();
						rings.add(created);
						return created;
					});
					logger.addAppender(ring);
					logger.detachAppender(appender);
				}
			}
		}
		if (!moved.isEmpty()) {
			LoggerRing ring = new LoggerRing(this.context, moved, QueueSettings.of(this.properties,
					this.properties.ringBufferSize(QueueSettings.DEFAULT_RING_BUFFER_SIZE),
					AsyncLogProperties.MIN_RING_BUFFER_SIZE, this.listeners,
					shutdown),
					owners);
			ring.start();
			// Last on each logger: once an event reaches it, the logging thread is done with the event.
			for (Logger terminus : termini(moved.keySet())) {
				terminus.addAppender(ring);
			}
			moved.forEach((name, appenders) -> appenders.forEach(this.context.getLogger(name)::detachAppender));
			rings.add(0, ring);
		}
		Set<Appender<ILoggingEvent>> attached = identitySet(attachedAppenders());
		for (LogRing ring : rings) {
			for (Appender<ILoggingEvent> delegate : ring.delegates()) {
				if (!attached.contains(delegate)) {
					owners.hold(delegate);
				}
			}
		}
		return rings;
	}

	/**
	 * Where Logback's walk up from each logger ends, the first non-additive logger or the root:
	 * the ring is attached there alone, so that a walk meets it at most once.
	 */
	private Set<Logger> termini(Set<String> loggers) {
		Set<Logger> termini = new LinkedHashSet<>();
		for (String start : loggers) {
			String name = start;
			while (true) {
				Logger logger = this.context.exists(name);
				String parent = LoggerRing.parent(name);
				if ((logger != null && !logger.isAdditive()) || parent == null) {
					termini.add((logger != null) ? logger : this.context.getLogger(name));
					break;
				}
				name = parent;
			}
		}
		return termini;
	}

	/**
	 * Spring Boot's packaged Console and File flush every line, costing the background thread
	 * one write() per line. One that only a ring reaches gets {@code asynclog.immediate-flush}
	 * as asynclog's own do; with {@code false} it still flushes at the end of each batch. One a
	 * synchronous logger writes to keeps its per-line flush: no end of batch would empty its
	 * buffer. Appenders of the user's own file keep what the file says. A console among these
	 * that is not to flush every line writes through a {@link BatchingConsole}: Logback's own
	 * would still write every line, through {@code System.out}.
	 */
	private void applyImmediateFlush(boolean springBootDefaults, Set<Appender<ILoggingEvent>> built,
			List<LogRing> rings) {
		Set<Appender<ILoggingEvent>> fromLoggers = identitySet(attachedAppenders());
		for (LogRing ring : rings) {
			for (Appender<ILoggingEvent> appender : ring.delegates()) {
				if (fromLoggers.contains(appender) || !(appender instanceof OutputStreamAppender<ILoggingEvent> stream)) {
					continue;
				}
				boolean asynclogs = built.contains(appender);
				if (!asynclogs && !springBootDefaults) {
					continue;
				}
				if (!asynclogs) {
					stream.setImmediateFlush(this.properties.isImmediateFlush());
				}
				if (appender instanceof ConsoleAppender<ILoggingEvent> console && !console.isImmediateFlush()
						&& !console.isWithJansi() && !BatchingConsole.isBatching(console)) {
					BatchingConsole.install(console);
				}
			}
		}
	}

	private LoggerMode modeOverride(Logger logger) {
		boolean root = Logger.ROOT_LOGGER_NAME.equals(logger.getName());
		for (Map.Entry<String, AsyncLogProperties.Logger> entry : this.properties.getLoggers().entrySet()) {
			boolean matches = root ? ROOT.equalsIgnoreCase(entry.getKey()) : entry.getKey().equals(logger.getName());
			if (matches) {
				return entry.getValue().getMode();
			}
		}
		return null;
	}

	/** Every appender attached to a logger, once each, in the order first met. */
	private List<Appender<ILoggingEvent>> attachedAppenders() {
		Set<Appender<ILoggingEvent>> all = Collections.newSetFromMap(new IdentityHashMap<>());
		List<Appender<ILoggingEvent>> inOrder = new ArrayList<>();
		for (Logger logger : this.context.getLoggerList()) {
			for (Appender<ILoggingEvent> appender : appenders(logger)) {
				if (all.add(appender)) {
					inOrder.add(appender);
				}
			}
		}
		return inOrder;
	}

	/** A logger's own appenders, asynclog's rings left out. */
	private static List<Appender<ILoggingEvent>> appenders(Logger logger) {
		List<Appender<ILoggingEvent>> appenders = new ArrayList<>();
		for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext();) {
			Appender<ILoggingEvent> appender = it.next();
			if (!(appender instanceof LogRing)) {
				appenders.add(appender);
			}
		}
		return appenders;
	}

	private static Set<Appender<ILoggingEvent>> identitySet(Iterable<Appender<ILoggingEvent>> appenders) {
		Set<Appender<ILoggingEvent>> set = Collections.newSetFromMap(new IdentityHashMap<>());
		appenders.forEach(set::add);
		return set;
	}

}
