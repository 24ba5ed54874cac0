package io.asynclog.autoconfigure;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import io.asynclog.log4j2.QueueMonitor;
import io.asynclog.log4j2.StartupReport;

/**
 * Auto-configuration for asynclog.
 * <p>
 * The asynchronous setup itself happens before any bean exists, when Spring Boot configures
 * Log4j2 (see {@code io.asynclog.log4j2.AsyncLogConfigurationFactory}); this class exposes
 * {@link AsyncLogProperties}, starts the {@link QueueMonitor} that the endpoint, health
 * indicator and meters read, and reports what runs once the context is ready.
 *
 * @author asynclog
 */
@AutoConfiguration
@ConditionalOnClass({ LoggerContext.class, com.lmax.disruptor.RingBuffer.class })
@ConditionalOnProperty(prefix = AsyncLogProperties.PREFIX, name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(AsyncLogProperties.class)
public class AsyncLogAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	QueueMonitor asyncLogQueueMonitor(AsyncLogProperties properties) {
		return QueueMonitor.start(LoggerContext.getContext(false), properties.getMetrics().getPeakWindow(),
				properties.getHealth().getFillThreshold());
	}

	@Bean
	static SmartInitializingSingleton asyncLogStartupReporter(Environment environment) {
		return () -> {
			Log logger = LogFactory.getLog(AsyncLogAutoConfiguration.class);
			StartupReport.Lines lines = StartupReport.describe(LoggerContext.getContext(false), environment);
			lines.info().forEach(logger::info);
			lines.warnings().forEach(logger::warn);
		};
	}

}
