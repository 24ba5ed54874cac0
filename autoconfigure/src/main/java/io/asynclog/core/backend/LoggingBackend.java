package io.asynclog.core.backend;

import java.util.List;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.LogQueue;

/**
 * What the Spring side (auto-configuration, meters, endpoint, health) reads of the logging
 * library that runs. One implementation per backend, found by {@link LoggingBackends}; every
 * method reads the library now, when asked, and never runs per log call.
 *
 * @author asynclog
 */
public interface LoggingBackend {

	/** The backend's name as the endpoint shows it: {@code log4j2} or {@code logback}. */
	String name();

	/** Every queue between logging threads and appenders now; empty in synchronous mode. */
	List<LogQueue> queues();

	/** The background threads whose busy time asynclog keeps (rings, async-appender queues, lanes). */
	default List<BusyThread> busyThreads() {
		return List.of();
	}

	List<LogAppender> appenders();

	/**
	 * The lane and sender of every remote appender (kafka, otlp) of the running configuration,
	 * in order: the one way the Spring side reaches a lane, to read or pause it.
	 */
	default List<RemoteLane> remoteLanes() {
		return List.of();
	}

	/** The mode that runs, or {@code null} when the running configuration is not asynclog's. */
	Mode runningMode();

	/**
	 * Drains the queues within {@code asynclog.shutdown-timeout} just before Spring Boot's
	 * logging shutdown handler stops the library, for a backend whose library would otherwise
	 * stop a queue before asynclog's drain begins.
	 */
	default void drainBeforeLoggingStops() {
	}

	/**
	 * Writes out what the appenders hold in buffers, once the queues are empty, for an
	 * operator who asks for a flush. Never waits on the network: remote appenders are left to
	 * their lanes.
	 * @param deadlineNanos when to give up, on the {@link System#nanoTime()} scale
	 * @return the names of the appenders whose buffered output was written, or found
	 * written, by the deadline
	 */
	default List<String> flushAppenders(long deadlineNanos) {
		return List.of();
	}

	/** What runs, for the start-up report: one line per queue and per appender. */
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
