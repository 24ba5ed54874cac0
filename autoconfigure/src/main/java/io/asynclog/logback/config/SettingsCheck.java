package io.asynclog.logback.config;

import java.util.Map;

import org.springframework.core.env.Environment;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;
import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties.AppenderType;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogPropertiesValidator;

/**
 * The checks of {@code asynclog.*} on Logback, run before Spring Boot configures logging: the
 * backend-neutral ones with Logback's pattern syntax, then what only Logback refuses.
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
	 * @return the appenders whose file does not open and that start anyway, by name
	 * @throws AsyncLogConfigurationException naming the first bad property
	 */
	public static Map<String, Unopened> validate(AsyncLogProperties properties, Environment environment) {
		Map<String, Unopened> unopened = new AsyncLogPropertiesValidator(environment, PatternCheck.INSTANCE)
			.validate(properties);
		if (properties.getMode() == Mode.ALL_ASYNC) {
			throw allAsyncRejected();
		}
		properties.getAppenders().forEach((name, appender) -> {
			if (appender.getType() == AppenderType.ROLLING_FILE && appender.getFilePattern() != null
					&& !appender.getFilePattern().contains("%i")) {
				throw AsyncLogConfigurationException.invalidValue("asynclog.appenders." + name + ".file-pattern",
						appender.getFilePattern(),
						"Logback rolls a file by size only into names that hold the rolled file's index, %i",
						"a pattern with %i, and %d{...} to roll by date as well, such as logs/app.%d{yyyy-MM-dd}.%i.gz");
			}
		});
		return unopened;
	}

	static AsyncLogConfigurationException allAsyncRejected() {
		return new AsyncLogConfigurationException(
				"Invalid value 'all-async' for property 'asynclog.mode': all-async is Log4j2's"
						+ " AsyncLoggerContextSelector, which makes every Log4j2 logger asynchronous, and the"
						+ " application runs on Logback, which has no such selector.",
				"Set asynclog.mode to async-logger, the default: on Logback it puts one ring buffer and one"
						+ " background thread in front of every logger's appenders, which is what all-async does on"
						+ " Log4j2. To keep all-async, switch the application to Log4j2.");
	}

}
