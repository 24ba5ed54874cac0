package io.asynclog.bothbackends;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.CallOrder;
import io.asynclog.Callers;
import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.backend.LoggingBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Order is a promise under 'block': 32 threads log into a queue of 128 slots that stays
 * full, and the file still shows every call once, each thread's calls in call order, and
 * a line overtaken only by threads that were between their call and the queue, at most
 * one call each (see {@link CallOrder}), as in sync mode. A file behind each kind of
 * queue, and Spring Boot's own console.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OrderUnderFullQueueTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int THREADS = 32;

	private static final int CALLS = 3_000;

	@TempDir
	Path dir;

	/**
	 * The ring of async-logger mode, the queue of async-appender mode, and the ring of a
	 * logger given {@code mode: async} in an otherwise synchronous configuration.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "asynclog.mode=async-logger", "asynclog.mode=async-appender",
			"asynclog.mode=sync,asynclog.loggers.test.mode=async,asynclog.loggers.test.appenders=main,"
					+ "asynclog.loggers.test.additivity=false" })
	void aFileShowsCallsInTrustworthyOrderWhileTheQueueIsFull(String modes) {
		Path file = this.dir.resolve("app.log");
		String[] properties = Stream.concat(Stream.of(modes.split(",")), Stream.of("asynclog.ring-buffer-size=128",
				"asynclog.async-appender.buffer-size=128", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%m%n",
				// A flush after every line: the background thread is slower than 32 callers, so
				// the queue stays full.
				"asynclog.appenders.main.immediate-flush=true", "logging.level.root=off", "logging.level.test=info",
				// The file alone: Spring Boot's console would be a second queue in async-appender mode.
				"asynclog.loggers.root.appenders=main"))
			.toArray(String[]::new);
		try (ConfigurableApplicationContext context = Apps.run(properties)) {
			assertThat(Apps.queues()).as("the queues of %s on %s", modes, BACKEND).hasSize(1);
			logNumberedCallsIntoAFullQueue();
		}
		CallOrder.assertTrustworthyOrder(Apps.lines(file), THREADS, CALLS);
	}

	/**
	 * Spring Boot's console appender, the only one, writes to standard output, which this
	 * test points at a file: in the async modes asynclog batches the console and writes
	 * each batch to whatever {@code System.out} is then.
	 */
	@Test
	void springBootsConsoleShowsCallsInTrustworthyOrderWhileTheRingIsFull() throws IOException {
		Path file = this.dir.resolve("console.log");
		PrintStream original = System.out;
		try (PrintStream console = new PrintStream(new FileOutputStream(file.toFile()), false)) {
			System.setOut(console);
			try (ConfigurableApplicationContext context = Apps.run("asynclog.ring-buffer-size=128",
					"logging.pattern.console=%m%n", "logging.level.root=off", "logging.level.test=info")) {
				assertThat(LoggingBackends.running(getClass().getClassLoader()).appenders())
					.extracting(LogAppender::name)
					.containsExactly(BACKEND.springBootConsole());
				logNumberedCallsIntoAFullQueue();
			}
			finally {
				System.setOut(original);
			}
		}
		CallOrder.assertTrustworthyOrder(Apps.lines(file), THREADS, CALLS);
	}

	/**
	 * Logs the numbered calls while a watch samples the queues, and fails unless a queue
	 * was seen full: otherwise the test would say nothing about a full queue.
	 */
	private static void logNumberedCallsIntoAFullQueue() {
		Log log = LogFactory.getLog("test");
		CallOrder order = new CallOrder();
		try (FullQueueWatch watch = FullQueueWatch.start()) {
			Callers.run(THREADS, CALLS, Duration.ofSeconds(90), (thread, call) -> order.log(log, thread, call));
			assertThat(watch.timesSeenFull()).as("times the queue was seen full").isPositive();
		}
		Apps.awaitQueuesEmpty();
	}

}
