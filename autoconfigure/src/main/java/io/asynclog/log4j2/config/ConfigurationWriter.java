package io.asynclog.log4j2.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.async.AsyncWaitStrategyFactoryConfig;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.status.StatusLogger;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties.LoggerMode;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.log4j2.appender.BatchingConsole;
import io.asynclog.log4j2.queue.TimedWaitStrategyFactory;

/**
 * Rewrites a parsed Log4j2 configuration's node tree, before Log4j2 builds anything from it,
 * into what {@code asynclog.*} asks for: appenders, routes, each logger's kind, and the flush
 * of Spring Boot's appenders that only a queue reaches.
 *
 * @author asynclog
 */
final class ConfigurationWriter {

	/** Key of the root logger under {@code asynclog.loggers}, as in {@code logging.level.root}. */
	static final String ROOT = "root";

	/** Delivery lag is only measured where Micrometer can publish it. */
	private static final String MICROMETER = "io.micrometer.core.instrument.MeterRegistry";

	private final Nodes nodes;

	private final AsyncLogProperties properties;

	private final Mode mode;

	private final Environment environment;

	private final boolean springBootDefaults;

	ConfigurationWriter(Nodes nodes, AsyncLogProperties properties, Mode mode, Environment environment,
			boolean springBootDefaults) {
		this.nodes = nodes;
		this.properties = properties;
		this.mode = mode;
		this.environment = environment;
		this.springBootDefaults = springBootDefaults;
	}

	void rewrite(Node configuration) {
		Node loggers = this.nodes.loggers(configuration);
		if (loggers == null) {
			StatusLogger.getLogger()
				.warn("asynclog: the Log4j2 configuration has no Loggers element; logging stays as configured");
			return;
		}
		Node appenders = this.nodes.appenders(configuration);
		if (appenders == null) {
			appenders = this.nodes.add(configuration, "Appenders", Map.of());
		}
		timeRingThread(configuration);
		addAppenders(appenders);
		routeLoggers(loggers);
		if (this.springBootDefaults && !this.properties.getAppenders().isEmpty()) {
			removeUnreferencedAppenders(appenders, loggers);
		}
		checkAppenderReferences(appenders);
		applyMode(loggers, appenders);
		applyImmediateFlush(loggers, appenders);
		// Placed even when no lag is measured: a probe is where its queue counts the events
		// cut off at shutdown.
		boolean measureLag = this.properties.getMetrics().isDeliveryLag()
				&& ClassUtils.isPresent(MICROMETER, ConfigurationWriter.class.getClassLoader());
		new QueueProbes(this.nodes, appenders, this.mode == Mode.ALL_ASYNC, measureLag).place(loggers);
	}

	/**
	 * Names asynclog's timed wait-strategy factory unless the file names its own, first: Log4j2
	 * hands it to the ring when it builds the first async logger.
	 */
	private void timeRingThread(Node configuration) {
		for (Node child : configuration.getChildren()) {
			if (Nodes.isA(child, AsyncWaitStrategyFactoryConfig.class)) {
				return;
			}
		}
		this.nodes.addFirst(configuration, "AsyncWaitStrategyFactory",
				Map.of("class", TimedWaitStrategyFactory.class.getName()));
	}

	private void addAppenders(Node appenders) {
		AppenderBuilder builder = new AppenderBuilder(this.nodes, this.properties, this.environment);
		this.properties.getAppenders().forEach((name, appender) -> {
			// An asynclog appender replaces a configured one of the same name.
			appenders.getChildren().removeIf((existing) -> name.equals(Nodes.name(existing)));
			builder.add(appenders, name, appender);
		});
	}

	private void routeLoggers(Node loggers) {
		// An appender adds a destination: the root keeps Spring Boot's console and file.
		List<String> unclaimed = this.properties.appendersNoLoggerClaims();
		if (!unclaimed.isEmpty()) {
			this.nodes.addAppenderRefs(rootLogger(loggers), unclaimed);
		}
		this.properties.getLoggers().forEach((name, overrides) -> {
			Node logger = ROOT.equalsIgnoreCase(name) ? rootLogger(loggers) : namedLogger(loggers, name);
			if (overrides.getAppenders() != null) {
				this.nodes.setAppenderRefs(logger, overrides.getAppenders());
			}
			if (overrides.getAdditivity() != null) {
				Nodes.setAttribute(logger, "additivity", String.valueOf(overrides.getAdditivity()));
			}
		});
	}

	private Node rootLogger(Node loggers) {
		for (Node child : loggers.getChildren()) {
			if (Nodes.isRootLogger(child)) {
				return child;
			}
		}
		return this.nodes.add(loggers, "Root", Map.of("level", "info"));
	}

	private Node namedLogger(Node loggers, String name) {
		for (Node child : loggers.getChildren()) {
			if (Nodes.isNamedLogger(child) && name.equals(Nodes.name(child))) {
				return child;
			}
		}
		// No level: Spring Boot's logging.level.* sets it, or it inherits its parent's.
		return this.nodes.add(loggers, "Logger", Map.of("name", name));
	}

	/**
	 * Spring Boot's packaged configuration declares a file appender whenever logging.file.name
	 * is set; left out of asynclog.loggers.root.appenders, it would only create an empty file.
	 */
	private void removeUnreferencedAppenders(Node appenders, Node loggers) {
		Set<String> referenced = new HashSet<>();
		for (Node logger : loggers.getChildren()) {
			for (Node ref : Nodes.appenderRefs(logger)) {
				referenced.add(Nodes.attribute(ref, "ref"));
			}
		}
		appenders.getChildren().removeIf((appender) -> !referenced.contains(Nodes.name(appender)));
	}

