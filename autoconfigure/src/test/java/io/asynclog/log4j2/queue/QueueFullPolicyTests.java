package io.asynclog.log4j2.queue;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.springframework.boot.logging.LogLevel;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import io.asynclog.queue.DroppedEvents;
import io.asynclog.queue.LogQueue;

/**
 * A 128-slot ring in front of a slow appender: 'discard' drops and counts exactly, 'block'
 * loses nothing.
 */
class QueueFullPolicyTests {

	private static final int PER_LEVEL = 2000;

	@Test
	void discardDropsOnlyAtOrBelowTheThresholdAndCountsEveryDrop() {
		long droppedInfoBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.INFO);
		long droppedDebugBefore = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.DEBUG);
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.ring-buffer-size=128",
				"asynclog.queue-full-policy=discard", "asynclog.discard-threshold=info", "logging.level.root=warn",
				"logging.level.test=debug")) {
			RecordingAppender slow = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ofNanos(200_000));
			TestApplications.logDebugAndInfoThenWarn("test", PER_LEVEL);
			await().atMost(Duration.ofSeconds(30))
				.until(() -> LogQueues.of(TestApplications.loggerContext()).get(0).used() == 0);
			long droppedInfo = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.INFO) - droppedInfoBefore;
			long droppedDebug = DroppedEvents.count(LogQueue.ASYNC_LOGGER, LogLevel.DEBUG) - droppedDebugBefore;
			assertThat(droppedInfo + droppedDebug).as("the slow appender made the queue overflow").isPositive();
			assertThat(slow.count(Level.INFO) + droppedInfo).isEqualTo(PER_LEVEL);
			assertThat(slow.count(Level.DEBUG) + droppedDebug).isEqualTo(PER_LEVEL);
			assertThat(slow.count(Level.WARN)).as("more severe than the threshold: waits, never dropped")
				.isEqualTo(PER_LEVEL);
		}
	}

	@Test
	void blockLosesNothing() {
		long droppedBefore = DroppedEvents.total(LogQueue.ASYNC_LOGGER);
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.ring-buffer-size=128",
				"logging.level.root=warn", "logging.level.test=info")) {
			RecordingAppender slow = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ofNanos(200_000));
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < PER_LEVEL; i++) {
				log.info("info " + i);
			}
			await().atMost(Duration.ofSeconds(30)).until(() -> slow.count(Level.INFO) == PER_LEVEL);
			assertThat(DroppedEvents.total(LogQueue.ASYNC_LOGGER)).isEqualTo(droppedBefore);
		}
	}

}
