package io.asynclog.autoconfigure;

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

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpointAutoConfiguration;
import io.asynclog.autoconfigure.health.AsyncLogHealthContributorAutoConfiguration;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;
import io.asynclog.autoconfigure.metrics.AppenderErrorMetrics;
import io.asynclog.autoconfigure.metrics.AsyncLogMetrics;
import io.asynclog.autoconfigure.metrics.AsyncLogMetricsAutoConfiguration;
import io.asynclog.autoconfigure.metrics.Log4j2EventsMetricsAutoConfiguration;
import io.asynclog.autoconfigure.metrics.ShippingMetrics;
import io.asynclog.core.queue.QueueMonitor;
import io.asynclog.log4j2.metrics.ExactLog4j2Metrics;

/**
 * The conditions of the endpoint, health and metrics auto-configurations.
 */
class ObservabilityAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncLogAutoConfiguration.class,
				AsyncLogEndpointAutoConfiguration.class, AsyncLogHealthContributorAutoConfiguration.class,
				AsyncLogMetricsAutoConfiguration.class, Log4j2EventsMetricsAutoConfiguration.class));

	private final ApplicationContextRunner withMetrics = this.runner
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class,
				Log4J2MetricsAutoConfiguration.class));

	@Test
	void endpointOnlyOnceExposed() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogEndpoint.class));
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=asynclog")
			.run((context) -> assertThat(context).hasSingleBean(AsyncLogEndpoint.class));
	}

	@Test
	void healthIndicatorIsNamedAsynclogAndCanBeTurnedOff() {
		this.runner.run((context) -> assertThat(context).hasBean("asynclogHealthIndicator")
			.hasSingleBean(AsyncLogHealthIndicator.class));
		this.runner.withPropertyValues("management.health.asynclog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogHealthIndicator.class));
	}

	@Test
	void nothingWhenAsynclogIsDisabled() {
		this.withMetrics.withPropertyValues("asynclog.enabled=false", "management.endpoints.web.exposure.include=*")
			.run((context) -> assertThat(context).doesNotHaveBean(QueueMonitor.class)
				.doesNotHaveBean(AsyncLogEndpoint.class)
				.doesNotHaveBean(AsyncLogHealthIndicator.class)
				.doesNotHaveBean(AsyncLogMetrics.class)
				.getBean(Log4j2Metrics.class)
				.isNotInstanceOf(ExactLog4j2Metrics.class));
	}

	@Test
	void metersNeedAMeterRegistry() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogMetrics.class)
			.doesNotHaveBean(Log4j2Metrics.class));
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("asyncLogMetrics"));
	}

	@Test
	void shippingMetersNeedNoClientLibrary() {
		this.withMetrics.run((context) -> assertThat(context).hasSingleBean(ShippingMetrics.class)
			.hasSingleBean(AppenderErrorMetrics.class));
		this.withMetrics.withClassLoader(new FilteredClassLoader("org.apache.kafka", "io.opentelemetry"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(ShippingMetrics.class)
				.hasSingleBean(AppenderErrorMetrics.class));
	}

	@Test
	void springBootsOwnCounterStaysWhileTheLog4j2ConfigurationIsNotAsynclogs() {
		// No logging system ran here; real applications get ExactLog4j2Metrics
		// (Log4j2EventsCountTests).
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
