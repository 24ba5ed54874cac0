package io.asynclog.bothbackends.shop;

import java.util.List;

import io.asynclog.bothbackends.BackendUnderTest;

/**
 * A list appender a test attaches to one logger and reads right after the call under test,
 * as application teams write them: Logback's own {@code ListAppender} on Logback, the usual
 * few lines of {@code AbstractAppender} on Log4j2, which ships none outside its test jar.
 */
public interface ListAppender extends AutoCloseable {

	/**
	 * Attaches a new list appender to a logger of the running backend.
	 * @param backend the backend under test
	 * @param loggerName the logger
	 * @return the attached appender; close it to detach it
	 */
	static ListAppender attach(BackendUnderTest backend, String loggerName) {
		return (backend == BackendUnderTest.LOG4J2) ? new io.asynclog.bothbackends.log4j2.Log4j2ListAppender(loggerName)
				: new io.asynclog.bothbackends.logback.LogbackListAppender(loggerName);
	}

	/**
	 * Returns the formatted messages appended so far, in order.
	 * @return the messages
	 */
	List<String> messages();

	/**
	 * Returns the names of the threads that appended them, in the same order.
	 * @return the thread names
	 */
	List<String> appendingThreads();

	@Override
	void close();

}
