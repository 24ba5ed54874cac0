package io.asynclog.log4j2.config;

import java.util.Map;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.springframework.core.env.Environment;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;
import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogPropertiesValidator;

/**
 * The checks of {@code asynclog.*} on Log4j2, run before Spring Boot configures logging: the
 * backend-neutral ones with Log4j2's pattern syntax, then whether the mode asked for can run
 * in the logger context.
 *
 * @author asynclog
 */
public final class SettingsCheck {

	private SettingsCheck() {
	}

	/**
	 * Checks every setting.
	 * @param properties the bound settings
	 * @param environment the environment they were bound from
	 * @param classLoader the application's class loader
	 * @return the appenders whose file does not open and that start anyway, by name
	 * @throws AsyncLogConfigurationException naming the first bad property
	 */
	public static Map<String, Unopened> validate(AsyncLogProperties properties, Environment environment,
			ClassLoader classLoader) {
		Map<String, Unopened> unopened = new AsyncLogPropertiesValidator(environment, PatternCheck.INSTANCE)
			.validate(properties);
		EffectiveMode.resolve(properties, (LoggerContext) LogManager.getContext(classLoader, false));
		return unopened;
	}

}
