package io.asynclog.autoconfigure.metrics;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.bothbackends.Apps;
import io.asynclog.bothbackends.BackendUnderTest;
import io.asynclog.bothbackends.Recorder;
import io.asynclog.core.queue.DeliveryLag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The delivery lag of a real application on either backend, read from its meter registry
 * while the background thread is held back by a stalled appender. How the meters follow a
 * reconfiguration of Log4j2 is in {@code log4j2.metrics.Log4j2ReconfigurationMetersTests}.
 */
class QueueMetricsTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final Duration PATIENCE = Duration.ofSeconds(20);

	@Test
	void deliveryLagMeasuresOneEventInSixtyFourOncePerPathAndShowsAHeldQueue() throws InterruptedException {
		// The child logger writes to an appender of its own and, being additive, through its
		// synchronous parent to the root's: on the background thread its events pass two
		// loggers with appenders.
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "logging.level.test=info",
				"asynclog.loggers[test].mode=sync", "logging.level.test.child=debug",
				"asynclog.appenders.side.type=file",
				"asynclog.appenders.side.file-name=target/queue-metrics-tests/" + BACKEND + "-side.log",
				"asynclog.loggers[test.child].appenders=side")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			Apps.awaitQueuesEmpty();
			Recorder recorder = Recorder.named(Recorder.RECORDING);
			recorder.countStartingWith("path ");
			long before = lagCount(registry);
			recorder.hold();
			// 640 consecutive events hold exactly 10 multiples of 64, whatever came before.
			for (int i = 0; i < 320; i++) {
				LogFactory.getLog("test").info("path root " + i);
				LogFactory.getLog("test.child.Service").debug("path child " + i);
			}
			Thread.sleep(250);
			recorder.release();
			await().atMost(PATIENCE)
				.until(() -> recorder.countStartingWith(LogLevel.INFO) + recorder.countStartingWith(LogLevel.DEBUG) == 640);
			await().atMost(PATIENCE).until(() -> lagCount(registry) - before == 640 / DeliveryLag.SAMPLE_EVERY);
			Thread.sleep(200);
			assertThat(lagCount(registry) - before)
				.as("one event in 64 measured, once per event, not once per logger on its path")
				.isEqualTo(640 / DeliveryLag.SAMPLE_EVERY);
			assertThat(registry.get("asynclog.delivery.lag").timer().max(TimeUnit.MILLISECONDS))
				.as("the first events waited for the held appender")
				.isGreaterThanOrEqualTo(200);
		}
	}

	private static long lagCount(MeterRegistry registry) {
		return registry.get("asynclog.delivery.lag").tag("queue", "async-logger").timer().count();
	}

}
