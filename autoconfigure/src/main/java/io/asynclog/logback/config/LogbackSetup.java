package io.asynclog.logback.config;

import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AsyncAppenderBase;

import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.logback.queue.LogRing;

/**
 * What asynclog set up in a Logback logger context, kept in the context: Logback clears it on
 * reset, which tells a new configuration from one asynclog has set up.
 *
 * @param mode the mode that runs
 * @param properties the settings it was set up from
 * @param rings the rings it put in front of the appenders
 * @param asyncAppenders the Logback AsyncAppenders of the configuration, queues too
 * @author asynclog
 */
public record LogbackSetup(Mode mode, AsyncLogProperties properties, List<LogRing> rings,
		List<AsyncAppenderBase<ILoggingEvent>> asyncAppenders) {

	private static final String KEY = LogbackSetup.class.getName();

	/** The set-up, or {@code null} if asynclog has not set up the configuration that runs. */
	public static LogbackSetup of(LoggerContext context) {
		return (context.getObject(KEY) instanceof LogbackSetup setup) ? setup : null;
	}

	void putInto(LoggerContext context) {
		context.putObject(KEY, this);
	}

}
