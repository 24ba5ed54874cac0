package io.asynclog.autoconfigure.endpoint;


import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.QueueMonitor;

/**
 * Auto-configuration for the {@link AsyncLogEndpoint}, once it is exposed.
 *
 * @author asynclog
 */
@AutoConfiguration(after = AsyncLogAutoConfiguration.class)
@ConditionalOnClass(ConditionalOnAvailableEndpoint.class)
@ConditionalOnAvailableEndpoint(AsyncLogEndpoint.class)
@ConditionalOnBean(QueueMonitor.class)
public final class AsyncLogEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	AsyncLogEndpoint asyncLogEndpoint(AsyncLogProperties properties, QueueMonitor queueMonitor, LoggingBackend backend) {
		return new AsyncLogEndpoint(properties, queueMonitor, backend);
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(AsyncLogEndpoint.class)
	@ConditionalOnAvailableEndpoint(exposure = EndpointExposure.WEB)
	AsyncLogEndpointWebExtension asyncLogEndpointWebExtension(AsyncLogEndpoint asyncLogEndpoint) {
		return new AsyncLogEndpointWebExtension(asyncLogEndpoint);
	}

}
