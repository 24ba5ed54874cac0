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
 * instead of leaving logging half-configured; the backend's {@link LoggingBackends.Detector}
 * checks what only it can.
 * <p>
 * A classpath with both SLF4J bindings stops here when Logback's comes first; with Log4j2's
 * first, the Log4j2 backend has already stopped it inside Log4j's own start-up, with the same
 * {@link BindingConflict} text.
 *
 * @author asynclog
 */
public class AsyncLogEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/** Runs after the config data (application.yml, profiles) is loaded. */
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
	 * Spring Boot prints its failure analysis through commons-logging, which with no logging
	 * backend logs nowhere, and then does not print the exception either: the report goes to
	 * standard error instead.
	 */
	private static RuntimeException stop(BindingConflict conflict) {
		if (!LogFactory.getLog(AsyncLogEnvironmentPostProcessor.class).isErrorEnabled()) {
			System.err.print(conflict.report());
		}
		return conflict.toConfigurationException();
	}

}
