package io.asynclog.log4j2.queue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.FileManager;
import org.apache.logging.log4j.core.appender.MemoryMappedFileManager;
import org.apache.logging.log4j.core.appender.OutputStreamManager;
import org.apache.logging.log4j.core.appender.RandomAccessFileManager;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.LoggerRoute;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.appender.BatchingConsole;
import io.asynclog.log4j2.appender.UnopenedFileAppender;

/**
 * Reads a Log4j2 logger context as asynclog shows it: its queues and how full they are, and
 * the appenders that write (AsyncAppenders and probes left out), each marked asynchronous
 * when only queues reach it. Never runs per log call.
 *
 * @author asynclog
 */
public final class PipelineView {

	private PipelineView() {
	}

	/**
	 * Reads every queue of a context: the all-async or async-logger ring and each
	 * AsyncAppender's queue.
	 * @param context the logger context
	 * @return the queues, empty in synchronous mode
	 */
	public static List<LogQueue> queues(LoggerContext context) {
		List<LogQueue> queues = new ArrayList<>();
		if (context instanceof AsyncLoggerContext asyncContext) {
			queues.add(ringBuffer(asyncContext.createRingBufferAdmin()));
		}
		queues.addAll(queues(context.getConfiguration()));
		return queues;
	}

	/** Reads the queues a configuration owns: its async-logger ring and AsyncAppenders. */
	public static List<LogQueue> queues(Configuration configuration) {
		List<LogQueue> queues = new ArrayList<>();
		RingBufferAdmin ring = (configuration instanceof RingBufferOwner owner) ? owner.ringBufferAdmin() : null;
		if (ring != null) {
			queues.add(ringBuffer(ring));
		}
		for (Appender appender : configuration.getAppenders().values()) {
			if (appender instanceof AsyncAppender asyncAppender) {
				queues.add(new LogQueue(queueName(asyncAppender), LogQueue.BLOCKING_QUEUE,
						asyncAppender.getQueueCapacity(), asyncAppender.getQueueRemainingCapacity()));
			}
		}
		return queues;
	}

	public static LogQueue ringBuffer(RingBufferAdmin admin) {
		return new LogQueue(LogQueue.ASYNC_LOGGER, LogQueue.RING_BUFFER, admin.getBufferSize(),
				admin.getRemainingCapacity());
	}

	static String queueName(AsyncAppender appender) {
		return queueName(appender.getName(), List.of(appender.getAppenderRefStrings()));
	}

	/**
	 * Names an AsyncAppender's queue after the one appender it feeds (probes left out), else
	 * after itself.
	 * @param asyncAppenderName the AsyncAppender's own name
	 * @param refs the names of the appenders it references
	 * @return the queue's name
	 */
	public static String queueName(String asyncAppenderName, List<String> refs) {
		List<String> fed = refs.stream().filter((ref) -> !ref.startsWith(QueueProbe.NAME_PREFIX)).toList();
		return (fed.size() == 1) ? fed.get(0) : asyncAppenderName;
	}

	public static boolean hasAsyncLoggers(Configuration configuration) {
		if (configuration.getRootLogger() instanceof AsyncLoggerConfig) {
			return true;
		}
		for (LoggerConfig logger : configuration.getLoggers().values()) {
			if (logger instanceof AsyncLoggerConfig) {
				return true;
			}
		}
		return false;
	}

	public static List<LogAppender> appenders(LoggerContext context) {
		Configuration configuration = context.getConfiguration();
		boolean allAsync = context instanceof AsyncLoggerContext;
		Set<String> fromSyncLoggers = new HashSet<>();
		Set<String> fromQueues = new HashSet<>();
		List<LoggerConfig> loggers = new ArrayList<>(configuration.getLoggers().values());
		loggers.add(configuration.getRootLogger());
		for (LoggerConfig logger : loggers) {
			boolean async = allAsync || logger instanceof AsyncLoggerConfig;
			(async ? fromQueues : fromSyncLoggers).addAll(logger.getAppenders().keySet());
		}
		for (Appender appender : configuration.getAppenders().values()) {
			if (appender instanceof AsyncAppender asyncAppender) {
				fromQueues.addAll(List.of(asyncAppender.getAppenderRefStrings()));
			}
		}
		List<LogAppender> appenders = new ArrayList<>();
		for (Appender appender : configuration.getAppenders().values()) {
			if (!writes(appender)) {
				continue;
			}
			String name = appender.getName();
			appenders.add(new LogAppender(name, type(appender), fileName(appender), immediateFlush(appender),
					fromQueues.contains(name) && !fromSyncLoggers.contains(name), AppenderErrors.count(name),
					LogAppender.shippingOf(appender)));
		}
		return appenders;
	}

	/**
	 * Reads where each logger with appenders of its own writes, the root first; an
	 * AsyncAppender stands for the appenders it feeds.
	 * @param context the logger context
	 * @return the routes
	 */
	public static List<LoggerRoute> routes(LoggerContext context) {
		Configuration configuration = context.getConfiguration();
		Set<LoggerConfig> loggers = new LinkedHashSet<>();
		loggers.add(configuration.getRootLogger());
		loggers.addAll(configuration.getLoggers().values());
		List<LoggerRoute> routes = new ArrayList<>();
		for (LoggerConfig logger : loggers) {
			List<String> names = new ArrayList<>();
			for (Appender appender : logger.getAppenders().values()) {
				if (appender instanceof AsyncAppender asyncAppender) {
					for (String ref : asyncAppender.getAppenderRefStrings()) {
						Appender fed = configuration.getAppender(ref);
						if (fed != null && writes(fed)) {
							names.add(ref);
						}
					}
				}
				else if (writes(appender)) {
					names.add(appender.getName());
				}
			}
			if (!names.isEmpty()) {
				String name = logger.getName().isEmpty() ? LoggerRoute.ROOT : logger.getName();
				routes.add(new LoggerRoute(name, names, logger.isAdditive()));
			}
		}
		return routes;
	}

	/**
	 * Whether an appender writes events itself, rather than queueing them for another
	 * (an AsyncAppender) or only measuring them (a delivery-lag probe).
	 */
	public static boolean writes(Appender appender) {
		return !(appender instanceof AsyncAppender) && !(appender instanceof QueueProbe);
	}

	private static String type(Appender appender) {
		if (appender instanceof BatchingConsole) {
			// It stands in for Log4j2's Console, under the same name and target; what differs,
			// when it flushes, is shown by immediateFlush.
			return ConsoleAppender.PLUGIN_NAME;
		}
		Plugin plugin = appender.getClass().getAnnotation(Plugin.class);
		return (plugin != null) ? plugin.name() : appender.getClass().getSimpleName();
	}

	private static String fileName(Appender appender) {
		if (appender instanceof UnopenedFileAppender unopened) {
			return unopened.getFileName();
		}
		if (!(appender instanceof AbstractOutputStreamAppender<?> streamAppender)) {
			return null;
		}
		OutputStreamManager manager = streamAppender.getManager();
		if (manager instanceof FileManager fileManager) {
			return fileManager.getFileName();
		}
		if (manager instanceof RandomAccessFileManager randomAccessFileManager) {
			return randomAccessFileManager.getFileName();
		}
		if (manager instanceof MemoryMappedFileManager memoryMappedFileManager) {
			return memoryMappedFileManager.getFileName();
		}
		return null;
	}

	private static Boolean immediateFlush(Appender appender) {
		return (appender instanceof AbstractOutputStreamAppender<?> streamAppender)
				? streamAppender.getImmediateFlush() : null;
	}

}
