package io.asynclog.benchmarks.setup;

import java.util.Arrays;
import java.util.Locale;

import org.apache.commons.logging.LogFactory;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LoggingSystem;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

/**
 * The logging library asynclog runs on in a JVM. Both are in the benchmark jar and SLF4J binds
 * once per JVM, so each JVM chooses one before anything logs and runs nothing else.
 */
public enum Backend {

	LOG4J2("org.springframework.boot.logging.log4j2.Log4J2LoggingSystem",
			"org.apache.logging.slf4j.SLF4JServiceProvider", "org.apache.logging.slf4j", "AsyncLoggerConfig-"),

	LOGBACK("org.springframework.boot.logging.logback.LogbackLoggingSystem",
			"ch.qos.logback.classic.spi.LogbackServiceProvider", "ch.qos.logback", "asynclog-logback-async-logger");

	static final String COMMONS_LOGGING_TO_SLF4J = "org.apache.commons.logging.impl.Slf4jLogFactory";

	final String loggingSystem;

	private final String slf4jProvider;

	private final String slf4jFactoryPrefix;

	private final String ringThreadName;

	Backend(String loggingSystem, String slf4jProvider, String slf4jFactoryPrefix, String ringThreadName) {
		this.loggingSystem = loggingSystem;
		this.slf4jProvider = slf4jProvider;
		this.slf4jFactoryPrefix = slf4jFactoryPrefix;
		this.ringThreadName = ringThreadName;
	}

	/** The name the runs, the CSV and the report use: {@code log4j2} or {@code logback}. */
	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static Backend of(String id) {
		return Arrays.stream(values())
			.filter((backend) -> backend.id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Unknown backend '" + id + "'; accepted: log4j2, logback"));
	}

	/**
	 * Tells Spring Boot, SLF4J and Commons Logging which library runs: Commons Logging (Spring's
	 * own logging) would otherwise prefer the Log4j API, which is in the jar, and bring up a Log4j2
	 * context beside Logback.
	 */
	public void choose() {
		System.setProperty(LoggingSystem.SYSTEM_PROPERTY, this.loggingSystem);
		System.setProperty("slf4j.provider", this.slf4jProvider);
		if (this == LOGBACK) {
			System.setProperty(LogFactory.FACTORY_PROPERTY, COMMONS_LOGGING_TO_SLF4J);
		}
	}

	/** Checks, once Spring Boot started, that SLF4J and asynclog run on this library. */
	public void requireRunning(String who) {
		ILoggerFactory factory = LoggerFactory.getILoggerFactory();
		if (!factory.getClass().getName().startsWith(this.slf4jFactoryPrefix)) {
			throw new IllegalStateException(who + " should log through " + id() + ", but SLF4J is bound to "
					+ factory.getClass().getName() + ": another library ran in this JVM before (one backend per JVM)");
		}
		LoggingBackend running = running();
		if (running == null || !id().equals(running.name())) {
			throw new IllegalStateException("asynclog's " + id() + " backend should run, not " + running);
		}
	}

	/** Finds the async-logger ring's background thread among the JVM's threads. */
	public Thread ringThread() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().contains(this.ringThreadName))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no thread named *" + this.ringThreadName + "*"));
	}

	public static LoggingBackend running() {
		return LoggingBackends.running(Backend.class.getClassLoader());
	}

}
