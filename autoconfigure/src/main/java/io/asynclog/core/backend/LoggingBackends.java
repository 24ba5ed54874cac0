package io.asynclog.core.backend;

import java.util.Map;

import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.util.ClassUtils;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;
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

	/** The backend that runs, or {@code null} if asynclog has none for the logging system. */
	public static LoggingBackend running(ClassLoader classLoader) {
		Detector detector = detector(classLoader);
		return (detector != null) ? detector.detect(classLoader) : null;
	}

	/** The detector of the backend Spring Boot chose, or {@code null}. */
	public static Detector detector(ClassLoader classLoader) {
		for (Detector detector : SpringFactoriesLoader.forDefaultResourceLocation(classLoader).load(Detector.class)) {
			if (detector.isChosen(classLoader)) {
				return detector;
			}
		}
		return null;
	}

	/**
	 * Returns whether Spring Boot runs a given logging system: its library is present (checked
	 * first, so that nothing of an absent library is loaded) and {@link LoggingSystem} is it.
	 * @param libraryClass a class of the logging library, by name
	 * @param loggingSystemClass the class name of Spring Boot's logging system for it
	 */
	public static boolean springBootRuns(String libraryClass, String loggingSystemClass, ClassLoader classLoader) {
		if (!ClassUtils.isPresent(libraryClass, classLoader)) {
			return false;
		}
		try {
			return loggingSystemClass.equals(LoggingSystem.get(classLoader).getClass().getName());
		}
		catch (RuntimeException | LinkageError ex) {
			return false;
		}
	}

	/** Tells whether its backend is the one that runs. */
	public interface Detector {

		/** Whether Spring Boot chose this detector's logging library. */
		boolean isChosen(ClassLoader classLoader);

		/**
		 * Checks the settings before Spring Boot configures logging, including what only this
		 * backend can tell, so that bad input stops start-up before anything is half-configured.
		 * @return the appenders whose file does not open and that start anyway
		 * ({@code asynclog.appender-start-failure=warn}), by name
		 * @throws io.asynclog.core.config.AsyncLogConfigurationException naming the property,
		 * the bad value and what is accepted
		 */
		Map<String, Unopened> validate(AsyncLogProperties properties, Environment environment, ClassLoader classLoader);

		/** This detector's backend; called only when {@link #isChosen} is true. */
		LoggingBackend detect(ClassLoader classLoader);

	}

}
