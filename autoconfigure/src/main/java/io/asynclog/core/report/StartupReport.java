package io.asynclog.core.report;

import java.util.ArrayList;
import java.util.List;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.LoggerRoute;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.LogQueue;

/**
 * The text of the start-up report, the same on every backend: the settings in force, then
 * one line per queue, per appender and per logger that has appenders of its own, then what
 * each log call allocates.
 *
 * @author asynclog
 */
public final class StartupReport {

	private StartupReport() {
	}

	/** Describes what runs, in lines to log at INFO. */
	public static List<String> lines(Mode mode, AsyncLogProperties properties, List<LogQueue> queues,
			List<LogAppender> appenders, List<LoggerRoute> routes) {
		List<String> info = new ArrayList<>();
		info.add("asynclog: mode %s, wait strategy %s, queue-full policy %s, include-location %s".formatted(
				AsyncLogProperties.kebabCase(mode), AsyncLogProperties.kebabCase(properties.getWaitStrategy()),
				AsyncLogProperties.kebabCase(properties.getQueueFullPolicy()), properties.isIncludeLocation()));
		for (LogQueue queue : queues) {
			info.add("asynclog: queue '%s' (%s) has %d slots".formatted(queue.name(), queue.type(), queue.capacity()));
		}
		for (LogAppender appender : appenders) {
			info.add("asynclog: appender '%s' (%s%s)".formatted(appender.name(), appender.type(), flush(appender)));
		}
		for (LoggerRoute route : routes) {
			info.add("asynclog: logger '%s' writes to %s%s".formatted(route.logger(), String.join(", ", route.appenders()),
					(route.additive() && !LoggerRoute.ROOT.equals(route.logger())) ? ", then to its parent's appenders"
							: ""));
		}
		return info;
	}

	/**
	 * Says whether log calls reuse their message and event (Log4j2 with its thread-locals on)
	 * or build new ones (Log4j2 with them off, and Logback).
	 * @param why what decided it, for the reader who wants the other way
	 */
	public static String allocation(String library, boolean reusesEvents, String why) {
		return (reusesEvents ? "asynclog: %s reuses each thread's message and event (%s)"
				: "asynclog: %s builds a new message and event for every log call (%s)").formatted(library, why);
	}

	/**
	 * When an appender's buffered lines reach their target: without per-line flush, a
	 * background thread empties the buffer at the end of each batch, a synchronous logger
	 * only when it is full (or at shutdown).
	 */
	private static String flush(LogAppender appender) {
		if (appender.immediateFlush() == null) {
			return "";
		}
		if (appender.immediateFlush()) {
			return ", flush every line";
		}
		return appender.async() ? ", flush at end of batch" : ", flush when its buffer is full";
	}

}
