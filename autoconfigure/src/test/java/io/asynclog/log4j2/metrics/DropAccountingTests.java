package io.asynclog.log4j2.metrics;

import java.time.Duration;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.Callers;
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
	void anAsyncAppenderCountsItsDropsUnderTheAppenderItFeeds() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=async-appender",
				"asynclog.queue-full-policy=discard", "asynclog.discard-threshold=info", "logging.level.root=warn",
				"logging.level.test=debug")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			LoggerContext loggerContext = TestApplications.loggerContext();
			Configuration configuration = loggerContext.getConfiguration();
			// Added at run time, as a library might: the monitor finds the new queue on its own.
			RecordingAppender slow = RecordingAppender.addTo(configuration, "slow", Duration.ofNanos(200_000));
			AsyncAppender async = AsyncAppender.newBuilder()
				.setName("Async-slow")
				.setAppenderRefs(new AppenderRef[] { AppenderRef.createAppenderRef("slow", null, null) })
				.setConfiguration(configuration)
				.setBufferSize(128)
				.build();
			async.start();
			configuration.addAppender(async);
			configuration.getRootLogger().removeAppender("Async-Console");
			configuration.getRootLogger().addAppender(async, null, null);
			loggerContext.updateLoggers();
			double asyncLoggerDropsBefore = MeterReadings.dropped(registry, "async-logger", "info");
			await().atMost(Duration.ofSeconds(5))
				.until(() -> registry.find("asynclog.queue.capacity").tag("queue", "slow").gauge() != null);
			TestApplications.logDebugInfoAndWarn("test", PER_LEVEL);
			await().atMost(Duration.ofSeconds(30)).until(() -> slow.count(Level.WARN) == PER_LEVEL
					&& registry.get("asynclog.queue.remaining").tag("queue", "slow").gauge().value() == 128);
			double droppedDebug = MeterReadings.dropped(registry, "slow", "debug");
			double droppedInfo = MeterReadings.dropped(registry, "slow", "info");
			assertThat(droppedDebug + droppedInfo).as("the slow appender made its queue overflow").isPositive();
			assertThat(slow.count(Level.DEBUG) + droppedDebug).isEqualTo(PER_LEVEL);
			assertThat(slow.count(Level.INFO) + droppedInfo).isEqualTo(PER_LEVEL);
			assertThat(MeterReadings.dropped(registry, "async-logger", "info")).isEqualTo(asyncLoggerDropsBefore);
		}
	}

	private static double dropped(MeterRegistry registry, String level) {
		return MeterReadings.dropped(registry, "async-logger", level);
	}

	private static double[] events(MeterRegistry registry) {
		return new double[] { MeterReadings.events(registry, "debug"), MeterReadings.events(registry, "info"),
				MeterReadings.events(registry, "warn") };
	}

}
