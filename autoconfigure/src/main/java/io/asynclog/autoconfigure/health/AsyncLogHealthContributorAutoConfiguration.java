package io.asynclog.autoconfigure.health;


import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.context.annotation.Bean;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.QueueMonitor;

/**
 * Auto-configuration for the {@link AsyncLogHealthIndicator}, named {@code asynclog} in
 * the health endpoint; {@code management.health.asynclog.enabled=false} turns it off.
 *
 * @author asynclog
 */
@AutoConfiguration(after = AsyncLogAutoConfiguration.class,
		beforeName = "org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration")
@ConditionalOnClass(Health.class)
@ConditionalOnEnabledHealthIndicator("asynclog")
@ConditionalOnBean(QueueMonitor.class)
public final class AsyncLogHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "asynclogHealthIndicator")
	AsyncLogHealthIndicator asynclogHealthIndicator(QueueMonitor queueMonitor, LoggingBackend backend,
			AsyncLogProperties properties) {
		return new AsyncLogHealthIndicator(queueMonitor, backend, properties.getHealth());
	}

}
