package io.asynclog.log4j2;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

import io.asynclog.autoconfigure.AsyncLogConfigurationException;
import io.asynclog.autoconfigure.AsyncLogProperties;

/**
 * Checks {@code asynclog.*} and the logging system once application.yml is read and before
 * Spring Boot configures logging, so that a mistake stops start-up with a failure analysis
 * instead of leaving logging half-configured.
 *
 * @author asynclog
 */
public class AsyncLogEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/**
	 * Runs after the config data (application.yml, profiles) is loaded.
	 */
	public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 10;

	private static final String LOG4J2_LOGGING_SYSTEM = "org.springframework.boot.logging.log4j2.Log4J2LoggingSystem";

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
		requireLog4j2(LoggingSystem.get(application.getClassLoader()));
		new AsyncLogPropertiesValidator(environment).validate(properties);
		EffectiveMode.resolve(properties, (LoggerContext) LogManager.getContext(application.getClassLoader(), false));
	}

	private static void requireLog4j2(LoggingSystem loggingSystem) {
		String found = loggingSystem.getClass().getName();
		if (LOG4J2_LOGGING_SYSTEM.equals(found)) {
			return;
		}
		boolean logback = found.contains(".logback.");
		throw new AsyncLogConfigurationException(
				"asynclog makes Log4j2 asynchronous, but Spring Boot chose " + (logback
						? "Logback as the logging system: spring-boot-starter-logging (Logback) is on the classpath"
								+ " next to Log4j2, and Spring Boot prefers Logback."
						: found + " as the logging system."),
				"Exclude spring-boot-starter-logging from every starter that brings it, for example:\n\n"
						+ "\t<dependency>\n" + "\t\t<groupId>org.springframework.boot</groupId>\n"
						+ "\t\t<artifactId>spring-boot-starter-webmvc</artifactId>\n" + "\t\t<exclusions>\n"
						+ "\t\t\t<exclusion>\n" + "\t\t\t\t<groupId>org.springframework.boot</groupId>\n"
						+ "\t\t\t\t<artifactId>spring-boot-starter-logging</artifactId>\n" + "\t\t\t</exclusion>\n"
						+ "\t\t</exclusions>\n" + "\t</dependency>\n\n"
						+ "./mvnw dependency:tree -Dincludes=org.springframework.boot:spring-boot-starter-logging"
						+ " lists the starters that bring it. To keep Logback instead, set asynclog.enabled=false.");
	}

}
