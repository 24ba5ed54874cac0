package io.asynclog.autoconfigure.metrics;

import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.log4j2.queue.QueueProbe;

/**
 * The queue meters of a real application, read from its meter registry while the
 * background thread is held back by a stalled appender.
 */
class QueueMetricsTests {

	private static final Duration PATIENCE = Duration.ofSeconds(20);

	@Test
	void deliveryLagMeasuresOneEventInSixtyFourOncePerPathAndShowsAHeldQueue() throws InterruptedException {
		// The child logger writes to an appender of its own and, being additive, through its
		// synchronous parent to the root's: on the background thread its events pass two async
		// loggers with appenders.
		try (ConfigurableApplicationContext context = TestApplications.run("logging.level.test=info",
				"asynclog.loggers[test].mode=sync",
				"logging.level.test.child=debug", "asynclog.appenders.side.type=file",
				"asynclog.appenders.side.file-name=target/queue-metrics-tests/side.log",
				"asynclog.loggers[test.child].appenders=side")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			RecordingAppender appender = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ZERO);
			long before = lagCount(registry);
			appender.hold();
			// 640 consecutive events hold exactly 10 multiples of 64, whatever came before.
			for (int i = 0; i < 320; i++) {
				LogFactory.getLog("test").info("root path " + i);
				LogFactory.getLog("test.child.Service").debug("child path " + i);
			}
			Thread.sleep(250);
			appender.release();
			await().atMost(PATIENCE).until(() -> appender.events().size() == 640);
			await().atMost(PATIENCE).until(() -> lagCount(registry) - before == 640 / QueueProbe.SAMPLE_EVERY);
			Thread.sleep(200);
			assertThat(lagCount(registry) - before)
				.as("one event in 64 measured, once per event, not once per logger on its path")
				.isEqualTo(640 / QueueProbe.SAMPLE_EVERY);
			assertThat(registry.get("asynclog.delivery.lag").timer().max(java.util.concurrent.TimeUnit.MILLISECONDS))
				.as("the first events waited for the held appender")
				.isGreaterThanOrEqualTo(200);
		}
	}

	@Test
	void metersFollowAReconfigurationToTheNewRingBuffer() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.ring-buffer-size=2048",
				"logging.level.test=info")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			LoggerContext loggerContext = TestApplications.loggerContext();
			Object oldConfiguration = loggerContext.getConfiguration();
			loggerContext.reconfigure();
			assertThat(loggerContext.getConfiguration()).isNotSameAs(oldConfiguration);
			RecordingAppender appender = RecordingAppender.holdAtRoot(loggerContext);
			long lagBefore = lagCount(registry);
			double eventsBefore = MeterReadings.events(registry, "info");
			TestApplications.logInfo("test", "after reconfigure ", 640);
			assertThat(registry.get("asynclog.queue.capacity").gauge().value()).isEqualTo(2048);
			assertThat(remaining(registry)).as("read from the new ring buffer").isEqualTo(2048 - 640);
			appender.release();
			await().atMost(PATIENCE).until(() -> remaining(registry) == 2048);
			await().atMost(PATIENCE).until(() -> lagCount(registry) - lagBefore == 640 / QueueProbe.SAMPLE_EVERY);
			assertThat(MeterReadings.events(registry, "info") - eventsBefore)
				.isEqualTo(640);
		}
	}

	private static double remaining(MeterRegistry registry) {
		return registry.get("asynclog.queue.remaining").tag("queue", "async-logger").gauge().value();
	}

	private static long lagCount(MeterRegistry registry) {
		return registry.get("asynclog.delivery.lag").tag("queue", "async-logger").timer().count();
	}

}
