package io.asynclog.log4j2.metrics;

import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.logging.Log4j2Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Spring Boot's {@code log4j2.events} counter counts each event once in every mode: events
 * of the root logger, of an additive child that Spring Boot configured at start-up, of an
 * additive child with an appender of its own, and of a non-additive logger. asynclog's
 * counter takes the place of Micrometer's only where there is a meter registry.
 */
class Log4j2EventsCountTests {

	private static final int PER_LOGGER = 40;

	@Test
	void micrometersOwnCounterCountsTwiceThroughAnAsyncLoggerWithAParent() {
		try (ConfigurableApplicationContext context = TestApplications.run(properties("async-logger"))) {
			MeterRegistry plain = new SimpleMeterRegistry();
			try (Log4j2Metrics micrometers = new Log4j2Metrics()) {
				micrometers.bindTo(plain);
				logFromEveryKindOfLogger();
				// The child with an appender of its own passes the root's filter on the logging
				// thread and again on the background thread. This is why asynclog replaces the
				// counter: if this starts to fail, Micrometer's has become exact and
				// ExactLog4j2Metrics can go.
				await().untilAsserted(() -> assertThat(plain.get("log4j2.events").tag("level", "info").counter().count())
					.isEqualTo(4 * PER_LOGGER));
			}
		}
	}

	/**
	 * In a real application, where asynclog's Log4j2 configuration runs: without it the
	 * auto-configuration's conditions are never all met ({@link Log4j2EventsMetricsAutoConfigurationTests}).
	 */
	@Test
	void asynclogsCounterOnlyWithAMeterRegistry() {
		try (ConfigurableApplicationContext context = TestApplications.run(properties("async-logger"))) {
			assertThat(context.getBean(Log4j2Metrics.class)).isInstanceOf(ExactLog4j2Metrics.class);
		}
		String[] withoutMetrics = new String[] { "asynclog.mode=async-logger",
				"spring.autoconfigure.exclude=" + MetricsAutoConfiguration.class.getName() };
		try (ConfigurableApplicationContext context = TestApplications.run(withoutMetrics)) {
			assertThat(context.getBeanNamesForType(MeterRegistry.class)).as("meter registries").isEmpty();
			assertThat(context.getBeanNamesForType(Log4j2Metrics.class)).as("log4j2.events counters").isEmpty();
		}
	}

	private static String[] properties(String mode) {
		return new String[] { "asynclog.mode=" + mode, "logging.level.root=info", "logging.level.events.child=debug",
				"asynclog.appenders.side.type=file",
				"asynclog.appenders.side.file-name=target/log4j2-events-count-tests/" + mode + "-side.log",
				"asynclog.appenders.audit.type=file",
				"asynclog.appenders.audit.file-name=target/log4j2-events-count-tests/" + mode + "-audit.log",
				"asynclog.loggers[events.side].appenders=side", "asynclog.loggers[events.audit].appenders=audit",
				"asynclog.loggers[events.audit].additivity=false" };
	}

	private static void logFromEveryKindOfLogger() {
		for (int i = 0; i < PER_LOGGER; i++) {
			LogFactory.getLog("events").info("root logger " + i);
			LogFactory.getLog("events.child.Service").debug("child set up by Spring Boot " + i);
			LogFactory.getLog("events.side.Service").info("child with its own appender " + i);
			LogFactory.getLog("events.audit.Service").info("non-additive " + i);
		}
	}

	private static Map<String, Double> counts(MeterRegistry registry) {
		return Map.of("info", MeterReadings.events(registry, "info"), "debug", MeterReadings.events(registry, "debug"));
	}

}
