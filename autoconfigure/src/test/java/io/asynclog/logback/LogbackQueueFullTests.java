package io.asynclog.logback;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.CallOrder;
import io.asynclog.Callers;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 128-slot ring in front of a held or slowed background thread: 'discard' drops and counts
 * exactly by level, 'block' loses nothing and keeps a trustworthy order with many threads, and
 * an appender that logs on the background thread does not deadlock a full ring.
 */
class LogbackQueueFullTests {

	private static final int PER_LEVEL = 2000;

	@TempDir
	Path dir;

	@Test
	void discardDropsOnlyAtOrBelowTheThresholdAndCountsEveryDrop() {
		long infoBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.INFO);
		long debugBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.DEBUG);
		long warnBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.WARN);
		try (ConfigurableApplicationContext context = LogbackApps.run(LogbackApps.concat(file("discard.log"),
				"asynclog.ring-buffer-size=128", "asynclog.queue-full-policy=discard", "asynclog.discard-threshold=info",
				"logging.level.root=warn", "logging.level.test=debug"))) {
			BackgroundGate gate = BackgroundGate.on(LogbackModesTests.appender("main"), Duration.ZERO).hold();
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < PER_LEVEL; i++) {
				log.debug("debug " + i);
				log.info("info " + i);
			}
			gate.release();
			// WARN waits for room: logged once the background thread runs again.
			for (int i = 0; i < PER_LEVEL; i++) {
				log.warn("warn " + i);
			}
			LogbackApps.awaitRingsEmpty();
			long droppedInfo = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.INFO) - infoBefore;
			long droppedDebug = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.DEBUG) - debugBefore;
			// The held thread keeps the first event's slot: 128 events fit, every other one was dropped.
			assertThat(droppedInfo + droppedDebug).isEqualTo(2 * PER_LEVEL - 128);
			assertThat(gate.count(Level.INFO) + droppedInfo).isEqualTo(PER_LEVEL);
			assertThat(gate.count(Level.DEBUG) + droppedDebug).isEqualTo(PER_LEVEL);
			assertThat(gate.count(Level.WARN)).as("more severe than the threshold: waits, never dropped")
				.isEqualTo(PER_LEVEL);
			assertThat(DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.WARN)).isEqualTo(warnBefore);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "async-logger", "async-appender" })
	void blockLosesNothingAndKeepsOrderWhenSixteenThreadsFillA128SlotRing(String mode) {
		int threads = 16;
		int calls = 2000;
		long droppedBefore = DroppedEvents.total();
		Path file = this.dir.resolve("block.log");
		try (ConfigurableApplicationContext context = LogbackApps.run(LogbackApps.concat(file("block.log"), "asynclog.mode=" + mode,
				"asynclog.ring-buffer-size=128", "asynclog.async-appender.buffer-size=128", "logging.level.root=warn",
				"logging.level.test=info"))) {
			// A slow sink keeps the ring full for the whole run.
			BackgroundGate gate = BackgroundGate.on(LogbackModesTests.appender("main"), Duration.ofNanos(20_000));
			Log log = LogFactory.getLog("test");
			CallOrder order = new CallOrder();
			Callers.run(threads, calls, Duration.ofSeconds(120), (thread, call) -> order.log(log, thread, call));
			List<String> lines = LogbackApps.awaitLines(file, threads * calls);
			long mostMissing = CallOrder.assertTrustworthyOrder(lines, threads, calls);
			System.err.printf("asynclog test: %s, %d threads, most lower numbers missing %d%n", mode, threads,
					mostMissing);
			assertThat(gate.count(Level.INFO)).isEqualTo((long) threads * calls);
			assertThat(DroppedEvents.total()).isEqualTo(droppedBefore);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "block", "discard" })
	void anAppenderThatLogsOnTheBackgroundThreadDoesNotDeadlockAFullRing(String policy) {
		int threads = 8;
		int calls = 500;
		Path file = this.dir.resolve("echo.log");
		try (ConfigurableApplicationContext context = LogbackApps.run(LogbackApps.concat(file("echo.log"),
				"asynclog.queue-full-policy=" + policy, "asynclog.ring-buffer-size=128", "logging.level.root=warn"))) {
			Echo echo = new Echo();
			echo.start();
			LogbackModesTests.appender("main").addFilter(echo);
			Log log = LogFactory.getLog("test");
			// WARN: more severe than discard's threshold, so under both policies every call waits for room.
			Callers.run(threads, calls, Duration.ofSeconds(120), (thread, call) -> log.warn("call " + thread + " " + call));
			List<String> lines = LogbackApps.awaitLines(file, 2 * threads * calls);
			assertThat(lines).filteredOn((line) -> line.startsWith("call ")).hasSize(threads * calls);
			assertThat(lines).filteredOn((line) -> line.startsWith("echo ")).hasSize(threads * calls);
			assertThat(echo.fullRingSeen).as("the background thread logged into a full ring").isTrue();
		}
	}

	private String[] file(String name) {
		// The file alone, not Spring Boot's console beside it.
		return new String[] { "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve(name), "asynclog.appenders.main.pattern=%m%n",
				"asynclog.loggers.root.appenders=main" };
	}

	/**
	 * Logs an echo of every call from the ring's background thread, slowly enough that the
	 * ring is full when it does.
	 */
	static final class Echo extends Filter<ILoggingEvent> {

		private final Logger logger = LoggerFactory.getLogger("echo");

		volatile boolean fullRingSeen;

		@Override
		public FilterReply decide(ILoggingEvent event) {
			if (event.getLoggerName().equals("test")) {
				if (LogbackApps.ring(LogQueue.ASYNC_LOGGER).reading().remaining() == 0) {
					this.fullRingSeen = true;
				}
				this.logger.warn("echo " + event.getFormattedMessage());
			}
			return FilterReply.NEUTRAL;
		}

	}

}
