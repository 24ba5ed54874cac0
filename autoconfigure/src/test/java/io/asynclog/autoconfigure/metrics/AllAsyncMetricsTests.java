package io.asynclog.autoconfigure.metrics;

import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContextSelector;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.log4j2.CountingDiscardPolicy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
			double[] eventsBefore = { events(registry, "debug"), events(registry, "info"), events(registry, "warn") };
			long lagBefore = registry.get("asynclog.delivery.lag").timer().count();
			RecordingAppender slow = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ofNanos(200_000));
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < PER_LEVEL; i++) {
				log.debug("debug " + i);
				log.info("info " + i);
				log.warn("warn " + i);
			}
			await().atMost(Duration.ofSeconds(30)).until(() -> slow.count(Level.WARN) == PER_LEVEL
					&& registry.get("asynclog.queue.remaining").gauge().value() == 128);
			double droppedDebug = dropped(registry, "debug");
			double droppedInfo = dropped(registry, "info");
			assertThat(droppedDebug + droppedInfo).as("the slow appender made the ring overflow").isPositive();
			assertThat(slow.count(Level.DEBUG) + droppedDebug).isEqualTo(PER_LEVEL);
			assertThat(slow.count(Level.INFO) + droppedInfo).isEqualTo(PER_LEVEL);
			assertThat(events(registry, "debug") - eventsBefore[0]).isEqualTo(PER_LEVEL);
			assertThat(events(registry, "info") - eventsBefore[1]).isEqualTo(PER_LEVEL);
			assertThat(events(registry, "warn") - eventsBefore[2]).isEqualTo(PER_LEVEL);
			await().untilAsserted(() -> assertThat(registry.get("asynclog.delivery.lag").timer().count() - lagBefore)
				.as("one measurement per event written").isEqualTo(slow.events().size()));
		}
	}

	private static double dropped(MeterRegistry registry, String level) {
		return registry.get("asynclog.events.dropped").tag("queue", "async-logger").tag("level", level)
			.functionCounter()
			.count();
	}

	private static double events(MeterRegistry registry, String level) {
		return registry.get("log4j2.events").tag("level", level).functionCounter().count();
	}

}
