package io.asynclog.log4j2.metrics;

import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContextSelector;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.log4j2.queue.CountingDiscardPolicy;
import io.asynclog.log4j2.queue.QueueProbe;

/**
 * Meters in all-async mode, where the ring buffer starts before application.yml is read:
 * the JVM chooses the selector, a 128-slot ring and asynclog's counting discard policy, as
 * the documentation tells users to. Surefire gives this class a JVM of its own.
 */
class AllAsyncMetricsTests {

	static {
		System.setProperty("log4j2.contextSelector", AsyncLoggerContextSelector.class.getName());
		System.setProperty("log4j2.asyncLoggerRingBufferSize", "128");
		System.setProperty("log4j2.asyncQueueFullPolicy", CountingDiscardPolicy.class.getName());
		System.setProperty("log4j2.discardThreshold", "INFO");
	}

	private static final int PER_LEVEL = 2000;

	@Test
	void dropsAreCountedAndLog4j2EventsCountsEveryEventLogged() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=all-async",
				"logging.level.root=warn", "logging.level.test=debug")) {
			assertThat(TestApplications.loggerContext()).isInstanceOf(AsyncLoggerContext.class);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.get("asynclog.queue.capacity").tag("queue", "async-logger").gauge().value())
				.isEqualTo(128);
			double[] eventsBefore = { MeterReadings.events(registry, "debug"), MeterReadings.events(registry, "info"),
					MeterReadings.events(registry, "warn") };
			long lagBefore = registry.get("asynclog.delivery.lag").timer().count();
			RecordingAppender slow = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ofNanos(200_000));
			TestApplications.logDebugAndInfoThenWarn("test", PER_LEVEL);
			await().atMost(Duration.ofSeconds(30)).until(() -> slow.count(Level.WARN) == PER_LEVEL
					&& registry.get("asynclog.queue.remaining").gauge().value() == 128);
			double droppedDebug = MeterReadings.dropped(registry, "async-logger", "debug");
			double droppedInfo = MeterReadings.dropped(registry, "async-logger", "info");
			assertThat(droppedDebug + droppedInfo).as("the slow appender made the ring overflow").isPositive();
			assertThat(slow.count(Level.DEBUG) + droppedDebug).isEqualTo(PER_LEVEL);
			assertThat(slow.count(Level.INFO) + droppedInfo).isEqualTo(PER_LEVEL);
			assertThat(MeterReadings.events(registry, "debug") - eventsBefore[0]).isEqualTo(PER_LEVEL);
			assertThat(MeterReadings.events(registry, "info") - eventsBefore[1]).isEqualTo(PER_LEVEL);
			assertThat(MeterReadings.events(registry, "warn") - eventsBefore[2]).isEqualTo(PER_LEVEL);
			// n consecutive events hold n/64 or n/64 + 1 multiples of 64, depending on what came before.
			int written = slow.events().size();
			await().untilAsserted(() -> assertThat(registry.get("asynclog.delivery.lag").timer().count() - lagBefore)
				.as("one measurement per 64 events written")
				.isBetween((long) written / QueueProbe.SAMPLE_EVERY,
						(long) (written + QueueProbe.SAMPLE_EVERY - 1) / QueueProbe.SAMPLE_EVERY));
		}
	}

}
