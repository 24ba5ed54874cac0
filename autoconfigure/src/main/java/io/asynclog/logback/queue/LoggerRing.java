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
 * Those appenders move behind the ring, which is attached where Logback's walk up the hierarchy
 * ends (the root and non-additive loggers), so an event takes exactly one slot; synchronous
 * loggers keep their appenders, written on the way as Log4j2 does. The background thread hands
 * the event to the appenders the original walk would have reached, a list worked out once per
 * logger name. Levels stay on Logback's loggers; an appender attached later is written
 * synchronously, and a later change of additivity is not seen.
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

	/** The appenders moved behind the ring, by the logger that held them. */
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

	/** Not {@code computeIfAbsent(logger, this::route)}: that method reference is a new object per event. */
	private Appender<ILoggingEvent>[] cachedRoute(String loggerName) {
		Appender<ILoggingEvent>[] route = this.routes.get(loggerName);
		if (route == null) {
			route = route(loggerName);
			this.routes.put(loggerName, route);
		}
		return route;
	}

	/** The moved appenders from this logger up to the first non-additive one, in Logback's order. */
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

	/** A logger's parent's name, Logback's way (split at '.' and '$'), or {@code null} for the root. */
	public static String parent(String name) {
		if (Logger.ROOT_LOGGER_NAME.equalsIgnoreCase(name)) {
			return null;
		}
		int separator = Math.max(name.lastIndexOf('.'), name.lastIndexOf('$'));
		return (separator > 0) ? name.substring(0, separator) : Logger.ROOT_LOGGER_NAME;
	}

}
