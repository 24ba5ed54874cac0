package io.asynclog.log4j2.lifecycle;

import java.util.Map;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.springframework.boot.logging.log4j2.Log4J2LoggingSystem;
import org.springframework.core.env.Environment;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.log4j2.config.SettingsCheck;

/**
 * Finds Log4j2 when Spring Boot chose it. Registered in {@code META-INF/spring.factories}; safe to
 * load without Log4j2 on the class path: nothing of Log4j2 is touched until Spring Boot is known to
 * run it.
 *
 * @author asynclog
 */
public final class Log4j2Detector implements LoggingBackends.Detector {

	static final String LOGGING_SYSTEM = "org.springframework.boot.logging.log4j2.Log4J2LoggingSystem";

	static final String LOG4J_CORE = "org.apache.logging.log4j.core.LoggerContext";

	@Override
	public boolean isChosen(ClassLoader classLoader) {
		return chosen(classLoader);
	}

	@Override
	public Map<String, Unopened> validate(AsyncLogProperties properties, Environment environment,
			ClassLoader classLoader) {
		return SettingsCheck.validate(properties, environment, classLoader);
	}

	@Override
	public LoggingBackend detect(ClassLoader classLoader) {
		LoggerContext context = (LoggerContext) LogManager.getContext(classLoader, false);
		return new Log4j2Backend(context, Log4J2LoggingSystem.getEnvironment(context));
	}

	public static boolean chosen(ClassLoader classLoader) {
		return LoggingBackends.springBootRuns(LOG4J_CORE, LOGGING_SYSTEM, classLoader);
	}

}
