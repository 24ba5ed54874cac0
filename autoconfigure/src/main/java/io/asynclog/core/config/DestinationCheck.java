package io.asynclog.core.config;

import io.asynclog.core.config.AsyncLogPropertiesValidator.PatternSyntax;

/**
 * Checks the settings of one remote appender type (its destination, its client's settings)
 * at start-up, with the rest of {@code asynclog.*}. Each destination registers one in
 * {@code META-INF/spring.factories}, so that the settings model never depends on a
 * destination's client library, and a type whose client is absent is still reported clearly.
 *
 * @author asynclog
 */
public interface DestinationCheck {

	AsyncLogProperties.AppenderType type();

	/**
	 * Checks one appender of this type.
	 * @param prefix the appender's property prefix, such as {@code asynclog.appenders.ship.}
	 * @param patterns the running library's pattern syntax, for settings that take a pattern
	 * @throws AsyncLogConfigurationException naming the bad property, its value and what is accepted
	 */
	void check(String prefix, AsyncLogProperties.Appender appender, PatternSyntax patterns);

}
