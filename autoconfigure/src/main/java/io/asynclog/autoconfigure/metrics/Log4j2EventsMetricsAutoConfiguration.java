package io.asynclog.autoconfigure.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.logging.Log4j2Metrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotatedTypeMetadata;

import io.asynclog.core.backend.EventsCounterReplacement;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

/**
 * Auto-configuration for a {@code log4j2.events} counter that counts each event once
 * whatever the mode, made by the Log4j2 backend ({@link EventsCounterReplacement}). Log4j2
 * only: Micrometer's Logback counter counts on the calling thread and is right as it is.
 * <p>
 * Runs before Spring Boot's Log4j2 metrics auto-configuration, whose counter backs off
 * when a {@link Log4j2Metrics} bean exists.
 *
 * @author asynclog
 */
@AutoConfiguration(
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" },
		beforeName = "org.springframework.boot.micrometer.metrics.autoconfigure.logging.log4j2.Log4J2MetricsAutoConfiguration")
@ConditionalOnClass(value = { MeterRegistry.class, Log4j2Metrics.class },
		name = "org.apache.logging.log4j.core.LoggerContext")
@ConditionalOnBean(MeterRegistry.class)
public final class Log4j2EventsMetricsAutoConfiguration {

	/**
	 * Declared as Micrometer's {@link Log4j2Metrics}, the type Spring Boot's own counter
	 * backs off for.
	 */
	@Bean
	@ConditionalOnMissingBean(Log4j2Metrics.class)
	@Conditional(AsyncLogConfigurationRunningCondition.class)
	Log4j2Metrics log4j2Metrics(ResourceLoader resourceLoader) {
		LoggingBackend backend = LoggingBackends.running(resourceLoader.getClassLoader());
		return (Log4j2Metrics) ((EventsCounterReplacement) backend).eventsMetrics();
	}

	/**
	 * Matches while Log4j2 runs the configuration asynclog set up, whose loggers the
	 * replacement counter was written for.
	 */
	static class AsyncLogConfigurationRunningCondition extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			ConditionMessage.Builder message = ConditionMessage.forCondition("asynclog Log4j2 configuration");
			LoggingBackend backend = LoggingBackends.running(context.getClassLoader());
			if (backend instanceof EventsCounterReplacement && backend.runningMode() != null) {
				return ConditionOutcome.match(message.because("is running"));
			}
			return ConditionOutcome.noMatch(message.because("is not running"));
		}

	}

}
