package io.asynclog.log4j2.metrics;

import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.core.queue.DeliveryLag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The queue meters of a real application on Log4j2 follow a reconfiguration of its
 * {@code LoggerContext} (as a changed configuration file or a JMX call makes one) to the new
 * ring buffer. The queue meters on both backends are in {@code QueueMetricsTests} and
 * {@code ObservabilityParityTests}.
 */
class Log4j2ReconfigurationMetersTests {

	private static final Duration PATIENCE = Duration.ofSeconds(20);

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
			await().atMost(PATIENCE).until(() -> lagCount(registry) - lagBefore == 640 / DeliveryLag.SAMPLE_EVERY);
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
