package io.asynclog.bothbackends;

import java.util.List;

import org.springframework.util.ClassUtils;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.logback.appender.CountedFileAppender;
import io.asynclog.logback.appender.CountedRollingFileAppender;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The backend a shared suite runs on: whichever logging library the test class path
 * holds. {@link #running()} checks that asynclog detected that very library, so that an
 * execution whose class path is wrong (both libraries, or asynclog falling back to the
 * other one) fails instead of testing the same backend twice.
 * <p>
 * The suites reach the backend only through what a user has: {@code asynclog.*}
 * properties, a logging configuration file and SLF4J or commons-logging calls. What
 * differs between the backends is data kept here; the one piece of code per backend is a
 * recording appender ({@code log4j2.RecordingLog4j2Appender},
 * {@code logback.RecordingLogbackAppender}) that the configuration file of
 * {@link #recordingConfig()} puts on the root logger.
 */
public enum BackendUnderTest {

	/**
	 * Log4j2, through {@code spring-boot-starter-log4j2}.
	 */
	LOG4J2("log4j2", "Log4j2", "org.apache.logging.log4j.core.LoggerContext", "Console", "Console", "File", "RandomAccessFile",
			"RollingRandomAccessFile"),

	/**
	 * Logback, Spring Boot's default.
	 */
	LOGBACK("logback", "Logback", "ch.qos.logback.classic.LoggerContext", "CONSOLE", "ConsoleAppender", "FILE", "CountedFileAppender",
			"CountedRollingFileAppender");

	private static final String LOGGING_SYSTEM_PROPERTY = "org.springframework.boot.logging.LoggingSystem";

	private final String name;

	private final String library;

	private final String libraryClass;

	private final String springBootConsole;

	private final String springBootConsoleType;

	private final String springBootFile;

	private final String fileAppenderType;

	private final String rollingFileAppenderType;

	BackendUnderTest(String name, String library, String libraryClass, String springBootConsole,
			String springBootConsoleType, String springBootFile, String fileAppenderType, String rollingFileAppenderType) {
		this.name = name;
		this.library = library;
		this.libraryClass = libraryClass;
		this.springBootConsole = springBootConsole;
		this.springBootConsoleType = springBootConsoleType;
		this.springBootFile = springBootFile;
		this.fileAppenderType = fileAppenderType;
		this.rollingFileAppenderType = rollingFileAppenderType;
	}

	/**
	 * Returns the backend of this test run, after checking that asynclog detected the one
	 * logging library on the class path.
	 * @return the backend
	 */
	public static BackendUnderTest running() {
		BackendUnderTest expected = onClassPath();
		LoggingBackend detected = LoggingBackends.running(BackendUnderTest.class.getClassLoader());
		assertThat(detected).as("asynclog's backend for the %s class path", expected.name).isNotNull();
		assertThat(detected.name()).as("asynclog's backend").isEqualTo(expected.name);
		return expected;
	}

	private static BackendUnderTest onClassPath() {
		ClassLoader classLoader = BackendUnderTest.class.getClassLoader();
		boolean log4j2 = ClassUtils.isPresent(LOG4J2.libraryClass, classLoader);
		boolean logback = ClassUtils.isPresent(LOGBACK.libraryClass, classLoader);
		if (log4j2 && logback) {
			// Only a test run that names its logging system on purpose may hold both.
			String chosen = System.getProperty(LOGGING_SYSTEM_PROPERTY, "");
			assertThat(chosen).as("both Log4j2 and Logback on the class path, and no %s system property",
					LOGGING_SYSTEM_PROPERTY)
				.isNotEmpty();
			return chosen.contains("logback") ? LOGBACK : LOG4J2;
		}
		assertThat(log4j2 || logback).as("Log4j2 or Logback on the class path").isTrue();
		return log4j2 ? LOG4J2 : LOGBACK;
	}

	/**
	 * Returns the backend's name, as {@link LoggingBackend#name()} and the endpoint give it.
	 * @return {@code log4j2} or {@code logback}
	 */
	public String backendName() {
		return this.name;
	}

	/**
	 * Returns the library's name as users know it and asynclog's messages give it.
	 * @return {@code Log4j2} or {@code Logback}
	 */
	public String library() {
		return this.library;
	}

	/**
	 * Returns the name of Spring Boot's console appender in its default configuration for
	 * this backend.
	 * @return {@code Console} or {@code CONSOLE}
	 */
	public String springBootConsole() {
		return this.springBootConsole;
	}

	/**
	 * Returns the type the endpoint shows for Spring Boot's console appender.
	 * @return {@code Console} or {@code ConsoleAppender}
	 */
	public String springBootConsoleType() {
		return this.springBootConsoleType;
	}

	/**
	 * Returns the name of Spring Boot's file appender in its default configuration for this
	 * backend, there with {@code logging.file.name}.
	 * @return {@code File} or {@code FILE}
	 */
	public String springBootFile() {
		return this.springBootFile;
	}

	/**
	 * Returns the type the endpoint shows for an {@code asynclog.appenders} entry of type
	 * {@code file}, the appender class that writes it.
	 * @return {@code RandomAccessFile} or {@code CountedFileAppender}
	 */
	public String fileAppenderType() {
		return this.fileAppenderType;
	}

	/**
	 * Returns the type the endpoint shows for an {@code asynclog.appenders} entry of type
	 * {@code rolling-file}.
	 * @return {@code RollingRandomAccessFile} or {@code CountedRollingFileAppender}
	 */
	public String rollingFileAppenderType() {
		return this.rollingFileAppenderType;
	}

	/**
	 * Returns the start-up report's line on what a log call allocates: Log4j2 reuses its message
	 * and event in these tests (no servlet API on the class path, or asynclog turned its
	 * thread-locals on), Logback has no such path.
	 * @return the line
	 */
	public String allocationLine() {
		return (this == LOG4J2)
				? "asynclog: Log4j2 reuses each thread's message and event (its thread-locals are on: garbage-free log calls)"
				: "asynclog: Logback builds a new message and event for every log call (Logback has no garbage-free path)";
	}

	/**
	 * Returns the name of the counter Spring Boot's metrics auto-configuration registers for
	 * this backend's events, by level.
	 * @return {@code log4j2.events} or {@code logback.events}
	 */
	public String eventsMeter() {
		return this.name + ".events";
	}

	/**
	 * Returns a {@code logging.config} value: a configuration file of this backend whose
	 * root logger writes to one appender, {@value Recorder#RECORDING}, which hands every
	 * event to {@link Recorder#named(String)}.
	 * @return the property, {@code logging.config=classpath:...}
	 */
	public String recordingConfig() {
		return "logging.config=classpath:io/asynclog/bothbackends/" + this.name + "-recording.xml";
	}

	/**
	 * Stops an appender of the running configuration, wherever it is: on a logger, or behind
	 * one of asynclog's rings.
	 * @param appenderName the appender's name
	 */
	public void stopAppender(String appenderName) {
		if (this == LOG4J2) {
			org.apache.logging.log4j.core.LoggerContext context = (org.apache.logging.log4j.core.LoggerContext) org.apache.logging.log4j.LogManager
				.getContext(false);
			context.getConfiguration().getAppender(appenderName).stop();
			return;
		}
		ch.qos.logback.classic.LoggerContext context = (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory
			.getILoggerFactory();
		for (ch.qos.logback.classic.Logger logger : context.getLoggerList()) {
			for (var appenders = logger.iteratorForAppenders(); appenders.hasNext();) {
				var appender = appenders.next();
				List<ch.qos.logback.core.Appender<ch.qos.logback.classic.spi.ILoggingEvent>> candidates = (appender instanceof io.asynclog.logback.queue.LogRing ring)
						? ring.delegates() : List.of(appender);
				for (var candidate : candidates) {
					if (candidate.getName().equals(appenderName)) {
						candidate.stop();
						return;
					}
				}
			}
		}
		throw new AssertionError("no appender named " + appenderName);
	}

	@Override
	public String toString() {
		return this.name;
	}

}
