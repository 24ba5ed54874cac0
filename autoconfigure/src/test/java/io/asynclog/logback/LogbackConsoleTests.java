package io.asynclog.logback;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.WriteCountingStream;
import io.asynclog.logback.appender.BatchingConsole;

/**
 * Spring Boot's console keeps working on Logback, structured formats included, and in the async
 * modes writes at the end of each batch through asynclog's batching stream: every line reaches
 * standard output, in far fewer write() calls than lines, where sync mode keeps Logback's write
 * per line. Standard output is a file behind a stream that counts the write() calls it gets.
 */
class LogbackConsoleTests {

	private static final int LINES = 20_000;

	private static final String[] QUIET = { "logging.pattern.console=%m%n", "logging.level.root=warn",
			"logging.level.test=info" };

	@TempDir
	Path dir;

	private PrintStream original;

	private final Set<String> systemProperties = new HashSet<>();

	@BeforeEach
	void keepStandardOutput() {
		this.original = System.out;
		this.systemProperties.addAll(System.getProperties().stringPropertyNames());
	}

	/**
	 * Spring Boot passes logging.pattern.console and logging.structured.format.console on as
	 * system properties that the next application in the JVM would inherit.
	 */
	@AfterEach
	void restoreStandardOutputAndSystemProperties() {
		System.setOut(this.original);
		System.getProperties().stringPropertyNames()
			.stream()
			.filter((name) -> !this.systemProperties.contains(name))
			.forEach(System::clearProperty);
	}

	@Test
	void asyncLoggerModeWritesSpringBootsConsoleAtTheEndOfEachBatch() {
		WriteCountingStream out = redirect("out.log");
		try (ConfigurableApplicationContext context = LogbackApps.run(with("asynclog.ring-buffer-size=32768"))) {
			ConsoleAppender<ILoggingEvent> console = console("CONSOLE");
			assertThat(console.isImmediateFlush()).isFalse();
			assertThat(BatchingConsole.isBatching(console)).isTrue();
			// The lines wait in the ring while the background thread is held, as behind a busy core.
			BackgroundGate gate = BackgroundGate.on(console, Duration.ZERO).hold();
			long before = out.writes();
			LogbackTestLogs.info("test", "line ", LINES);
			gate.release();
			assertThat(numberedLines(out.file(), LINES)).containsExactlyElementsOf(numbered(LINES));
			long writes = out.writes() - before;
			// One write per full 8 KiB buffer and one at the end of each batch, not one per line.
			assertThat(writes).as("write() calls for %d lines", LINES).isLessThan(LINES / 4);
			System.err.printf("asynclog test: logback async-logger, %d lines, %d write() calls%n", LINES, writes);
		}
	}

	@Test
	void syncModeKeepsLogbacksConsoleAndItsWritePerLine() {
		WriteCountingStream out = redirect("out.log");
		try (ConfigurableApplicationContext context = LogbackApps.run(with("asynclog.mode=sync"))) {
			ConsoleAppender<ILoggingEvent> console = console("CONSOLE");
			assertThat(console.isImmediateFlush()).isTrue();
			assertThat(BatchingConsole.isBatching(console)).isFalse();
			long before = out.writes();
			LogbackTestLogs.info("test", "line ", LINES);
			assertThat(out.writes() - before).as("write() calls for %d lines", LINES).isGreaterThanOrEqualTo(LINES);
			assertThat(numberedLines(out.file(), LINES)).containsExactlyElementsOf(numbered(LINES));
		}
	}

	@Test
	void structuredLoggingKeepsItsFormatAndBatches() {
		WriteCountingStream out = redirect("out.log");
		try (ConfigurableApplicationContext context = LogbackApps.run("logging.structured.format.console=ecs",
				"logging.level.root=warn", "logging.level.test=info")) {
			ConsoleAppender<ILoggingEvent> console = console("CONSOLE");
			assertThat(console.getEncoder()).isInstanceOf(StructuredLogEncoder.class);
			assertThat(BatchingConsole.isBatching(console)).isTrue();
			LogbackTestLogs.info("test", "line ", 1000);
			List<String> lines = LogbackApps.awaitLines(out.file(), 1000)
				.stream()
				.filter((line) -> line.contains("\"message\":\"line "))
				.toList();
			assertThat(lines).hasSize(1000).allSatisfy((line) -> assertThat(line).startsWith("{").endsWith("}"));
			for (int i = 0; i < 1000; i++) {
				assertThat(lines.get(i)).contains("\"message\":\"line " + i + "\"").contains("\"logger\":\"test\"");
			}
		}
	}

	@Test
	void followsAStandardOutputSetAfterStartUp() {
		WriteCountingStream before = redirect("before.log");
		try (ConfigurableApplicationContext context = LogbackApps.run(QUIET)) {
			WriteCountingStream after = redirect("after.log");
			LogbackTestLogs.info("test", "line ", 100);
			assertThat(numberedLines(after.file(), 100)).containsExactlyElementsOf(numbered(100));
			assertThat(LogbackApps.lines(before.file())).noneMatch((line) -> line.startsWith("line "));
		}
	}

	@Test
	void immediateFlushTrueKeepsLogbacksStream() {
		try (ConfigurableApplicationContext context = LogbackApps.run(with("asynclog.immediate-flush=true"))) {
			assertThat(console("CONSOLE").isImmediateFlush()).isTrue();
			assertThat(BatchingConsole.isBatching(console("CONSOLE"))).isFalse();
		}
	}

	@Test
	void asynclogsOwnConsolesBatchWhereOnlyARingReachesThem() {
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.appenders.out.type=console",
				"asynclog.appenders.err.type=console", "asynclog.appenders.err.immediate-flush=true")) {
			assertThat(BatchingConsole.isBatching(console("out"))).isTrue();
			assertThat(BatchingConsole.isBatching(console("err"))).isFalse();
			assertThat(console("CONSOLE")).as("Spring Boot's, kept beside them at the root").isNotNull();
			assertThat(BatchingConsole.isBatching(console("CONSOLE"))).isTrue();
		}
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.mode=sync",
				"asynclog.appenders.out.type=console")) {
			// No end of batch would ever come on the logging thread.
			assertThat(BatchingConsole.isBatching(console("out"))).isFalse();
		}
	}

	private static String[] with(String... properties) {
		return LogbackApps.concat(QUIET, properties);
	}

	@SuppressWarnings("unchecked")
	private static ConsoleAppender<ILoggingEvent> console(String name) {
		try {
			return (ConsoleAppender<ILoggingEvent>) LogbackModesTests.appender(name);
		}
		catch (AssertionError ex) {
			return null;
		}
	}

	private WriteCountingStream redirect(String name) {
		try {
			WriteCountingStream stream = new WriteCountingStream(this.dir.resolve(name));
			System.setOut(new PrintStream(stream, true));
			return stream;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Waits for the numbered lines, Spring Boot's banner and start-up lines left out.
	 */
	private static List<String> numberedLines(Path file, int count) {
		org.awaitility.Awaitility.await()
			.atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(20))
			.until(() -> LogbackApps.lines(file).stream().filter((line) -> line.startsWith("line ")).count() >= count);
		return LogbackApps.lines(file).stream().filter((line) -> line.startsWith("line ")).toList();
	}

	private static List<String> numbered(int count) {
		return IntStream.range(0, count).mapToObj((i) -> "line " + i).toList();
	}

}
