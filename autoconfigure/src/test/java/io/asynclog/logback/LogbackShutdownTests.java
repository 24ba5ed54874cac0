package io.asynclog.logback;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.EchoEncoder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.logback.queue.AppenderRing;
import io.asynclog.logback.queue.Delegates;
import io.asynclog.logback.queue.QueueProbe;
import io.asynclog.logback.queue.QueueSettings;

/**
 * Spring Boot's Logback shutdown handler stops the logger context once the application has
 * closed: the ring drains up to {@code asynclog.shutdown-timeout}, writes everything it can,
 * reports what it could not, and then stops the appenders it owns.
 */
class LogbackShutdownTests {


	private static final Pattern LOST = Pattern
		.compile("asynclog: (\\d+) log events were lost at shutdown: they were still queued when"
				+ " asynclog.shutdown-timeout \\(300ms\\) ran out, or reached a queue after, and were written nowhere"
				+ " \\[async-logger: \\1\\]");

	@TempDir
	Path dir;

	@Test
	void theDrainWritesEveryQueuedLineBeforeTheAppendersStop() throws InterruptedException {
		Path file = this.dir.resolve("drain.log");
		int lines = 5000;
		Appender<ILoggingEvent> main;
		// Every line fits in the ring while its thread is held: the drain is what this test watches.
		try (ConfigurableApplicationContext context = LogbackApps.run(properties(file, "asynclog.shutdown-timeout=20s",
				"asynclog.ring-buffer-size=8192"))) {
			main = LogbackModesTests.appender("main");
			BackgroundGate gate = BackgroundGate.on(main, Duration.ZERO).hold();
			logLines(lines);
			assertThat(LogbackApps.lines(file)).as("held behind the background thread").isEmpty();
			Thread releaser = new Thread(() -> {
				sleep(300);
				gate.release();
			});
			releaser.start();
		}
		LogbackApps.runSpringBootShutdownHandler();
		assertThat(LogbackApps.lines(file))
			.containsExactlyElementsOf(IntStream.range(0, lines).mapToObj((i) -> "line " + i).toList());
		assertThat(main.isStarted()).as("stopped by the ring that owned it, after the drain").isFalse();
	}

	@Test
	void whatCannotBeWrittenInTimeIsCountedAndReported() {
		Path file = this.dir.resolve("lost.log");
		int lines = 3000;
		String report;
		try (ConfigurableApplicationContext context = LogbackApps.run(properties(file, "asynclog.shutdown-timeout=300ms"))) {
			// A disk that takes a millisecond a line: three seconds of backlog.
			BackgroundGate.on(LogbackModesTests.appender("main"), Duration.ofMillis(1));
			logLines(lines);
		}
		PrintStream originalErr = System.err;
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
		long start = System.nanoTime();
		try {
			LogbackApps.runSpringBootShutdownHandler();
		}
		finally {
			System.setErr(originalErr);
		}
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		report = err.toString(StandardCharsets.UTF_8);
		originalErr.print(report);
		assertThat(report).contains("asynclog.shutdown-timeout (300ms) ran out with log events still queued;"
				+ " asynclog hands them to no appender and counts each");
		Matcher lost = LOST.matcher(report);
		assertThat(lost.find()).as("lost report in %s", report).isTrue();
		long lostCount = Long.parseLong(lost.group(1));
		List<String> written = LogbackApps.lines(file);
		assertThat(lostCount).isPositive();
		assertThat(written.size() + lostCount).as("written plus reported lost").isEqualTo(lines);
		assertThat(written).containsExactlyElementsOf(IntStream.range(0, written.size()).mapToObj((i) -> "line " + i).toList());
		assertThat(took).as("the stop is bounded by the timeout, not the backlog").isLessThan(Duration.ofMillis(2500));
	}

	@Test
	void anEventThatReachesAStoppedRingIsCountedAsDropped() {
		LoggerContext context = new LoggerContext();
		context.setMDCAdapter(new LogbackMDCAdapter());
		FileAppender<ILoggingEvent> file = new FileAppender<>();
		file.setContext(context);
		file.setName("stopped-ring-test");
		file.setFile(this.dir.resolve("stopped.log").toString());
		file.setEncoder(new EchoEncoder<>());
		file.start();
		Delegates.Owners owners = new Delegates.Owners();
		owners.hold(file);
		AppenderRing ring = new AppenderRing(file,
				QueueSettings.of(new AsyncLogProperties(), 128, 1, List.of(new QueueProbe(false)), ownDeadline()), owners);
		ring.start();
		Logger logger = context.getLogger("test");
		ring.doAppend(new LoggingEvent(Logger.FQCN, logger, Level.INFO, "before", null, null));
		ring.stop();
		assertThat(file.isStarted()).isFalse();
		assertThat(LogbackApps.lines(this.dir.resolve("stopped.log"))).singleElement().asString().contains("before");
		long before = DroppedEvents.count("stopped-ring-test", LogLevel.WARN);
		ring.doAppend(new LoggingEvent(Logger.FQCN, logger, Level.WARN, "after", null, null));
		assertThat(DroppedEvents.count("stopped-ring-test", LogLevel.WARN)).isEqualTo(before + 1);
	}

	private static String[] properties(Path file, String... more) {
		List<String> properties = new java.util.ArrayList<>(List.of("asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%m%n",
				"logging.level.root=warn", "logging.level.test=info"));
		properties.addAll(List.of(more));
		return properties.toArray(String[]::new);
	}

	private static void logLines(int lines) {
		Log log = LogFactory.getLog("test");
		for (int i = 0; i < lines; i++) {
			log.info("line " + i);
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A shutdown deadline for one ring alone: each stop starts its own clock.
	 */
	private static ShutdownDeadline ownDeadline() {
		return new ShutdownDeadline(new AsyncLogProperties().getShutdownTimeout());
	}

}
