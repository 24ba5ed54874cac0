package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.spi.StandardLevel;
import org.springframework.boot.logging.LogLevel;

/**
 * Maps a Log4j2 level, custom ones included, to the backend-neutral level asynclog counts
 * drops under: one array read, no allocation.
 *
 * @author asynclog
 */
final class Log4j2Levels {

	private static final LogLevel[] BY_STANDARD_LEVEL = new LogLevel[StandardLevel.values().length];

	static {
		for (StandardLevel standard : StandardLevel.values()) {
			BY_STANDARD_LEVEL[standard.ordinal()] = switch (standard) {
				case OFF -> LogLevel.OFF;
				case FATAL -> LogLevel.FATAL;
				case ERROR -> LogLevel.ERROR;
				case WARN -> LogLevel.WARN;
				case INFO -> LogLevel.INFO;
				case DEBUG -> LogLevel.DEBUG;
				case TRACE, ALL -> LogLevel.TRACE;
			};
		}
	}

	private Log4j2Levels() {
	}

	static LogLevel of(Level level) {
		return BY_STANDARD_LEVEL[level.getStandardLevel().ordinal()];
	}

}
