package io.asynclog.autoconfigure;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.ConfigurableEnvironment;

import io.asynclog.autoconfigure.test.TestContextLogging;
import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.QueueMonitor;

/**
 * Auto-configuration for asynclog.
 * <p>
 * The asynchronous setup itself happens before any bean exists, when Spring Boot configures
 * its logging system (each backend hooks in there); this class exposes
 * {@link AsyncLogProperties} and the {@link LoggingBackend} that runs, starts the
 * {@link QueueMonitor} that the endpoint, health indicator and meters read, and reports what
 * runs once the context is ready. It names no backend.
 *
 * @author asynclog
 */
@AutoConfiguration
@ConditionalOnClass(com.lmax.disruptor.RingBuffer.class)
@ConditionalOnProperty(prefix = AsyncLogProperties.PREFIX, name = "enabled", matchIfMissing = true)
@Conditional(OnLoggingBackendCondition.class)
@EnableConfigurationProperties(AsyncLogProperties.class)
public class AsyncLogAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LoggingBackend asyncLogBackend(ApplicationContext context) {
		return LoggingBackends.running(context.getClassLoader());
	}

	@Bean
	@ConditionalOnMissingBean
	QueueMonitor asyncLogQueueMonitor(LoggingBackend backend, AsyncLogProperties properties) {
		return QueueMonitor.start(backend::queues, properties.getMetrics().getPeakWindow(),
				properties.getHealth().getFillThreshold());
	}

	/**
	 * Drains the queues before Spring Boot's logging shutdown handler stops the logging
	 * library; only where Spring Boot registers that handler.
	 */
	@Bean
	@ConditionalOnProperty(name = "logging.register-shutdown-hook", matchIfMissing = true)
	static DrainBeforeLoggingStops asyncLogDrainBeforeLoggingStops(ApplicationContext context) {
		return new DrainBeforeLoggingStops(context.getClassLoader());
	}

	@Bean
	static SmartInitializingSingleton asyncLogStartupReporter(ObjectProvider<LoggingBackend> backend,
			ConfigurableEnvironment environment) {
		return () -> {
			Log logger = LogFactory.getLog(AsyncLogAutoConfiguration.class);
			if (TestContextLogging.applied(environment)) {
				logger.info("asynclog: a Spring test context, so mode sync with a flush per line: a test sees each line"
						+ " once the call that logged it returns (@AutoConfigureAsyncLogging or"
						+ " asynclog.async-in-tests=true keeps the configured mode)");
			}
			LoggingBackend.StartupLines lines = backend.getObject().describe();
			lines.info().forEach(logger::info);
			lines.warnings().forEach(logger::warn);
			// The same on every backend: the start-up check found them before either configured.
			UnopenedAppenders.all().forEach((unopened) -> logger.warn("asynclog: " + unopened.describe()));
		};
	}

}
