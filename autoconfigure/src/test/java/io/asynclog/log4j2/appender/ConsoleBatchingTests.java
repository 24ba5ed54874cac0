package io.asynclog.log4j2.appender;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractManager;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Reconfigurable;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.WriteCountingStream;

/**
 * Spring Boot's Console, and asynclog's own console appenders, write at the end of each batch
 * in the async modes, through {@link BatchingConsole}: every line reaches standard
 * output once the queue is empty, in far fewer write() calls than lines, where sync mode and
 * immediate-flush=true keep Log4j2's Console and its write per line. Standard output is a
 * file behind a stream that counts the write() calls it gets.
 */
class ConsoleBatchingTests {

	private static final int LINES = 20_000;

	private static final String[] QUIET = { "logging.pattern.console=%m%n", "logging.level.root=warn",
			"logging.level.test=info" };

	@TempDir
	Path dir;

	private PrintStream original;

	@BeforeEach
	void keepStandardOutput() {
		this.original = System.out;
	}

	@AfterEach
	void restoreStandardOutput() {
		System.setOut(this.original);
	}

	@Test
	void asyncLoggerModeWritesSpringBootsConsoleAtTheEndOfEachBatch() throws IOException {
		WriteCountingStream out = redirect(this.dir.resolve("out.log"));
		// A ring that holds every line while the background thread is held.
		try (ConfigurableApplicationContext context = TestApplications.run(with("asynclog.ring-buffer-size=32768"))) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			assertThat(console("Console")).isInstanceOf(BatchingConsole.class)
				.satisfies((console) -> assertThat(console.getImmediateFlush()).isFalse());
			// The lines wait in the ring while the background thread is held, as they do behind a
			// busy core; how many a batch holds otherwise depends on how the two threads share
			// the machine's cores.
			RecordingAppender held = RecordingAppender.holdAtRoot(loggerContext);
			long before = out.writes();
			TestApplications.logInfo("test", "line ", LINES);
			held.release();
			TestApplications.awaitQueuesEmpty(loggerContext);
			long writes = out.writes() - before;
			// Not one write per line: one per full 8 KiB buffer and one at the end of the batch.
			assertThat(writes).as("write() calls for %d lines", LINES).isLessThan(LINES / 4);
			System.err.printf("asynclog test: async-logger, %d lines, %d write() calls%n", LINES, writes);
			assertAllLines(out.file());
		}
	}

	@Test
	void syncModeKeepsLog4jsConsoleAndItsWritePerLine() throws IOException {
		WriteCountingStream out = redirect(this.dir.resolve("out.log"));
		try (ConfigurableApplicationContext context = TestApplications.run(with("asynclog.mode=sync"))) {
			assertThat(console("Console")).isExactlyInstanceOf(ConsoleAppender.class);
			long writes = logAndCountWrites(out);
			// What the batching above is measured against: each line flushed on its own.
			assertThat(writes).as("write() calls for %d lines", LINES).isGreaterThanOrEqualTo(LINES);
			System.err.printf("asynclog test: sync, %d lines, %d write() calls%n", LINES, writes);
			assertAllLines(out.file());
		}
	}

	@Test
	void immediateFlushTrueKeepsLog4jsConsole() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.immediate-flush=true")) {
			assertThat(console("Console")).isExactlyInstanceOf(ConsoleAppender.class);
		}
	}

	@Test
	void asyncAppenderModeWritesSpringBootsConsoleAtTheEndOfEachBatch() throws IOException {
		WriteCountingStream out = redirect(this.dir.resolve("out.log"));
		try (ConfigurableApplicationContext context = TestApplications
			.run(with("asynclog.mode=async-appender"))) {
			assertThat(console("Console")).isInstanceOf(BatchingConsole.class);
			TestApplications.logInfo("test", "line ", LINES);
			// The AsyncAppender's queue empties before its thread writes the last event.
			assertThat(TestApplications.awaitLines(out.file(), LINES)).filteredOn((line) -> line.startsWith("line "))
				.hasSize(LINES);
			assertAllLines(out.file());
		}
	}

	@Test
	void asynclogsOwnConsoleAppendersBatchWhereOnlyAQueueReachesThem() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.appenders.out.type=console",
				"asynclog.appenders.err.type=console", "asynclog.appenders.err.immediate-flush=true")) {
			assertThat(console("out")).isInstanceOf(BatchingConsole.class);
			assertThat(console("err")).isExactlyInstanceOf(ConsoleAppender.class);
		}
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=sync",
				"asynclog.appenders.out.type=console")) {
			// No end of batch would ever come on the caller's thread.
			assertThat(console("out")).isExactlyInstanceOf(ConsoleAppender.class);
		}
	}

	@Test
	void followsAStandardOutputSetAfterStartUp() throws IOException {
		WriteCountingStream before = redirect(this.dir.resolve("before.log"));
		try (ConfigurableApplicationContext context = TestApplications.run(QUIET)) {
			assertThat(console("Console")).isInstanceOf(BatchingConsole.class);
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			WriteCountingStream after = redirect(this.dir.resolve("after.log"));
			TestApplications.logInfo("test", "line ", 100);
			TestApplications.awaitQueuesEmpty(TestApplications.loggerContext());
			assertThat(Files.readAllLines(after.file())).containsExactlyElementsOf(numbered(100));
			assertThat(Files.readAllLines(before.file())).noneMatch((line) -> line.startsWith("line "));
		}
	}

	@Test
	void aReconfigurationLosesNoLineAndKeepsOneManager() throws IOException {
		WriteCountingStream out = redirect(this.dir.resolve("out.log"));
		try (ConfigurableApplicationContext context = TestApplications.run(QUIET)) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			BatchingConsole first = (BatchingConsole) console("Console");
			TestApplications.logInfo("test", "line ", LINES / 2);
			// As a monitorInterval reload does. The old configuration drains its ring, then stops its Console, which flushes.
			loggerContext.onChange((Reconfigurable) loggerContext.getConfiguration());
			BatchingConsole second = (BatchingConsole) console("Console");
			assertThat(second).isNotSameAs(first);
			assertThat(first.isStopped()).isTrue();
			assertThat(second.getManager()).isSameAs(first.getManager());
			Log log = LogFactory.getLog("test");
			for (int i = LINES / 2; i < LINES; i++) {
				log.info("line " + i);
			}
			TestApplications.awaitQueuesEmpty(loggerContext);
			assertAllLines(out.file());
		}
	}

	@Test
	void anAppenderThatStopsFlushesWhatItBufferedThoughAnotherSharesItsManager() {
		WriteCountingStream out = redirect(this.dir.resolve("out.log"));
		BatchingConsole first = build("first");
		BatchingConsole second = build("second");
		assertThat(first.getManager()).isSameAs(second.getManager());
		String managerName = first.getManager().getName();
		for (int i = 0; i < 10; i++) {
			first.append(event("line " + i, false));
		}
		assertThat(out.writes()).as("nothing written before an end of batch").isZero();
		first.stop(5, TimeUnit.SECONDS);
		assertThat(lines(out.file())).containsExactlyElementsOf(numbered(10));
		assertThat(AbstractManager.hasManager(managerName)).as("still used by the second").isTrue();
		second.append(event("last", false));
		second.stop(5, TimeUnit.SECONDS);
		assertThat(lines(out.file())).endsWith("last");
		assertThat(AbstractManager.hasManager(managerName)).as("released by the last to stop").isFalse();
	}

	@Test
	void anEndOfBatchFlushesAndAnImmediateFlushFlushesEveryLine() {
		WriteCountingStream out = redirect(this.dir.resolve("out.log"));
		BatchingConsole batching = build("batching");
		try {
			batching.append(event("a", false));
			batching.append(event("b", false));
			assertThat(out.writes()).isZero();
			batching.append(event("c", true));
			assertThat(out.writes()).isOne();
			assertThat(lines(out.file())).containsExactly("a", "b", "c");
		}
		finally {
			batching.stop(5, TimeUnit.SECONDS);
		}
		BatchingConsole everyLine = BatchingConsole.newBuilder()
			.setName("every-line")
			.setLayout(PatternLayout.newBuilder().withPattern("%m%n").build())
			.setImmediateFlush(true)
			.build();
		everyLine.start();
		try {
			long before = out.writes();
			everyLine.append(event("d", false));
			everyLine.append(event("e", false));
			assertThat(out.writes() - before).isEqualTo(2);
		}
		finally {
			everyLine.stop(5, TimeUnit.SECONDS);
		}
	}

	/**
	 * Waits for start-up's lines to be written, then logs the numbered lines and counts the
	 * write() calls they took until every queue is empty; nothing flushes meanwhile.
	 */
	private static long logAndCountWrites(WriteCountingStream out) {
		LoggerContext loggerContext = TestApplications.loggerContext();
		TestApplications.awaitQueuesEmpty(loggerContext);
		long before = out.writes();
		TestApplications.logInfo("test", "line ", LINES);
		TestApplications.awaitQueuesEmpty(loggerContext);
		return out.writes() - before;
	}

	private static void assertAllLines(Path file) throws IOException {
		assertThat(Files.readAllLines(file)).filteredOn((line) -> line.startsWith("line "))
			.containsExactlyElementsOf(numbered(LINES));
	}

	private static List<String> numbered(int count) {
		return IntStream.range(0, count).mapToObj((i) -> "line " + i).toList();
	}

	private static List<String> lines(Path file) {
		return TestApplications.lines(file);
	}

	private static BatchingConsole build(String name) {
		BatchingConsole appender = BatchingConsole.newBuilder()
			.setName(name)
			.setLayout(PatternLayout.newBuilder().withPattern("%m%n").build())
			.setImmediateFlush(false)
			.build();
		appender.start();
		return appender;
	}

	private static Log4jLogEvent event(String message, boolean endOfBatch) {
		return Log4jLogEvent.newBuilder()
			.setLoggerName("test")
			.setLevel(Level.INFO)
			.setMessage(new SimpleMessage(message))
			.setEndOfBatch(endOfBatch)
			.build();
	}

	private static String[] with(String... properties) {
		String[] all = new String[QUIET.length + properties.length];
		System.arraycopy(QUIET, 0, all, 0, QUIET.length);
		System.arraycopy(properties, 0, all, QUIET.length, properties.length);
		return all;
	}

	private static AbstractOutputStreamAppender<?> console(String name) {
		Configuration configuration = TestApplications.loggerContext().getConfiguration();
		Appender appender = configuration.getAppender(name);
		assertThat(appender).as("%s in %s", name, configuration.getAppenders().keySet()).isNotNull();
		return (AbstractOutputStreamAppender<?>) appender;
	}

	/**
	 * Points standard output at a file, through a stream that counts its write() calls.
	 */
	private static WriteCountingStream redirect(Path file) {
		try {
			WriteCountingStream stream = new WriteCountingStream(file);
			System.setOut(new PrintStream(stream, false));
			return stream;
		}
		catch (IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

}
