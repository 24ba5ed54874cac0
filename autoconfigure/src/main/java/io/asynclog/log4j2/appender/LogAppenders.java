package io.asynclog.log4j2.appender;

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

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.LoggerRoute;
import io.asynclog.core.count.AppenderErrors;

/**
 * Lists the appenders that write a context's events, and whether each is reached through a
 * queue. AsyncAppenders are queues, listed by {@code LogQueues}; the delivery-lag probes
 * write nothing: neither is listed here.
 *
 * @author asynclog
 */
public final class LogAppenders {

	private LogAppenders() {
	}

	/**
	 * Reads the appenders of a context's current configuration.
	 * @param context the logger context
	 * @return the appenders, in configuration order
	 */
	public static List<LogAppender> of(LoggerContext context) {
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
	 * Reads where each logger of a context's current configuration writes, for the loggers
	 * with appenders of their own: an AsyncAppender stands for the appenders it feeds.
	 * @param context the logger context
	 * @return the routes, the root's first
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
		return !(appender instanceof AsyncAppender) && !(appender instanceof DeliveryLagProbe);
	}

	private static String type(Appender appender) {
		if (appender instanceof BatchingConsoleAppender) {
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
