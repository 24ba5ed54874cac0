package io.asynclog.logback.queue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import io.asynclog.core.queue.LogQueue;

/**
 * The async-logger ring: one ring and one background thread in front of the appenders of every
 * asynchronous logger.
 * <p>
 * Each asynchronous logger's own appenders are moved behind the ring, and the ring is attached
 * where Logback's walk up the logger hierarchy ends: the root, and every non-additive logger
 * below which an asynchronous logger has appenders. An event's walk therefore meets the ring
 * exactly once, and takes exactly one slot, however many asynchronous loggers it passes;
 * synchronous loggers keep their appenders and are written on the way, on the logging thread,
 * as Log4j2 writes a mixed configuration's synchronous loggers before the hand-off. On the
 * background thread the ring hands the event to the appenders the original walk would have
 * reached from the event's logger: the moved appenders of each logger from there up to the
 * first non-additive one, in Logback's order. That list is worked out once per logger name, on
 * the background thread only, and kept.
 * <p>
 * Levels stay on Logback's loggers, so Spring Boot's {@code loggers} endpoint changes them as
 * ever. An appender attached to a logger after this set-up is written synchronously; a change
 * of additivity after it is not seen.
 *
 * @author asynclog
 */
public final class LoggerRing extends LogRing {

	/** The ring's appender name in Logback's configuration. */
	public static final String APPENDER_NAME = "asynclog-async-logger";

	@SuppressWarnings("unchecked")
	private static final Appender<ILoggingEvent>[] NONE = new Appender[0];

	private final LoggerContext context;

	private final Map<String, Appender<ILoggingEvent>[]> movedByLogger;

	/** Background thread only: the appenders an event of each logger reaches. */
	private final Map<String, Appender<ILoggingEvent>[]> routes = new HashMap<>();

	/**
	 * Creates the ring.
	 * @param context the logger context, for the loggers' additivity
	 * @param movedByLogger the appenders moved behind the ring, by the name of the logger
	 * that held them
	 * @param settings how the ring runs
	 * @param owners which rings own which appenders
	 */
	public LoggerRing(LoggerContext context, Map<String, List<Appender<ILoggingEvent>>> movedByLogger,
			QueueSettings settings, Delegates.Owners owners) {
		super(LogQueue.ASYNC_LOGGER, settings, new Delegates(eachOnce(movedByLogger), owners));
		setName(APPENDER_NAME);
		setContext(context);
		this.context = context;
		Map<String, Appender<ILoggingEvent>[]> moved = new HashMap<>();
		movedByLogger.forEach((logger, appenders) -> moved.put(logger, appenders.toArray(NONE)));
		this.movedByLogger = moved;
	}

	/** The moved appenders, each once, in the order the loggers hold them. */
	private static List<Appender<ILoggingEvent>> eachOnce(Map<String, List<Appender<ILoggingEvent>>> movedByLogger) {
		Set<Appender<ILoggingEvent>> all = Collections.newSetFromMap(new IdentityHashMap<>());
		List<Appender<ILoggingEvent>> inOrder = new ArrayList<>();
		movedByLogger.values().forEach((appenders) -> appenders.stream().filter(all::add).forEach(inOrder::add));
		return inOrder;
	}

	/**
	 * Returns the appenders moved behind the ring, by the logger that held them.
	 * @return logger name to appenders
	 */
	public Map<String, List<Appender<ILoggingEvent>>> movedAppenders() {
		Map<String, List<Appender<ILoggingEvent>>> moved = new LinkedHashMap<>();
		this.movedByLogger.forEach((logger, appenders) -> moved.put(logger, List.of(appenders)));
		return moved;
	}

	@Override
	protected void deliver(ILoggingEvent event, boolean onBackgroundThread) {
		String logger = event.getLoggerName();
		Appender<ILoggingEvent>[] route = onBackgroundThread ? cachedRoute(logger) : route(logger);
		for (Appender<ILoggingEvent> appender : route) {
			handTo(appender, event, onBackgroundThread);
		}
	}

	/**
	 * The route of a logger, worked out once on the background thread (the only one that reads or
	 * writes the cache). Not {@code computeIfAbsent(logger, this::route)}: that bound method
	 * reference is a new object on every event.
	 */
	private Appender<ILoggingEvent>[] cachedRoute(String loggerName) {
		Appender<ILoggingEvent>[] route = this.routes.get(loggerName);
		if (route == null) {
			route = route(loggerName);
			this.routes.put(loggerName, route);
		}
		return route;
	}

	/**
	 * The moved appenders of each logger from this one up to the first non-additive one, as
	 * Logback's own walk would meet them.
	 */
	private Appender<ILoggingEvent>[] route(String loggerName) {
		List<Appender<ILoggingEvent>> route = new ArrayList<>();
		for (String name = loggerName; name != null; name = parent(name)) {
			Appender<ILoggingEvent>[] own = this.movedByLogger.get(name);
			if (own != null) {
				Collections.addAll(route, own);
			}
			Logger logger = this.context.exists(name);
			if (logger != null && !logger.isAdditive()) {
				break;
			}
		}
		return route.toArray(NONE);
	}

	/**
	 * Returns a logger's parent's name, Logback's way: names split at '.' and '$'.
	 * @param name a logger's name
	 * @return its parent's name, or {@code null} for the root
	 */
	public static String parent(String name) {
		if (Logger.ROOT_LOGGER_NAME.equalsIgnoreCase(name)) {
			return null;
		}
		int separator = Math.max(name.lastIndexOf('.'), name.lastIndexOf('$'));
		return (separator > 0) ? name.substring(0, separator) : Logger.ROOT_LOGGER_NAME;
	}

}
