package io.asynclog.log4j2.queue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.CallOrder;
import io.asynclog.Callers;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Order is a promise under 'block': 32 threads log into a queue of 128 slots that stays full,
 * and the log still shows each thread's calls in call order, with a line overtaken only by
 * threads that were between their call and the queue (see {@link CallOrder}), as in sync
 * mode. A file and Spring Boot's own console, each read back whole.
 */
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OrderUnderFullRingTests {

	private static final int THREADS = 32;

	private static final int CALLS = 3_000;

	@TempDir
	Path dir;

	/**
	 * The async-logger ring, an AsyncAppender's queue, and the ring of a logger given
	 * {@code mode: async} in an otherwise synchronous configuration.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "asynclog.mode=async-logger", "asynclog.mode=async-appender",
			"asynclog.mode=sync,asynclog.loggers.test.mode=async,asynclog.loggers.test.appenders=main,asynclog.loggers.test.additivity=false" })
	void aFileShowsCallsInTrustworthyOrderWhileTheQueueIsFull(String modes) throws IOException {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = FullRingTests.runWithFile(file, modes.split(","))) {
			logNumberedCallsIntoAFullQueue();
		}
		CallOrder.assertTrustworthyOrder(Files.readAllLines(file), THREADS, CALLS);
	}

	/**
	 * Spring Boot's Console appender, the only one, writes to standard output, which this
	 * test points at a file (Boot's Console follows {@code System.out}).
	 */
	@Test
	void springBootsConsoleShowsCallsInTrustworthyOrderWhileTheRingIsFull() throws IOException {
		Path file = this.dir.resolve("console.log");
		PrintStream original = System.out;
		try (PrintStream console = new PrintStream(new FileOutputStream(file.toFile()), false)) {
			System.setOut(console);
			try (ConfigurableApplicationContext context = TestApplications.run("asynclog.ring-buffer-size=128",
					"logging.pattern.console=%m%n", "logging.level.root=off", "logging.level.test=info")) {
				assertThat(TestApplications.loggerContext().getConfiguration().getAppenders()).containsKey("Console");
				logNumberedCallsIntoAFullQueue();
			}
			finally {
				System.setOut(original);
			}
		}
		CallOrder.assertTrustworthyOrder(Files.readAllLines(file), THREADS, CALLS);
	}

	/**
	 * Logs the numbered calls while a sampler watches the queue, and fails unless the queue
	 * was seen full: otherwise the test would say nothing about a full queue.
	 */
	private static void logNumberedCallsIntoAFullQueue() {
		LoggerContext loggerContext = TestApplications.loggerContext();
		AtomicBoolean done = new AtomicBoolean();
		AtomicLong timesSeenFull = new AtomicLong();
		Thread sampler = new Thread(() -> {
			while (!done.get()) {
				if (LogQueues.of(loggerContext).stream().anyMatch((queue) -> queue.remaining() <= 0)) {
					timesSeenFull.incrementAndGet();
				}
				Thread.onSpinWait();
			}
		}, "queue-sampler");
		sampler.setDaemon(true);
		sampler.start();
		Log log = LogFactory.getLog("test");
		CallOrder order = new CallOrder();
		try {
			Callers.run(THREADS, CALLS, FullRingTests.CALLS_TIMEOUT, (thread, call) -> order.log(log, thread, call));
		}
		finally {
			done.set(true);
		}
		TestApplications.awaitQueuesEmpty(loggerContext);
		assertThat(timesSeenFull.get()).as("times the queue was seen full").isPositive();
	}

}
