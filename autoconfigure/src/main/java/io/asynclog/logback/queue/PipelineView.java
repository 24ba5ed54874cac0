package io.asynclog.logback.queue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AsyncAppenderBase;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.LoggerRoute;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.logback.appender.UnopenedFileAppender;

/**
 * Reads a Logback logger context as asynclog shows it: its queues (rings and AsyncAppenders)
 * and the appenders that write, each marked asynchronous when only queues reach it. Never
 * runs per log call.
 *
 * @author asynclog
 */
public final class PipelineView {

	private final Map<Appender<ILoggingEvent>, Boolean> writersReachedSynchronously = new LinkedHashMap<>();

	private final List<LogRing> rings = new ArrayList<>();

	private final List<AsyncAppenderBase<ILoggingEvent>> asyncAppenders = new ArrayList<>();

	private final LoggerContext context;

	private PipelineView(LoggerContext context) {
		this.context = context;
		Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		List<Appender<ILoggingEvent>> queued = new ArrayList<>();
		for (Logger logger : context.getLoggerList()) {
			for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext();) {
				Appender<ILoggingEvent> appender = it.next();
				if (appender instanceof LogRing ring) {
					if (seen.add(ring)) {
						this.rings.add(ring);
						queued.addAll(ring.delegates());
					}
				}
				else if (appender instanceof AsyncAppenderBase<ILoggingEvent> async) {
					if (seen.add(async)) {
						this.asyncAppenders.add(async);
						async.iteratorForAppenders().forEachRemaining(queued::add);
					}
				}
				else {
					this.writersReachedSynchronously.put(appender, true);
				}
			}
		}
		for (Appender<ILoggingEvent> appender : queued) {
			this.writersReachedSynchronously.putIfAbsent(appender, false);
		}
	}

	public static PipelineView of(LoggerContext context) {
		return new PipelineView(context);
	}

	public List<Appender<ILoggingEvent>> writers() {
		return List.copyOf(this.writersReachedSynchronously.keySet());
	}

	public List<LogAppender> appenders() {
		List<LogAppender> appenders = new ArrayList<>();
		this.writersReachedSynchronously.forEach((appender, synchronously) -> {
			String name = appender.getName();
			appenders.add(new LogAppender(name, appender.getClass().getSimpleName(), fileName(appender),
					immediateFlush(appender), !synchronously, AppenderErrors.count(name), LogAppender.shippingOf(appender)));
		});
		return appenders;
	}

	public List<LogQueue> queues() {
		return queues(this.rings, this.asyncAppenders);
	}

	/**
	 * Reads where each logger with appenders of its own writes, the root first; a ring or an
	 * AsyncAppender stands for the appenders behind it.
	 * @return the routes
	 */
	public List<LoggerRoute> routes() {
		Map<String, List<String>> moved = new HashMap<>();
		for (LogRing ring : this.rings) {
			if (ring instanceof LoggerRing loggerRing) {
				loggerRing.movedAppenders()
					.forEach((logger, appenders) -> moved.computeIfAbsent(logger, (name) -> new ArrayList<>())
						.addAll(appenders.stream().map(Appender::getName).toList()));
			}
		}
		List<LoggerRoute> routes = new ArrayList<>();
		for (Logger logger : this.context.getLoggerList()) {
			List<String> names = new ArrayList<>();
			for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext();) {
				Appender<ILoggingEvent> appender = it.next();
				if (appender instanceof AppenderRing ring) {
					ring.delegates().forEach((delegate) -> names.add(delegate.getName()));
				}
				else if (appender instanceof AsyncAppenderBase<ILoggingEvent> async) {
					async.iteratorForAppenders().forEachRemaining((delegate) -> names.add(delegate.getName()));
				}
				else if (!(appender instanceof LoggerRing)) {
					names.add(appender.getName());
				}
			}
			names.addAll(moved.getOrDefault(logger.getName(), List.of()));
			if (!names.isEmpty()) {
				boolean root = Logger.ROOT_LOGGER_NAME.equals(logger.getName());
				routes.add(root ? 0 : routes.size(),
						new LoggerRoute(root ? LoggerRoute.ROOT : logger.getName(), names, logger.isAdditive()));
			}
		}
		return routes;
	}

	/** Reads the queues asynclog set up without walking the loggers: the monitor reads every 100 ms. */
	public static List<LogQueue> queues(List<LogRing> rings, List<AsyncAppenderBase<ILoggingEvent>> asyncAppenders) {
		List<LogQueue> queues = new ArrayList<>();
		for (LogRing ring : rings) {
			queues.add(ring.reading());
		}
		for (AsyncAppenderBase<ILoggingEvent> async : asyncAppenders) {
			queues.add(new LogQueue(name(async), LogQueue.BLOCKING_QUEUE, async.getQueueSize(),
					async.getRemainingCapacity()));
		}
		return queues;
	}

	/** Names an AsyncAppender's queue after the one appender it feeds, as on Log4j2. */
	private static String name(AsyncAppenderBase<ILoggingEvent> async) {
		List<Appender<ILoggingEvent>> fed = new ArrayList<>();
		async.iteratorForAppenders().forEachRemaining(fed::add);
		return (fed.size() == 1) ? fed.get(0).getName() : async.getName();
	}

	private static String fileName(Appender<ILoggingEvent> appender) {
		if (appender instanceof UnopenedFileAppender unopened) {
			return unopened.getFile();
		}
		return (appender instanceof FileAppender<ILoggingEvent> file) ? file.getFile() : null;
	}

	private static Boolean immediateFlush(Appender<ILoggingEvent> appender) {
		return (appender instanceof OutputStreamAppender<ILoggingEvent> stream) ? stream.isImmediateFlush() : null;
	}

}
