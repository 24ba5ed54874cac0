package io.asynclog.log4j2.lifecycle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.logging.log4j.core.async.AsyncLoggerContextSelector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.SeparateJvm;
import io.asynclog.log4j2.queue.BlockingQueueFullPolicy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM to a JVM whose ring buffer holds a large backlog behind a slow background thread:
 * every line reaches the file within the shutdown timeout, or the lines that cannot are
 * counted and reported; and a failed start-up leaves no thread that keeps the JVM alive.
 */
class ShutdownTests {

	private static final long LINES = 1_000_000;

	/**
	 * A burst that fits in the ring of 262,144 slots these tests set: behind a background
	 * thread slowed to 2 lines a millisecond, 'block' would hold the logging thread for minutes
	 * on anything larger.
	 */
	private static final long LINES_IN_RING = 250_000;

	private static final Pattern ALL_ASYNC_LOST = Pattern
		.compile("asynclog: at least (\\d+) log events were lost at shutdown: they were still in the all-async ring");

	@TempDir
	Path dir;

	/**
	 * In all-async mode Log4j2 stops the logger context's ring before the configuration, so
	 * asynclog's wait does not apply, but a floor of what Log4j2 gives up is still reported.
	 */
	@Test
	void allAsyncLinesThatCannotBeWrittenInTimeAreReportedAsAFloor() throws Exception {
		Path file = this.dir.resolve("app.log");
		List<String> allAsync = List.of("-Dlog4j2.contextSelector=" + AsyncLoggerContextSelector.class.getName(),
				"-Dlog4j2.asyncQueueFullPolicy=" + BlockingQueueFullPolicy.class.getName(),
				"-Dlog4j2.asyncLoggerRingBufferSize=262144");
		try (SeparateJvm app = SeparateJvm.start(Path.of(System.getProperty("java.home")), allAsync, this.dir, "burst",
				burst(file, LINES_IN_RING, 2, "asynclog.mode=all-async"))) {
			app.awaitReady(Duration.ofMinutes(2));
			app.sigterm();
			assertThat(app.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			// Log4j2 halts the ring, then swaps in its null configuration, and only then stops
			// asynclog's: events the halted thread hands to it in between vanish uncounted
			// (0 to 7,165 of about 242,000 in our runs), so the count is a floor.
			long lost = app.reportedCount(ALL_ASYNC_LOST);
			long written = distinctLines(file);
			assertThat(lost).as("most of a 250,000-line backlog at 2 lines a millisecond").isGreaterThan(100_000);
			assertThat(written + lost).as("written %d, reported lost %d", written, lost)
				.isLessThanOrEqualTo(LINES_IN_RING + QueueDrain.RING_PROGRESS_STEP);
		}
	}

	private static String[] burst(Path file, long lines, int backgroundPerMillisecond, String oneMoreProperty) {
		return new String[] { "lines=" + lines, "asynclog.ring-buffer-size=262144", "background-per-ms=" + backgroundPerMillisecond, oneMoreProperty,
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
				"asynclog.appenders.main.pattern=%m%n", "logging.level.root=warn", "logging.level.test=info" };
	}

	private static long distinctLines(Path file) throws IOException {
		try (Stream<String> lines = Files.lines(file)) {
			return lines.filter((line) -> line.startsWith("line ")).distinct().count();
		}
	}

}
