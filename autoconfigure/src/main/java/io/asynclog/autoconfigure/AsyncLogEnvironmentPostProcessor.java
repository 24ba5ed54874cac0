package io.asynclog.autoconfigure;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

import io.asynclog.backend.LoggingBackends;
import io.asynclog.config.AsyncLogConfigurationException;
import io.asynclog.config.AsyncLogProperties;

/**
 * Checks {@code asynclog.*} and the logging system once application.yml is read and before
 * Spring Boot configures logging, so that a mistake stops start-up with a failure analysis
 * instead of leaving logging half-configured. What only a backend can check (pattern
 * syntax, the modes it supports) its {@link LoggingBackends.Detector} checks.
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
		AsyncLogProperties properties = AsyncLogProperties.bind(environment);
		if (!properties.isEnabled()) {
			return;
		}
		ClassLoader classLoader = application.getClassLoader();
		LoggingBackends.Detector detector = LoggingBackends.detector(classLoader);
		if (detector == null) {
			throw noBackend(LoggingSystem.get(classLoader).getClass().getName());
		}
		detector.validate(properties, environment, classLoader);
	}

	private static AsyncLogConfigurationException noBackend(String loggingSystem) {
		return new AsyncLogConfigurationException(
				"asynclog makes Logback or Log4j2 asynchronous, but Spring Boot chose " + loggingSystem
						+ " as the logging system.",
				"Keep spring-boot-starter-logging (Logback, Spring Boot's default), or switch to Log4j2 as Spring Boot"
						+ " documents it: add spring-boot-starter-log4j2 and exclude spring-boot-starter-logging."
						+ " To leave logging as it is, set asynclog.enabled=false.");
	}

}
