package io.asynclog.logback.lifecycle;

import java.util.Map;

import org.springframework.core.env.Environment;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.logback.config.SettingsCheck;

/**
 * Finds Logback when Spring Boot chose it, Spring Boot's default. Registered in
 * {@code META-INF/spring.factories}; safe to load without Logback on the class path: nothing
 * of Logback is touched until Spring Boot is known to run it.
 *
 * @author asynclog
 */
public final class LogbackDetector implements LoggingBackends.Detector {

	static final String LOGGING_SYSTEM = "org.springframework.boot.logging.logback.LogbackLoggingSystem";

	private static final String LOGBACK = "ch.qos.logback.classic.LoggerContext";

	@Override
	public boolean isChosen(ClassLoader classLoader) {
		return chosen(classLoader);
	}

	@Override
	public Map<String, Unopened> validate(AsyncLogProperties properties, Environment environment,
			ClassLoader classLoader) {
		return SettingsCheck.validate(properties, environment);
	}

	@Override
	public LoggingBackend detect(ClassLoader classLoader) {
		return LogbackBackend.running();
	}

	public static boolean chosen(ClassLoader classLoader) {
		return LoggingBackends.springBootRuns(LOGBACK, LOGGING_SYSTEM, classLoader);
	}

}
