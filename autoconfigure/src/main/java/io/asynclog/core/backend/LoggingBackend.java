package io.asynclog.core.backend;

import java.util.List;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.LogQueue;

/**
 * What the Spring side (auto-configuration, meters, endpoint, health) reads of the logging
 * library that runs: its queues, its appenders, the remote appenders' lanes and the mode in force. One implementation per
 * backend, found by {@link LoggingBackends}; every method reads the library now, when asked,
 * and never runs per log call.
 *
 * @author asynclog
 */
public interface LoggingBackend {

	/**
	 * Returns the backend's name as the endpoint shows it.
	 * @return {@code log4j2} or {@code logback}
	 */
	String name();

	/**
	 * Reads every queue between logging threads and appenders now.
	 * @return the queues, empty in synchronous mode
	 */
	List<LogQueue> queues();

	/**
	 * Reads the background threads whose busy time asynclog keeps (the rings', the
	 * async-appender queues', the lanes'), with their clocks, now.
	 * @return the threads; none by default
	 */
	default List<BusyThread> busyThreads() {
		return List.of();
	}

	/**
	 * Reads every appender of the running configuration now.
	 * @return the appenders
	 */
	List<LogAppender> appenders();

	/**
	 * Reads the lane and sender of every remote appender (kafka, otlp) of the running
	 * configuration now: the one way the Spring side reaches a lane, to read or pause it.
	 * @return the lanes, in configuration order; none by default
	 */
	default List<RemoteLane> remoteLanes() {
		return List.of();
	}

	/**
	 * Returns the mode that runs.
	 * @return the mode, or {@code null} when the running configuration is not the one
	 * asynclog set up
	 */
	Mode runningMode();

	/**
	 * Drains the queues within {@code asynclog.shutdown-timeout}, just before Spring Boot's
	 * logging shutdown handler stops the logging library at JVM shutdown, for a backend whose
	 * library would otherwise stop a queue before asynclog's drain begins. What is still
	 * queued at the deadline is cut off and counted; the library's own stop then finds the
	 * queues empty.
	 */
	default void drainBeforeLoggingStops() {
	}

	/**
	 * Writes out what the appenders hold in buffers (files whose lines are flushed at the end
	 * of a batch, not per line), once the queues are empty: for an operator who asks for a
	 * flush before a snapshot. Never waits on the network: appenders that ship records off
	 * the box are left to their lanes.
	 * @param deadlineNanos when to give up, on the {@link System#nanoTime()} scale
	 * @return the names of the appenders whose buffered output was written, or found
	 * written, by the deadline
	 */
	default List<String> flushAppenders(long deadlineNanos) {
		return List.of();
	}

	/**
	 * Describes what runs, for the start-up report: one line per queue and per appender.
	 * @return the report's lines
	 */
	StartupLines describe();

	/**
	 * The start-up report of one backend.
	 *
	 * @param info lines logged at INFO
	 * @param warnings lines logged at WARN: settings that cost something the user may not
	 * have meant
	 */
	record StartupLines(List<String> info, List<String> warnings) {

	}

}
