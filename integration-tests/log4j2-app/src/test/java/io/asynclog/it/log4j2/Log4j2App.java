package io.asynclog.it.log4j2;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.springframework.boot.logging.log4j2.Log4J2LoggingSystem;

import io.asynclog.it.AppUnderTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * This module's application as its tests expect it to run: on Log4j2, its loggers made
 * asynchronous, the async-logger ring (Log4j2's own, which Log4j2 names) in front of the
 * appenders.
 */
final class Log4j2App {

	static final AppUnderTest UNDER_TEST = new AppUnderTest(Log4j2Application.class, "log4j2",
			Log4J2LoggingSystem.class, "$.queues[0].name", "async-logger", "the async-logger ring's thread",
			(name) -> name.contains("AsyncLoggerConfig"),
			() -> assertThat(LoggerContext.getContext(false).getConfiguration().getRootLogger())
				.isInstanceOf(AsyncLoggerConfig.class));

	private Log4j2App() {
	}

}
