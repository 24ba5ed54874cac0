package io.asynclog.autoconfigure;

import java.util.Map;

import org.apache.commons.logging.LogFactory;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

import io.asynclog.autoconfigure.test.TestContextLogging;
import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.backend.BindingConflict;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.config.AsyncLogProperties;

/**
 * Checks {@code asynclog.*} and the logging system once application.yml is read and before
 * Spring Boot configures logging, so that a mistake stops start-up with a failure analysis
 * instead of leaving logging half-configured. What only a backend can check (pattern
 * syntax, the modes it supports) its {@link LoggingBackends.Detector} checks.
 * <p>
 * A classpath with both Logback's and Log4j2's SLF4J binding stops here when Logback's comes
 * first (Spring Boot then runs on Logback, with Log4j2 unused next to it); with Log4j2's first,
 * the Log4j2 backend has already stopped it inside Log4j's own start-up, with the same
 * {@link BindingConflict} text. A classpath with neither stops here too.
 *
 * @author asynclog
 */
public class AsyncLogEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/**
	 * Runs after the config data (application.yml, profiles) is loaded.
	 */
	public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		// Cleared at every start, so that an application started again in the same JVM (a
		// test, a restart) sees nothing of an earlier start, whatever happens below.
		UnopenedAppenders.replaceAll(Map.of());
		AsyncLogProperties properties = AsyncLogProperties.bind(environment);
		if (!properties.isEnabled()) {
			return;
		}
		if (TestContextLogging.apply(environment, properties)) {
			properties = AsyncLogProperties.bind(environment);
		}
		ClassLoader classLoader = application.getClassLoader();
		BindingConflict conflict = BindingConflict.bothBackends(classLoader);
		if (conflict != null) {
			throw stop(conflict);
		}
		LoggingBackends.Detector detector = LoggingBackends.detector(classLoader);
		if (detector == null) {
			String loggingSystem = LoggingSystem.get(classLoader).getClass().getName();
			throw stop(BindingConflict.noBackend(loggingSystem, classLoader));
		}
		UnopenedAppenders.replaceAll(detector.validate(properties, environment, classLoader));
	}

	/**
	 * Spring Boot prints its failure analysis through commons-logging. With no logging backend
	 * that can log nowhere (SLF4J without a provider answers every call with a no-op logger),
	 * and Spring Boot then does not print the exception either, as it counts it reported: the
	 * report goes to standard error instead.
	 */
	private static RuntimeException stop(BindingConflict conflict) {
		if (!LogFactory.getLog(AsyncLogEnvironmentPostProcessor.class).isErrorEnabled()) {
			System.err.print(conflict.report());
		}
		return conflict.toConfigurationException();
	}

}
