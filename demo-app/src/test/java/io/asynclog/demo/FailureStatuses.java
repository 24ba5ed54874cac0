package io.asynclog.demo;

import java.nio.file.Path;

/**
 * Counts what the logging library's own status output (Log4j2's status logger, Logback's
 * status manager) reports as errors of one appender, from {@link #start()} on.
 */
interface FailureStatuses extends AutoCloseable {

	/**
	 * Returns the counter for the backend the demo app runs on; only that backend's classes
	 * are loaded.
	 * @param backend {@code log4j2} or {@code logback}
	 * @param appender the appender's name
	 * @param file the file it writes
	 * @return the counter, not yet counting
	 */
	static FailureStatuses forBackend(String backend, String appender, Path file) {
		return switch (backend) {
			case "log4j2" -> new Log4j2FailureStatuses(appender);
			case "logback" -> new LogbackFailureStatuses(file);
			default -> throw new IllegalArgumentException("unknown backend '" + backend + "'; expected log4j2 or logback");
		};
	}

	/** Starts counting: once the application runs, since Logback's reset drops earlier listeners. */
	void start();

	/**
	 * Returns the error statuses about the appender so far.
	 * @return the count
	 */
	int count();

	@Override
	void close();

}
