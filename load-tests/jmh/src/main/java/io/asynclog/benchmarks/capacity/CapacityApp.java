package io.asynclog.benchmarks.capacity;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import io.asynclog.benchmarks.setup.Backend;
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

	/** 90 characters; with a ten-digit sequence number each message is 100, as in the shipping runs. */
	static final String TEXT = "order shipped to warehouse 7 by carrier express, parcel checked, weighed + labelled, seq: ";

	private final Backend backend;

	private final PrintStream console;

	private final PrintStream originalOut;

	private final ConfigurableApplicationContext application;

	/** Starts the application; the console's file and the log file go to the directory. */
	public CapacityApp(Backend backend, CapacitySink sink, Path directory) throws IOException {
		this.backend = backend;
		backend.choose();
		// The console of a JVM whose output is a file: System.out as the JVM makes it (a
		// 128-byte buffer flushed at each line), over a file instead of file descriptor 1.
		this.console = new PrintStream(
				new BufferedOutputStream(new FileOutputStream(directory.resolve("console.out").toFile()), 128), true);
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
		backend.requireRunning("the run");
	}

	/** What the ring thread does for one line, to call on another thread ({@link SinkCall}). */
	public SinkCall sinkCall() {
		int slots = Math.toIntExact(ring().capacity());
		return this.backend == Backend.LOG4J2 ? Log4j2SinkCall.of(LOGGER, TEXT, slots)
				: LogbackSinkCall.of(LOGGER, TEXT, slots);
	}

	public LogQueue ring() {
		return Backend.running()
			.queues()
			.stream()
			.filter((queue) -> queue.name().equals(LogQueue.ASYNC_LOGGER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no async-logger ring"));
	}

	/** The ring thread's busy clock, as the {@code asynclog.thread.busy.time} meter reads it. */
	public BusyThread busyRingThread() {
		return Backend.running()
			.busyThreads()
			.stream()
			.filter((thread) -> thread.serves() == BusyThread.Serves.QUEUE
					&& thread.name().equals(LogQueue.ASYNC_LOGGER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no busy clock on the async-logger ring's thread"));
	}

	/** Stops the application: the ring drains into the sink. */
	@Override
	public void close() {
		this.application.close();
		// Spring Boot stops the library only from a JVM shutdown hook: the runs need it drained now.
		if (this.backend == Backend.LOGBACK) {
			((ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory()).stop();
		}
		else {
			org.apache.logging.log4j.LogManager.shutdown();
		}
		System.setOut(this.originalOut);
		this.console.close();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
