package io.asynclog.log4j2.config;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContextSelector;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties.LoggerMode;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;

/**
 * Decides the mode that really runs, from {@code asynclog.mode} and whether Log4j2's
 * AsyncLoggerContextSelector was chosen when the JVM started.
 *
 * @author asynclog
 */
public final class EffectiveMode {

	static final String SELECTOR_PROPERTY = "log4j2.contextSelector";

	static final String SELECTOR_SETTING = SELECTOR_PROPERTY + "=" + AsyncLoggerContextSelector.class.getName();

	private EffectiveMode() {
	}

	/**
	 * Returns the mode that runs in a logger context: {@link Mode#ALL_ASYNC} whenever the
	 * context selector is active, otherwise the configured mode.
	 * @param properties the asynclog properties
	 * @param context the Log4j2 logger context
	 * @return the mode
	 * @throws AsyncLogConfigurationException when the configured mode cannot run here
	 */
	public static Mode resolve(AsyncLogProperties properties, LoggerContext context) {
		Mode mode = properties.getMode();
		if (!(context instanceof AsyncLoggerContext)) {
			if (mode == Mode.ALL_ASYNC) {
				throw new AsyncLogConfigurationException(
						"Invalid value 'all-async' for property 'asynclog.mode': Log4j2's AsyncLoggerContextSelector is"
								+ " not active. It must be chosen before the JVM logs anything, which is before"
								+ " application.yml is read.",
						"Start the JVM with -D" + SELECTOR_SETTING + ", or put the line " + SELECTOR_SETTING
								+ " in src/main/resources/log4j2.component.properties. Or set asynclog.mode to"
								+ " async-logger, which needs neither.");
			}
			return mode;
		}
		if (mode == Mode.SYNC || mode == Mode.ASYNC_APPENDER) {
			throw AsyncLogConfigurationException.invalidValue("asynclog.mode", AsyncLogProperties.kebabCase(mode),
					"Log4j2's AsyncLoggerContextSelector is active (" + SELECTOR_PROPERTY
							+ "), which makes every logger asynchronous",
					"all-async or async-logger while the selector is set; remove " + SELECTOR_PROPERTY
							+ " from the JVM's system properties and log4j2.component.properties to use "
							+ AsyncLogProperties.kebabCase(mode));
		}
		properties.getLoggers().forEach((name, logger) -> {
			if (logger.getMode() == LoggerMode.SYNC) {
				throw AsyncLogConfigurationException.invalidValue("asynclog.loggers[" + name + "].mode", "sync",
						"Log4j2's AsyncLoggerContextSelector is active (" + SELECTOR_PROPERTY
								+ "), which makes every logger asynchronous",
						"async, or no value, while the selector is set; use asynclog.mode=async-logger without"
								+ " the selector for a synchronous logger next to asynchronous ones");
			}
		});
		return Mode.ALL_ASYNC;
	}

	/** The mode asynclog set up, or {@code null} if the context's configuration is not asynclog's. */
	public static Mode running(LoggerContext context) {
		return (context.getConfiguration() instanceof AsyncLogConfiguration configuration) ? configuration.mode()
				: null;
	}

}
