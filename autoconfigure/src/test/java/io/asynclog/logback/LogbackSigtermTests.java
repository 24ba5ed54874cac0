package io.asynclog.logback;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM to a JVM whose ring still holds a backlog: Spring Boot's shutdown hook closes the
 * application and stops Logback, and asynclog's ring writes every queued line within
 * {@code asynclog.shutdown-timeout}, or reports what it could not.
 */
class LogbackSigtermTests {

	private static final int LINES = 20_000;

	private static final Pattern LOST = Pattern.compile("asynclog: (\\d+) log events were lost at shutdown");

	@TempDir
	Path dir;

	@Test
	void sigtermWritesEveryQueuedLineWithinTheShutdownTimeout() throws Exception {
		Path file = this.dir.resolve("sigterm.log");
		Process app = start(file, "asynclog.shutdown-timeout=60s");
		try {
			long queued = awaitReady(app);
			assertThat(queued).as("lines still queued at SIGTERM").isGreaterThan(1000);
			app.destroy();
			assertThat(app.waitFor(90, TimeUnit.SECONDS)).as("the JVM exited").isTrue();
			List<String> lines = LogbackApps.lines(file);
			assertThat(lines).hasSize(LINES);
			assertThat(lines.get(LINES - 1)).isEqualTo("line " + (LINES - 1));
		}
		finally {
			app.destroyForcibly();
		}
	}

	@Test
	void linesThatCannotBeWrittenInTimeAreCountedAndReported() throws Exception {
		Path file = this.dir.resolve("short.log");
		Process app = start(file, "asynclog.shutdown-timeout=200ms");
		try {
			awaitReady(app);
			app.destroy();
			assertThat(app.waitFor(60, TimeUnit.SECONDS)).as("the JVM exited").isTrue();
			String stderr = String.join("\n", LogbackApps.lines(this.dir.resolve("app.err")));
			assertThat(stderr).contains("ran out with log events still queued; asynclog hands them to no appender and counts each");
			Matcher lost = LOST.matcher(stderr);
			assertThat(lost.find()).as("the loss is reported:\n%s", stderr).isTrue();
			assertThat(LogbackApps.lines(file).size() + Long.parseLong(lost.group(1))).isEqualTo(LINES);
		}
		finally {
			app.destroyForcibly();
		}
	}

	private Process start(Path file, String... properties) throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx512m", "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
				LogbackShutdownApp.class.getName(), String.valueOf(LINES), "--asynclog.appenders.main.type=file",
				"--asynclog.appenders.main.file-name=" + file, "--asynclog.appenders.main.pattern=%m%n",
				"--logging.level.root=warn", "--logging.level.test=info"));
		for (String property : properties) {
			command.add("--" + property);
		}
		return new ProcessBuilder(command).redirectOutput(this.dir.resolve("app.out").toFile())
			.redirectError(this.dir.resolve("app.err").toFile())
			.start();
	}

	private long awaitReady(Process app) {
		Path out = this.dir.resolve("app.out");
		Awaitility.await()
			.atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(50))
			.failFast("the JVM exited", () -> !app.isAlive())
			.until(() -> LogbackApps.lines(out).stream().anyMatch((line) -> line.startsWith(LogbackShutdownApp.READY)));
		String ready = LogbackApps.lines(out)
			.stream()
			.filter((line) -> line.startsWith(LogbackShutdownApp.READY))
			.findFirst()
			.orElseThrow();
		return Long.parseLong(ready.substring(LogbackShutdownApp.READY.length()).trim());
	}

}
