package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.SeparateJvm;
import io.asynclog.core.config.AsyncLogProperties.Mode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * SIGTERM to a JVM whose ring holds a million lines behind a held-up sink: within the
 * shutdown timeout every line reaches the file, in order, and nothing is reported lost;
 * with a timeout too short for a slowed sink, the shutdown ends within the timeout and one
 * second in every mode with a queue, and the lines that are not written are counted
 * exactly. And a failed start-up leaves no thread that keeps the JVM alive.
 */
class DrainTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int LINES = 1_000_000;

	@TempDir
	Path dir;

	@Test
	void sigtermWritesEveryQueuedLineInOrderWithinTheShutdownTimeout() throws Exception {
		Path file = this.dir.resolve("app.log");
		try (SeparateJvm app = heldBurst(file, 0, "asynclog.shutdown-timeout=30s")) {
			assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(LINES);
			assertThat(queuedAtSigterm(app)).as("queued behind the held sink, all but the one it holds")
				.isGreaterThanOrEqualTo(LINES - 1);
			app.sigterm();
			assertThat(app.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			assertThat(app.stderr()).as("standard error").noneMatch((line) -> line.contains("asynclog:"));
		}
		assertThat(DrainApp.linesInOrder(file)).as("lines 0 to %d in order", LINES - 1).isEqualTo(LINES);
	}

	@Test
	void linesThatCannotBeWrittenInTimeAreCountedAndReported() throws Exception {
		Path file = this.dir.resolve("app.log");
		try (SeparateJvm app = heldBurst(file, 2, "asynclog.shutdown-timeout=1s")) {
			assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(LINES);
			DrainApp.assertCutOffAfterOneSecond(app, file, LINES);
		}
	}

	/**
	 * A backlog that would take minutes: the shutdown, SIGTERM to exit, takes at most
	 * asynclog.shutdown-timeout and one second, Log4j2's own drain of up to 10 more seconds
	 * included, and what the recording appender was handed plus what the report says was
	 * lost is every line logged. The burst fits the queues, so that 'block' never holds the
	 * logging thread.
	 */
	@ParameterizedTest(name = "{0}")
	@EnumSource(value = Mode.class, names = { "ASYNC_LOGGER", "ASYNC_APPENDER", "ALL_ASYNC" })
	void shutdownEndsWithinTheTimeoutAndOneSecondAndCountsWhatWasLeftExactly(Mode mode) throws Exception {
		assumeTrue(mode != Mode.ALL_ASYNC || BACKEND == BackendUnderTest.LOG4J2, "all-async is Log4j2's alone");
		int lines = 200_000;
		Duration timeout = Duration.ofSeconds(2);
		List<String> jvmOptions = (mode != Mode.ALL_ASYNC) ? List.of()
				: List.of("-Dlog4j2.contextSelector=org.apache.logging.log4j.core.async.AsyncLoggerContextSelector",
						"-Dlog4j2.asyncQueueFullPolicy=io.asynclog.log4j2.queue.BlockingQueueFullPolicy",
						"-Dlog4j2.asyncLoggerRingBufferSize=262144");
		Path file = this.dir.resolve("app.log");
		try (SeparateJvm app = SeparateJvm.start(jvmOptions, DrainApp.class.getName(), this.dir, "held-burst",
				"lines=" + lines, "sink-per-ms=2", "asynclog.shutdown-timeout=" + timeout.toSeconds() + "s",
				"asynclog.mode=" + mode.name().toLowerCase(Locale.ROOT).replace('_', '-'),
				"asynclog.ring-buffer-size=262144", "asynclog.async-appender.buffer-size=262144",
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
				"asynclog.appenders.main.pattern=%m%n", "asynclog.loggers.root.appenders=main,recording",
				"logging.level.root=warn", "logging.level.test=info")) {
			assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(lines);
			long start = System.nanoTime();
			app.sigterm();
			assertThat(app.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			Duration took = Duration.ofNanos(System.nanoTime() - start);
			long lost = app.reportedCount(DrainApp.LOST);
			long recorded = Long.parseLong(app.printed(DrainApp.RECORDED).substring(DrainApp.RECORDED.length()).trim());
			assertThat(lost).as("most of %d lines at 2 a millisecond", lines).isGreaterThan(lines / 2);
			assertThat(recorded + lost).as("recorded %d + reported lost %d", recorded, lost).isEqualTo(lines);
			assertThat(took).as("SIGTERM to exit").isLessThanOrEqualTo(timeout.plusSeconds(1));
		}
	}

	@Test
	void jvmExitsAfterAFailedStartup() throws Exception {
		try (SeparateJvm app = SeparateJvm.start(DrainApp.class.getName(), this.dir, "fail-on-start")) {
			assertThat(app.awaitExit(Duration.ofSeconds(60))).isNotZero();
			assertThat(String.join("\n", app.stdout()) + String.join("\n", app.stderr()))
				.contains("this bean fails on purpose");
		}
	}

	private static SeparateJvm heldBurst(Path file, int sinkPerMillisecond, String shutdownTimeout) {
		return SeparateJvm.start(DrainApp.class.getName(), file.getParent(), "held-burst", "lines=" + LINES,
				"sink-per-ms=" + sinkPerMillisecond, shutdownTimeout, "asynclog.ring-buffer-size=1048576",
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
				"asynclog.appenders.main.pattern=%m%n", "asynclog.loggers.root.appenders=main,recording",
				"logging.level.root=warn", "logging.level.test=info");
	}

	private static long queuedAtSigterm(SeparateJvm app) {
		return Long.parseLong(app.printed(DrainApp.QUEUED).substring(DrainApp.QUEUED.length()).trim());
	}

}
