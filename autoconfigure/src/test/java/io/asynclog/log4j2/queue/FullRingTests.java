package io.asynclog.log4j2.queue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.Callers;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many threads logging into a full queue of 128 slots at once: 'block' loses nothing,
 * 'discard' accounts for every event per level, and nothing deadlocks.
 */
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FullRingTests {

	private static final Pattern CALL_LINE = Pattern.compile("call \\d+ \\d+");

	private static final Pattern ECHO_LINE = Pattern.compile("echo call \\d+ \\d+");

	static final Duration CALLS_TIMEOUT = Duration.ofSeconds(90);

	@TempDir
	Path dir;

	/**
	 * A filter on the root logger's reference to the file appender runs on the ring's
	 * background thread, and logs a WARN echo of every call it is handed.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "block", "discard" })
	void aFilterThatLogsOnTheBackgroundThreadDoesNotDeadlockAFullRing(String policy) throws IOException {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = runWithFile(file, "asynclog.queue-full-policy=" + policy,
				"logging.level.echo=warn")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			LoggerConfig root = loggerContext.getConfiguration().getRootLogger();
			Appender main = root.getAppenders().get("main");
			root.removeAppender("main");
			EchoingFilter filter = new EchoingFilter();
			root.addAppender(main, null, filter);
			loggerContext.updateLoggers();
			logCallsAndAssertEveryEchoWritten(file, policy, filter::seen);
		}
	}

	private static void logCallsAndAssertEveryEchoWritten(Path file, String policy, LongSupplier callsSeen)
			throws IOException {
		Log log = LogFactory.getLog("test");
		Callers.run(8, 2_000, CALLS_TIMEOUT, (thread, call) -> log.info("call " + thread + " " + call));
		TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
		List<String> lines = Files.readAllLines(file);
		assertThat(lines).as("lines that are not one whole call or echo")
			.filteredOn((line) -> !CALL_LINE.matcher(line).matches() && !ECHO_LINE.matcher(line).matches())
			.isEmpty();
		long calls = lines.stream().filter((line) -> line.startsWith("call ")).distinct().count();
		long echoes = lines.stream().filter((line) -> line.startsWith("echo call ")).distinct().count();
		assertThat(echoes).as("WARN echoes are more severe than the discard threshold: never dropped")
			.isEqualTo(callsSeen.getAsLong());
		if (policy.equals("block")) {
			assertThat(calls).as("calls in the file; missing: %s", missingCalls(lines, 8, 2_000)).isEqualTo(8 * 2_000);
			assertThat(echoes).isEqualTo(8 * 2_000);
		}
	}

	private static List<String> missingCalls(List<String> lines, int threads, int calls) {
		java.util.Set<String> written = new java.util.HashSet<>(lines);
		List<String> missing = new java.util.ArrayList<>();
		for (int thread = 0; thread < threads; thread++) {
			for (int call = 0; call < calls; call++) {
				String line = "call " + thread + " " + call;
				if (!written.contains(line)) {
					missing.add(line + (written.contains("echo " + line) ? " (echoed)" : " (not echoed)"));
				}
			}
		}
		return missing;
	}

	/**
	 * Echoes every call to the 'echo' logger at WARN, taking its time so that the queue
	 * fills.
	 */
	private static final class Echo {

		private static final org.apache.logging.log4j.Logger ECHO = LogManager.getLogger("echo");

		private final LongAdder seen = new LongAdder();

		void echo(LogEvent event) {
			String message = event.getMessage().getFormattedMessage();
			if (message.startsWith("call ")) {
				this.seen.increment();
				LockSupport.parkNanos(50_000);
				ECHO.warn("echo " + message);
			}
		}

	}

	private static final class EchoingFilter extends AbstractFilter {

		private final Echo echo = new Echo();

		@Override
		public Result filter(LogEvent event) {
			this.echo.echo(event);
			return Result.NEUTRAL;
		}

		long seen() {
			return this.echo.seen.sum();
		}

	}

	private static final class EchoingAppender extends AbstractAppender {

		private final Echo echo = new Echo();

		EchoingAppender() {
			super("echoing", null, null, true, Property.EMPTY_ARRAY);
		}

		@Override
		public void append(LogEvent event) {
			this.echo.echo(event);
		}

		long seen() {
			return this.echo.seen.sum();
		}

	}

	static ConfigurableApplicationContext runWithFile(Path file, String... more) {
		String[] properties = Stream
			.concat(Stream.of("asynclog.ring-buffer-size=128", "asynclog.async-appender.buffer-size=128",
					"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
					"asynclog.appenders.main.pattern=%m%n",
					// Callers write their own events while the ring is full; without a flush after each,
					// the last of them would wait in the file's buffer for the next batch or shutdown.
					"asynclog.appenders.main.immediate-flush=true", "logging.level.root=off", "logging.level.test=info",
					// The file alone, not Spring Boot's console beside it.
					"asynclog.loggers.root.appenders=main"),
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
