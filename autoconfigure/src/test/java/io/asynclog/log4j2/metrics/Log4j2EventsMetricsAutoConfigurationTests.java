package io.asynclog.log4j2.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.logging.Log4j2Metrics;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.logging.log4j2.Log4J2MetricsAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.autoconfigure.metrics.AsyncLogMetrics;
import io.asynclog.autoconfigure.metrics.AsyncLogMetricsAutoConfiguration;
import io.asynclog.autoconfigure.metrics.Log4j2EventsMetricsAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions of the {@code log4j2.events} counter's auto-configuration, next to Spring
 * Boot's. Log4j2 only: Micrometer's {@link Log4j2Metrics} is the binder Spring Boot registers
 * when Log4j2 is the logging library, and asynclog replaces it on Log4j2 alone.
 */
class Log4j2EventsMetricsAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncLogAutoConfiguration.class,
				AsyncLogMetricsAutoConfiguration.class, Log4j2EventsMetricsAutoConfiguration.class));

	private final ApplicationContextRunner withMetrics = this.runner
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class,
				Log4J2MetricsAutoConfiguration.class));

	@Test
	void springBootsOwnCounterWhenAsynclogIsDisabled() {
		this.withMetrics.withPropertyValues("asynclog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogMetrics.class)
				.getBean(Log4j2Metrics.class)
				.isNotInstanceOf(ExactLog4j2Metrics.class));
	}

	/**
	 * Not even asynclog's configuration runs here: a real application's case is
	 * {@code Log4j2EventsCountTests.asynclogsCounterOnlyWithAMeterRegistry}.
	 */
	@Test
	void theCounterNeedsAMeterRegistry() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(Log4j2Metrics.class));
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(Log4j2Metrics.class));
	}

	@Test
	void springBootsOwnCounterStaysWhileTheLog4j2ConfigurationIsNotAsynclogs() {
		// No logging system ran here; real applications get ExactLog4j2Metrics
		// (Log4j2EventsCountTests.asynclogsCounterOnlyWithAMeterRegistry).
		this.withMetrics.run((context) -> {
			assertThat(context).hasSingleBean(AsyncLogMetrics.class).hasSingleBean(Log4j2Metrics.class);
			assertThat(context.getBean(Log4j2Metrics.class)).isNotInstanceOf(ExactLog4j2Metrics.class);
		});
	}

	@Test
	void aLog4j2MetricsBeanOfTheUsersWins() {
		this.withMetrics.withUserConfiguration(UserLog4j2Metrics.class).run((context) -> {
			assertThat(context).hasSingleBean(Log4j2Metrics.class);
			assertThat(context.getBean(Log4j2Metrics.class)).isSameAs(context.getBean("userLog4j2Metrics"));
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserLog4j2Metrics {

		@Bean
		Log4j2Metrics userLog4j2Metrics() {
			return new Log4j2Metrics();
		}

	}

}
