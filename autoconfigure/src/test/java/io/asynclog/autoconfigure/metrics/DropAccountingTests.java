package io.asynclog.autoconfigure.metrics;

import java.time.Duration;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.QueueDescriptor;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 'discard' policy in front of a slow appender: per level, events logged equal events
 * written plus events dropped, and the meters, the endpoint and the health all say so.
 */
class DropAccountingTests {

	private static final int PER_LEVEL = 2000;

	@Test
	void loggedEqualsWrittenPlusDroppedPerLevel() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.ring-buffer-size=128",
				"asynclog.queue-full-policy=discard", "asynclog.discard-threshold=info", "logging.level.root=warn",
				"logging.level.test=debug", "management.endpoints.web.exposure.include=asynclog")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			double[] eventsBefore = events(registry);
			RecordingAppender slow = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ofNanos(200_000));
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < PER_LEVEL; i++) {
				log.debug("debug " + i);
				log.info("info " + i);
				log.warn("warn " + i);
			}
			await().atMost(Duration.ofSeconds(30))
				.until(() -> registry.get("asynclog.queue.remaining").gauge().value() == 128);
			double droppedDebug = dropped(registry, "debug");
			double droppedInfo = dropped(registry, "info");
			assertThat(droppedDebug + droppedInfo).as("the slow appender made the queue overflow").isPositive();
			assertThat(slow.count(Level.DEBUG) + droppedDebug).isEqualTo(PER_LEVEL);
			assertThat(slow.count(Level.INFO) + droppedInfo).isEqualTo(PER_LEVEL);
			assertThat(dropped(registry, "warn")).as("more severe than the threshold: waits").isZero();
			assertThat(slow.count(Level.WARN)).isEqualTo(PER_LEVEL);
			double[] eventsAfter = events(registry);
			assertThat(eventsAfter[0] - eventsBefore[0]).as("log4j2.events counts dropped events as logged")
				.isEqualTo(PER_LEVEL);
			assertThat(eventsAfter[1] - eventsBefore[1]).isEqualTo(PER_LEVEL);
			assertThat(eventsAfter[2] - eventsBefore[2]).isEqualTo(PER_LEVEL);

			List<QueueDescriptor> queues = context.getBean(AsyncLogEndpoint.class).asyncLog().queues();
			assertThat(queues).singleElement()
				.satisfies((queue) -> assertThat(queue.dropped()).isEqualTo((long) (droppedDebug + droppedInfo)));
			Health health = context.getBean(AsyncLogHealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails().get("reasons")).asString().contains("queue 'async-logger' dropped events");
		}
	}

	private static double dropped(MeterRegistry registry, String level) {
		return registry.get("asynclog.events.dropped").tag("queue", "async-logger").tag("level", level)
			.functionCounter()
			.count();
	}

	private static double[] events(MeterRegistry registry) {
		return new double[] { registry.get("log4j2.events").tag("level", "debug").functionCounter().count(),
				registry.get("log4j2.events").tag("level", "info").functionCounter().count(),
				registry.get("log4j2.events").tag("level", "warn").functionCounter().count() };
	}

}