	private void checkAppenderReferences(Node appenders) {
		Set<String> known = new TreeSet<>();
		for (Node appender : appenders.getChildren()) {
			known.add(Nodes.name(appender));
		}
		this.properties.getLoggers().forEach((name, overrides) -> {
			if (overrides.getAppenders() == null) {
				return;
			}
			for (String appender : overrides.getAppenders()) {
				if (!known.contains(appender)) {
					throw AsyncLogConfigurationException.invalidValue(
							"asynclog.loggers[" + name + "].appenders", appender, "no appender has that name",
							"names of appenders from asynclog.appenders or the Log4j2 configuration: " + known);
				}
			}
		});
	}

	private void applyMode(Node loggers, Node appenders) {
		AsyncAppenderWrapper wrapper = (this.mode == Mode.ASYNC_APPENDER)
				? new AsyncAppenderWrapper(this.nodes, appenders, this.properties) : null;
		for (Node logger : new ArrayList<>(loggers.getChildren())) {
			boolean root = Nodes.isRootLogger(logger);
			if (!root && !Nodes.isNamedLogger(logger)) {
				continue;
			}
			LoggerMode override = modeOverride(root ? ROOT : Nodes.name(logger));
			boolean asyncLogger = switch (this.mode) {
				case ASYNC_LOGGER -> override != LoggerMode.SYNC;
				case SYNC, ASYNC_APPENDER -> override == LoggerMode.ASYNC;
				// The context selector already makes every logger async: a second hop buys nothing.
				case ALL_ASYNC -> false;
			};
			Node rewritten = this.nodes.retype(logger, kind(root, asyncLogger));
			if ((asyncLogger || this.mode == Mode.ALL_ASYNC) && Nodes.attribute(rewritten, "includeLocation") == null) {
				Nodes.setAttribute(rewritten, "includeLocation", String.valueOf(this.properties.isIncludeLocation()));
			}
			if (wrapper != null && override == null) {
				wrapper.wrapReferences(rewritten);
			}
		}
	}

	/**
	 * Spring Boot's packaged Console and File flush every line, costing the background thread
	 * one write() per line. One that only a queue reaches gets {@code asynclog.immediate-flush}
	 * as asynclog's own do; with {@code false} it still flushes at the end of each batch. One a
	 * synchronous logger writes to keeps its per-line flush: no end of batch would empty its
	 * buffer. Appenders of the user's own file keep what the file says. A console among these
	 * that is not to flush every line becomes a {@link BatchingConsole}: Log4j2 2.25's own
	 * would flush every line anyway (apache/logging-log4j2#4262).
	 */
	private void applyImmediateFlush(Node loggers, Node appenders) {
		Set<String> fromSyncLoggers = new HashSet<>();
		Set<String> fromQueues = new HashSet<>();
		for (Node logger : loggers.getChildren()) {
			if (!Nodes.isRootLogger(logger) && !Nodes.isNamedLogger(logger)) {
				continue;
			}
			boolean async = this.mode == Mode.ALL_ASYNC || Nodes.isAsyncLogger(logger);
			for (Node ref : Nodes.appenderRefs(logger)) {
				(async ? fromQueues : fromSyncLoggers).add(Nodes.attribute(ref, "ref"));
			}
		}
		for (Node appender : appenders.getChildren()) {
			if (Nodes.isA(appender, AsyncAppender.class)) {
				for (Node ref : Nodes.appenderRefs(appender)) {
					fromQueues.add(Nodes.attribute(ref, "ref"));
				}
			}
		}
		for (Node appender : new ArrayList<>(appenders.getChildren())) {
			String name = Nodes.name(appender);
			if (!fromQueues.contains(name) || fromSyncLoggers.contains(name)) {
				continue;
			}
			boolean asynclogs = this.properties.getAppenders().containsKey(name);
			if (!asynclogs && !this.springBootDefaults) {
				continue;
			}
			if (!asynclogs && Nodes.isA(appender, AbstractOutputStreamAppender.class)) {
				Nodes.setAttribute(appender, "immediateFlush", String.valueOf(this.properties.isImmediateFlush()));
			}
			if (Nodes.isA(appender, ConsoleAppender.class) && "false".equalsIgnoreCase(Nodes.attribute(appender, "immediateFlush"))
					&& !"true".equalsIgnoreCase(Nodes.attribute(appender, "direct"))) {
				batchConsole(appender);
			}
		}
	}

	/** Puts a {@link BatchingConsole} in a console's place, under its name and with its settings. */
	private void batchConsole(Node console) {
		Node batching = this.nodes.retype(console, BatchingConsole.PLUGIN_NAME);
		// It always follows System.out, as Spring Boot's Console asks with follow="true".
		batching.getAttributes().keySet().removeIf((attribute) -> attribute.equalsIgnoreCase("follow")
				|| attribute.equalsIgnoreCase("direct"));
	}

	private LoggerMode modeOverride(String loggerName) {
		for (Map.Entry<String, AsyncLogProperties.Logger> entry : this.properties.getLoggers().entrySet()) {
			boolean matches = ROOT.equalsIgnoreCase(loggerName) ? ROOT.equalsIgnoreCase(entry.getKey())
					: entry.getKey().equals(loggerName);
			if (matches) {
				return entry.getValue().getMode();
			}
		}
		return null;
	}

	private static String kind(boolean root, boolean asyncLogger) {
		if (root) {
			return asyncLogger ? "AsyncRoot" : "Root";
		}
		return asyncLogger ? "AsyncLogger" : "Logger";
	}

}
