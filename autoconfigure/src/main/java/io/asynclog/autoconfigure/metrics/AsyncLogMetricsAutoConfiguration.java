package io.asynclog.autoconfigure.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.queue.QueueMonitor;

/**
 * Auto-configuration for asynclog's queue, appender-error and shipping meters, whichever
 * backend runs.
 *
 * @author asynclog
 */
@AutoConfiguration(after = AsyncLogAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, QueueMonitor.class })
public final class AsyncLogMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	AsyncLogMetrics asyncLogMetrics(QueueMonitor queueMonitor, LoggingBackend backend) {
		return new AsyncLogMetrics(queueMonitor, backend);
	}

	@Bean
	@ConditionalOnMissingBean
	AppenderErrorMetrics appenderErrorMetrics() {
		return new AppenderErrorMetrics();
	}

	@Bean
	@ConditionalOnMissingBean
	AppenderDropMetrics appenderDropMetrics() {
		return new AppenderDropMetrics();
	}

	@Bean
	@ConditionalOnMissingBean
	ShippingMetrics shippingMetrics(LoggingBackend backend) {
		return new ShippingMetrics(backend);
	}

}
