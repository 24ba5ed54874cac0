package io.asynclog.bothbackends;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.asynclog.SeparateJvm;
import io.asynclog.SeparateJvmApp;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application {@link DrainTests} start in a JVM of their own, on whichever backend the
 * class path gives, through {@link SeparateJvm}. The first argument picks the scenario,
 * the rest are {@code key=value} properties.
 */
public final class DrainApp {

	/**
	 * What the held-burst scenario prints, followed by the events its queues held, just
	 * before {@link SeparateJvmApp#READY}.
	 */
	public static final String QUEUED = "QUEUED ";

	/**
	 * What the held-burst scenario prints once Spring Boot's shutdown hook has stopped
	 * logging, followed by the events the recording appender was handed.
	 */
	public static final String RECORDED = "RECORDED ";

	/** asynclog's report of what a shutdown lost, the number its first group. */
	public static final Pattern LOST = Pattern.compile("asynclog: (\\d+) log events were lost at shutdown");

	private static final String SPRING_BOOT_SHUTDOWN_HOOK = "SpringApplicationShutdownHook";

	private DrainApp() {
	}

	public static void main(String[] args) throws Exception {
		String[] properties = Arrays.copyOfRange(args, 1, args.length);
		switch (args[0]) {
			case "held-burst" -> heldBurst(properties);
			case "fail-on-start" -> failOnStart(properties);
			case "burst" -> burst(properties);
			default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
		}
	}

	/**
	 * Holds back the thread that appends, logs {@code lines} numbered lines from the main
	 * thread, and waits for SIGTERM. The shutdown lets the appending thread go on, at
	 * about {@code sink-per-ms} lines a millisecond if that is set, so that every line is
	 * still queued when the shutdown begins.
	 */
	private static void heldBurst(String[] properties) throws InterruptedException {
		ConfigurableApplicationContext context = Apps.runRecording(BackendUnderTest.running(), properties);
		int lines = context.getEnvironment().getRequiredProperty("lines", Integer.class);
		int perMillisecond = context.getEnvironment().getProperty("sink-per-ms", Integer.class, 0);
		Apps.awaitQueuesEmpty();
		Recorder recorder = Recorder.named(Recorder.RECORDING);
		recorder.slowTo(perMillisecond);
		recorder.hold();
		// Runs beside Spring Boot's own hook, which closes the context and stops logging.
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			recorder.release();
			awaitLoggingStopped();
			System.out.println(RECORDED + recorder.count(LogLevel.INFO));
		}, "release-the-sink"));
		Log log = LogFactory.getLog("test");
		for (int i = 0; i < lines; i++) {
			log.info("line " + i);
		}
		System.out.println(QUEUED + Apps.queues().stream().mapToLong(LogQueue::used).sum());
		System.out.println(SeparateJvmApp.READY + lines);
		Thread.currentThread().join();
	}

	/**
	 * Waits for Spring Boot's shutdown hook, which the JVM may start after this one, to end.
	 */
	private static void awaitLoggingStopped() {
		long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (System.nanoTime() < giveUp) {
			for (Thread thread : Thread.getAllStackTraces().keySet()) {
				if (thread.getName().equals(SPRING_BOOT_SHUTDOWN_HOOK)) {
					try {
						thread.join(TimeUnit.NANOSECONDS.toMillis(giveUp - System.nanoTime()) + 1);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					return;
				}
			}
			Thread.onSpinWait();
		}
		// Spring Boot's hook ended before this one looked.
	}

	/**
	 * Logs {@code lines} numbered lines from the main thread to the 'test' logger, prints
	 * how many its queues hold, and waits for SIGTERM; whatever holds them back (a broker
	 * that is down) is the test's doing.
	 */
	private static void burst(String[] properties) throws InterruptedException {
		ConfigurableApplicationContext context = Apps.run(properties);
		int lines = context.getEnvironment().getRequiredProperty("lines", Integer.class);
		Log log = LogFactory.getLog("test");
		for (int i = 0; i < lines; i++) {
			log.info("line " + i);
		}
		System.out.println(QUEUED + Apps.queues().stream().mapToLong(LogQueue::used).sum());
		System.out.println(SeparateJvmApp.READY + lines);
		Thread.currentThread().join();
	}

	private static void failOnStart(String[] properties) {
		String[] args = Arrays.stream(properties).map((property) -> "--" + property).toArray(String[]::new);
		new SpringApplicationBuilder(FailingConfig.class).web(WebApplicationType.NONE).run(args);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class FailingConfig {

		@Bean
		String failsAtStart() {
			throw new IllegalStateException("this bean fails on purpose");
		}

	}

	/**
	 * Sends SIGTERM to a held burst whose {@code asynclog.shutdown-timeout} of one second is
	 * too short for its slowed sink, and checks what a cutoff promises: the JVM exits as on
	 * SIGTERM, says that lines were still queued, and the lines in the file, in order, plus
	 * the lines reported lost are exactly the lines logged, most of them lost.
	 * @param app the running burst, ready
	 * @param file the file the burst writes
	 * @param lines the lines it logged
	 * @throws Exception if the file cannot be read, or the wait for the exit is interrupted
	 */
	public static void assertCutOffAfterOneSecond(SeparateJvm app, Path file, long lines) throws Exception {
		app.sigterm();
		assertThat(app.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
		assertThat(app.stderr()).anyMatch((line) -> line
			.contains("asynclog.shutdown-timeout (1s) ran out with log events still queued"));
		long lost = app.reportedCount(LOST);
		long written = linesInOrder(file);
		assertThat(lost).as("most of %d lines at 2 a millisecond", lines).isGreaterThan(lines / 2);
		assertThat(written + lost).as("written %d + reported lost %d", written, lost).isEqualTo(lines);
	}

	/**
	 * Counts the numbered lines a burst wrote to a file, failing unless they are lines 0, 1,
	 * 2... in that order, each once.
	 * @param file the file
	 * @return how many there are
	 * @throws IOException if the file cannot be read
	 */
	public static long linesInOrder(Path file) throws IOException {
		long expected = 0;
		try (Stream<String> lines = Files.lines(file)) {
			for (String line : (Iterable<String>) lines.filter((each) -> each.startsWith("line "))::iterator) {
				if (!line.equals("line " + expected)) {
					throw new AssertionError("line " + expected + " expected, found '" + line + "'");
				}
				expected++;
			}
		}
		return expected;
	}

}
