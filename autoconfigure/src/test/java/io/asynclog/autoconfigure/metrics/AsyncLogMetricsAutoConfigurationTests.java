package io.asynclog.autoconfigure.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.bothbackends.BackendUnderTest;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.queue.QueueMonitor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions of the meters' auto-configuration, on either backend. The
 * {@code log4j2.events} counter's are in {@code log4j2.metrics.Log4j2EventsMetricsAutoConfigurationTests}.
 */
class AsyncLogMetricsAutoConfigurationTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(AsyncLogAutoConfiguration.class, AsyncLogMetricsAutoConfiguration.class));

	private final ApplicationContextRunner withMetrics = this.runner
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class));

	@Test
	void nothingWhenAsynclogIsDisabled() {
		this.withMetrics.withPropertyValues("asynclog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(QueueMonitor.class)
				.doesNotHaveBean(AsyncLogMetrics.class));
	}

	@Test
	void metersNeedAMeterRegistry() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogMetrics.class));
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("asyncLogMetrics"));
		this.withMetrics.run((context) -> {
			assertThat(context).hasSingleBean(AsyncLogMetrics.class);
			assertThat(context.getBean(LoggingBackend.class).name()).isEqualTo(BACKEND.backendName());
		});
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

}
