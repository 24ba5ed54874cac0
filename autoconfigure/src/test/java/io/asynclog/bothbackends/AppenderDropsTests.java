package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.fixtures.LoopbackOtlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Events an appender is handed but does not write, counted on both backends in
 * {@code asynclog.events.dropped} with a reason and shown by the endpoint: a call back into
 * an appender from inside its own append, and an event that reaches an appender after it
 * stopped. Every line logged is written or counted.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AppenderDropsTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int CALLS = 5_000;

	@TempDir
	Path dir;

	/**
	 * The recording appender logs a WARN for each call it appends, from the background
	 * thread, while the callers keep the 128-slot ring full: an echo that finds no room is
	 * handed to the appenders on the spot, and the recording appender, still inside the
	 * append that logged it, is skipped. Each echo is written or counted; each call is
	 * written or dropped by the 'discard' policy.
	 */
	@Test
	void aCallBackIntoAnAppenderFromItsOwnAppendIsCounted() {
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "asynclog.ring-buffer-size=128",
				"asynclog.queue-full-policy=discard", "management.endpoints.web.exposure.include=asynclog",
				"logging.level.root=warn", "logging.level.test=info")) {
			Recorder recorder = Recorder.named(Recorder.RECORDING);
			recorder.echoCalls();
			long droppedBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.INFO);
			long recursiveBefore = AppenderDrops.count(Recorder.RECORDING, Reason.RECURSIVE_CALL);
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < CALLS; i++) {
				log.info("call " + i);
			}
			Apps.awaitQueuesEmpty();
			long callsDropped = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.INFO) - droppedBefore;
			long recursive = AppenderDrops.count(Recorder.RECORDING, Reason.RECURSIVE_CALL) - recursiveBefore;
			assertThat(recorder.count(LogLevel.INFO) + callsDropped).as("calls written + dropped").isEqualTo(CALLS);
			assertThat(recursive).as("echoes that found the ring full").isPositive();
			assertThat(recorder.count(LogLevel.WARN) + recursive).as("echoes written + skipped as recursive")
				.isEqualTo(recorder.echoed());
			assertThat(dropped(context, Recorder.RECORDING, Reason.RECURSIVE_CALL))
				.isEqualTo(recursiveBefore + recursive);
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders())
				.filteredOn((appender) -> appender.name().equals(Recorder.RECORDING))
				.singleElement()
				.satisfies((appender) -> assertThat(appender.dropped()).containsEntry("recursive-call",
						recursiveBefore + recursive));
		}
	}

	/**
	 * Events that reach a file appender after it stopped, its file closed: the libraries
	 * would only say so in their status messages. Each is counted, none is written.
	 */
	@Test
	void eventsForAStoppedAppenderAreCounted() {
		Path file = this.dir.resolve("main.log");
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%m%n",
				"asynclog.loggers.root.appenders=main,recording", "logging.level.root=warn",
				"logging.level.test=info")) {
			Log log = LogFactory.getLog("test");
			log.info("before the stop");
			Apps.awaitQueuesEmpty();
			BACKEND.stopAppender("main");
			for (int i = 0; i < 100; i++) {
				log.info("after the stop " + i);
			}
			Apps.awaitQueuesEmpty();
			assertThat(AppenderDrops.count("main", Reason.APPENDER_STOPPED)).isEqualTo(100);
			assertThat(dropped(context, "main", Reason.APPENDER_STOPPED)).isEqualTo(100);
			assertThat(Apps.lines(file)).containsExactly("before the stop");
			assertThat(Recorder.named(Recorder.RECORDING).count(LogLevel.INFO)).as("the other appender").isEqualTo(101);
		}
	}

	/**
	 * Events that reach a remote appender after it stopped, its lane closed: Log4j2 still
	 * hands them to the appender, which sends nothing. Each is counted as for a file, none is
	 * sent.
	 */
	@Test
	void eventsForAStoppedRemoteAppenderAreCounted() throws Exception {
		try (LoopbackOtlp receiver = LoopbackOtlp.http();
				ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "asynclog.appenders.ship.type=otlp",
						"asynclog.appenders.ship.endpoint=" + receiver.endpoint(),
						"asynclog.appenders.ship.spool.directory=" + this.dir.resolve("spool"),
						"asynclog.loggers.test.appenders=ship", "logging.level.root=warn", "logging.level.test=info")) {
			Log log = LogFactory.getLog("test");
			log.info("before the stop");
			Apps.awaitQueuesEmpty();
			await("the line before the stop received").atMost(Duration.ofSeconds(30))
				.until(() -> receiver.count() == 1);
			BACKEND.stopAppender("ship");
			for (int i = 0; i < 100; i++) {
				log.info("after the stop " + i);
			}
			Apps.awaitQueuesEmpty();
			assertThat(AppenderDrops.count("ship", Reason.APPENDER_STOPPED)).isEqualTo(100);
			assertThat(dropped(context, "ship", Reason.APPENDER_STOPPED)).isEqualTo(100);
			assertThat(receiver.records()).extracting(LoopbackOtlp.Received::body).containsExactly("before the stop");
			assertThat(Recorder.named(Recorder.RECORDING).count(LogLevel.INFO)).as("the other appender").isEqualTo(101);
		}
	}

	private static double dropped(ConfigurableApplicationContext context, String appender, Reason reason) {
		FunctionCounter counter = context.getBean(MeterRegistry.class)
			.get("asynclog.events.dropped")
			.tags("reason", reason.tag(), "appender", appender, "queue", "none", "level", "none")
			.functionCounter();
		return counter.count();
	}

}
