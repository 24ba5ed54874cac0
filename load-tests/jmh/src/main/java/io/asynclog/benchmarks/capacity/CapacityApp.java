package io.asynclog.benchmarks.capacity;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.logging.LogFactory;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.LogQueue;

/**
 * A plain Spring Boot application with the starter in {@code async-logger} mode on one backend,
 * writing to one {@link CapacitySink}, its console sent to a file: what the capacity runs
 * measure. One per JVM: SLF4J binds one library per JVM, and the benchmark jar holds both.
 */
public final class CapacityApp implements AutoCloseable {

	/** The logger the runs log to: it has no level or appender of its own, so the root's apply. */
	static final String LOGGER = "com.example.shop.OrderService";

	/**
	 * 90 characters; with a ten-digit sequence number each message is 100 characters, as in
	 * the shipping throughput runs.
	 */
	static final String TEXT = "order shipped to warehouse 7 by carrier express, parcel checked, weighed + labelled, seq: ";

	private final Backend backend;

	private final PrintStream console;

	private final PrintStream originalOut;

	private final ConfigurableApplicationContext application;

	private CapacityApp(Backend backend, CapacitySink sink, Path directory) {
		this.backend = backend;
		backend.choose();
		// The console of a JVM whose output is a file: System.out as the JVM makes it (a
		// 128-byte buffer flushed at each line), over a file instead of file descriptor 1.
		try {
			this.console = new PrintStream(
					new BufferedOutputStream(new FileOutputStream(directory.resolve("console.out").toFile()), 128),
					true);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.originalOut = System.out;
		System.setOut(this.console);
		List<String> arguments = new ArrayList<>(List.of("--asynclog.mode=async-logger",
				"--asynclog.queue-full-policy=block", "--asynclog.shutdown-timeout=60s",
				"--logging.level.org.springframework=warn", "--logging.level.io.asynclog=warn"));
		arguments.addAll(sink.arguments(directory));
		this.application = new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.run(arguments.toArray(String[]::new));
		ILoggerFactory factory = LoggerFactory.getILoggerFactory();
		if (!factory.getClass().getName().startsWith(backend.slf4jFactoryPrefix)) {
			throw new IllegalStateException("the run should log through " + backend.id + ", but SLF4J is bound to "
					+ factory.getClass().getName() + " (one backend per JVM)");
		}
		LoggingBackend running = running();
		if (running == null || !backend.id.equals(running.name())) {
			throw new IllegalStateException("asynclog's " + backend.id + " backend should run, not " + running);
		}
	}

	/**
	 * Starts the application.
	 * @param backend the logging library
	 * @param sink what the ring thread writes to
	 * @param directory where the console's file and the log file go
	 * @return the running application
	 */
	public static CapacityApp start(Backend backend, CapacitySink sink, Path directory) {
		return new CapacityApp(backend, sink, directory);
	}

	/**
	 * Returns what the ring thread does for one line, callable on another thread: the appenders
	 * behind the ring, called directly with events made beforehand, as many as the ring has slots.
	 * @return the sink's work for one line
	 */
	public SinkCall sinkCall() {
		int slots = Math.toIntExact(ring().capacity());
		return this.backend == Backend.LOG4J2 ? Log4j2SinkCall.of(LOGGER, TEXT, slots)
				: LogbackSinkCall.of(LOGGER, TEXT, slots);
	}

	/**
	 * Reads the async-logger ring now.
	 * @return the ring
	 */
	public LogQueue ring() {
		return running().queues()
			.stream()
			.filter((queue) -> queue.name().equals(LogQueue.ASYNC_LOGGER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no async-logger ring"));
	}

	/**
	 * Returns the ring thread's busy clock, as the {@code asynclog.thread.busy.time} meter reads it.
	 * @return the ring thread
	 */
	public BusyThread busyRingThread() {
		return running().busyThreads()
			.stream()
			.filter((thread) -> thread.serves() == BusyThread.Serves.QUEUE
					&& thread.name().equals(LogQueue.ASYNC_LOGGER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no busy clock on the async-logger ring's thread"));
	}

	/**
	 * Finds the ring's background thread among the JVM's threads.
	 * @return the thread
	 */
	public Thread ringThread() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().contains(this.backend.ringThreadName))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no thread named *" + this.backend.ringThreadName + "*"));
	}

	private static LoggingBackend running() {
		return LoggingBackends.running(CapacityApp.class.getClassLoader());
	}

	/**
	 * Stops the application: the ring drains into the sink.
	 */
	@Override
	public void close() {
		this.application.close();
		this.backend.stopLogging();
		System.setOut(this.originalOut);
		this.console.close();
	}

	/**
	 * The logging library: the runs choose it before anything logs.
	 */
	public enum Backend {

		/** Log4j2. */
		LOG4J2("log4j2", "org.springframework.boot.logging.log4j2.Log4J2LoggingSystem",
				"org.apache.logging.slf4j.SLF4JServiceProvider", "org.apache.logging.slf4j", "AsyncLoggerConfig-"),

		/** Logback. */
		LOGBACK("logback", "org.springframework.boot.logging.logback.LogbackLoggingSystem",
				"ch.qos.logback.classic.spi.LogbackServiceProvider", "ch.qos.logback", "asynclog-logback-async-logger");

		private final String id;

		private final String loggingSystem;

		private final String slf4jProvider;

		private final String slf4jFactoryPrefix;

		private final String ringThreadName;

		Backend(String id, String loggingSystem, String slf4jProvider, String slf4jFactoryPrefix,
				String ringThreadName) {
			this.id = id;
			this.loggingSystem = loggingSystem;
			this.slf4jProvider = slf4jProvider;
			this.slf4jFactoryPrefix = slf4jFactoryPrefix;
			this.ringThreadName = ringThreadName;
		}

		/**
		 * Returns the name the runs, the CSV and the report use.
		 * @return {@code log4j2} or {@code logback}
		 */
		public String id() {
			return this.id;
		}

		/**
		 * Finds a backend by its name.
		 * @param id the name
		 * @return the backend
		 */
		public static Backend of(String id) {
			for (Backend backend : values()) {
				if (backend.id.equals(id)) {
					return backend;
				}
			}
			throw new IllegalArgumentException("Unknown backend '" + id + "'; accepted: log4j2, logback");
		}

		private void choose() {
			// Both libraries are in the benchmark jar: tell Spring Boot, SLF4J and Commons Logging
			// (Spring's own logging, which would otherwise prefer the Log4j API) which one runs.
			System.setProperty(LoggingSystem.SYSTEM_PROPERTY, this.loggingSystem);
			System.setProperty("slf4j.provider", this.slf4jProvider);
			if (this == LOGBACK) {
				System.setProperty(LogFactory.FACTORY_PROPERTY, "org.apache.commons.logging.impl.Slf4jLogFactory");
			}
		}

		private void stopLogging() {
			// Spring Boot stops the library only from a JVM shutdown hook; the runs stop it now,
			// which drains the ring into the sink.
			if (this == LOGBACK) {
				((ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory()).stop();
			}
			else {
				org.apache.logging.log4j.LogManager.shutdown();
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
