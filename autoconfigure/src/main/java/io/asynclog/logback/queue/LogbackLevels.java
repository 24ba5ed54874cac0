package io.asynclog.logback.queue;

import ch.qos.logback.classic.Level;
import org.springframework.boot.logging.LogLevel;

/**
 * Logback's levels as Spring Boot's {@link LogLevel}, the levels asynclog counts by.
 *
 * @author asynclog
 */
public final class LogbackLevels {

	private LogbackLevels() {
	}

	/** As Spring Boot's {@code LogbackLoggingSystem} maps them. */
	public static LogLevel of(Level level) {
		return switch (level.levelInt) {
			case Level.ALL_INT, Level.TRACE_INT -> LogLevel.TRACE;
			case Level.DEBUG_INT -> LogLevel.DEBUG;
			case Level.INFO_INT -> LogLevel.INFO;
			case Level.WARN_INT -> LogLevel.WARN;
			case Level.ERROR_INT -> LogLevel.ERROR;
			default -> LogLevel.OFF;
		};
	}

}
