package io.asynclog.core.backend;

import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;

import io.asynclog.core.config.AsyncLogProperties;

/**
 * Finds the {@link LoggingBackend} of the logging system Spring Boot chose. Each backend
 * registers a {@link Detector} in {@code META-INF/spring.factories}; the Spring side never
 * names a backend.
 *
 * @author asynclog
 */
public final class LoggingBackends {

	private LoggingBackends() {
	}

	/**
	 * Returns the backend that runs.
	 * @param classLoader the application's class loader
	 * @return the backend, or {@code null} if asynclog has none for the logging system
	 * that runs
	 */
	public static LoggingBackend running(ClassLoader classLoader) {
		Detector detector = detector(classLoader);
		return (detector != null) ? detector.detect(classLoader) : null;
	}

	/**
	 * Returns the detector of the backend Spring Boot chose.
	 * @param classLoader the application's class loader
	 * @return the detector, or {@code null} if asynclog has no backend for the logging
	 * system that runs
	 */
	public static Detector detector(ClassLoader classLoader) {
		for (Detector detector : SpringFactoriesLoader.forDefaultResourceLocation(classLoader).load(Detector.class)) {
			if (detector.isChosen(classLoader)) {
				return detector;
			}
		}
		return null;
	}

	/**
	 * Tells whether its backend is the one that runs.
	 */
	public interface Detector {

		/**
		 * Returns whether Spring Boot chose this detector's logging library.
		 * @param classLoader the application's class loader
		 * @return true if its logging system runs
		 */
		boolean isChosen(ClassLoader classLoader);

		/**
		 * Checks the settings before Spring Boot configures logging, including what only
		 * this backend can tell (its pattern syntax, the modes it supports), so that bad
		 * input stops start-up before anything is half-configured.
		 * @param properties the bound settings
		 * @param environment the environment they were bound from
		 * @param classLoader the application's class loader
		 * @throws io.asynclog.core.config.AsyncLogConfigurationException naming the property,
		 * the bad value and what is accepted
		 */
		void validate(AsyncLogProperties properties, Environment environment, ClassLoader classLoader);

		/**
		 * Returns this detector's backend; called only when {@link #isChosen} is true.
		 * @param classLoader the application's class loader
		 * @return the backend
		 */
		LoggingBackend detect(ClassLoader classLoader);

	}

}
