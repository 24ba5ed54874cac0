package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.SeparateJvm;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM to a JVM whose ring holds a million lines behind a held-up sink: within the
 * shutdown timeout every line reaches the file, in order, and nothing is reported lost;
 * with a timeout too short for a slowed sink, the lines that are not written are counted
 * and reported. And a failed start-up leaves no thread that keeps the JVM alive.
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
			app.sigterm();
			assertThat(app.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			assertThat(app.stderr()).anyMatch((line) -> line
				.contains("log events were still queued when asynclog.shutdown-timeout (1s) ran out"));
			long lost = app.reportedCount(DrainApp.LOST);
			long written = DrainApp.linesInOrder(file);
			long slack = (BACKEND == BackendUnderTest.LOG4J2) ? DrainApp.LOG4J2_LOSS_SLACK : 0;
			assertThat(lost).as("most of a million lines at 2 a millisecond").isGreaterThan(LINES / 2);
			assertThat(written + lost).as("written %d + reported lost %d", written, lost)
				.isBetween((long) LINES, LINES + slack);
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
