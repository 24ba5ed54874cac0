package io.asynclog.log4j2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.Callers;
import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many threads logging into a full queue of 128 slots at once: 'block' loses nothing,
 * 'discard' accounts for every event per level, and nothing deadlocks.
 */
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FullRingTests {

	private static final Pattern CALL_LINE = Pattern.compile("call \\d+ \\d+");

	static final Duration CALLS_TIMEOUT = Duration.ofSeconds(90);

	@TempDir
	Path dir;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void blockLosesNothingWhenSixteenThreadsFillTheQueue(String mode) throws IOException {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = runWithFile(file, "asynclog.mode=" + mode)) {
			Log log = LogFactory.getLog("test");
			Callers.run(16, 10_000, CALLS_TIMEOUT, (thread, call) -> log.info("call " + thread + " " + call));
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			assertThat(distinctCalls(file)).isEqualTo(16 * 10_000);
		}
	}

	@Test
	void hundredsOfThreadsNeitherDeadlockNorLoseEvents() throws IOException {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = runWithFile(file)) {
			Log log = LogFactory.getLog("test");
			Callers.run(500, 400, CALLS_TIMEOUT, (thread, call) -> log.info("call " + thread + " " + call));
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			assertThat(distinctCalls(file)).isEqualTo(500 * 400);
		}
	}

	@Test
	void discardAccountsForEveryEventPerLevelWithManyCallers() {
		long droppedInfoBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, Level.INFO);
		long droppedWarnBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, Level.WARN);
		int threads = 8;
		int perLevel = 2_000;
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.ring-buffer-size=128",
				"asynclog.queue-full-policy=discard", "asynclog.discard-threshold=info", "logging.level.root=warn",
				"logging.level.test=info")) {
			RecordingAppender slow = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ofNanos(100_000));
			Log log = LogFactory.getLog("test");
			Callers.run(threads, perLevel, CALLS_TIMEOUT, (thread, call) -> {
				log.info("info " + thread + " " + call);
				log.warn("warn " + thread + " " + call);
			});
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			long droppedInfo = DroppedEvents.count(LogQueue.ASYNC_LOGGER, Level.INFO) - droppedInfoBefore;
			assertThat(droppedInfo).as("the slow appender made the ring overflow").isPositive();
			assertThat(slow.count(Level.INFO) + droppedInfo).isEqualTo(threads * perLevel);
			assertThat(DroppedEvents.count(LogQueue.ASYNC_LOGGER, Level.WARN)).isEqualTo(droppedWarnBefore);
			assertThat(slow.count(Level.WARN)).as("more severe than the threshold: never dropped")
				.isEqualTo(threads * perLevel);
		}
	}

	static ConfigurableApplicationContext runWithFile(Path file, String... more) {
		String[] properties = Stream
			.concat(Stream.of("asynclog.ring-buffer-size=128", "asynclog.async-appender.buffer-size=128",
					"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
					"asynclog.appenders.main.pattern=%m%n",
					// Callers write their own events while the ring is full; without a flush after each,
					// the last of them would wait in the file's buffer for the next batch or shutdown.
					"asynclog.appenders.main.immediate-flush=true", "logging.level.root=off", "logging.level.test=info"),
					Stream.of(more))
			.toArray(String[]::new);
		return TestApplications.run(properties);
	}

	/**
	 * Counts the distinct calls in the file, and fails on any line that is not one whole
	 * call, so that a torn or merged line is not mistaken for a lost event.
	 */
	static long distinctCalls(Path file) throws IOException {
		List<String> lines = Files.readAllLines(file);
		assertThat(lines).as("lines that are not one whole call")
			.filteredOn((line) -> !CALL_LINE.matcher(line).matches())
			.isEmpty();
		return lines.stream().distinct().count();
	}

}
