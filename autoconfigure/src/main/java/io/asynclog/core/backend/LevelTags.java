package io.asynclog.core.backend;

import java.util.List;
import java.util.Locale;

import org.springframework.boot.logging.LogLevel;

/**
 * The levels that get a meter series of their own, as Micrometer's Log4j2 and Logback binders tag them.
 *
 * @author asynclog
 */
public final class LevelTags {

	/** The standard levels an event can have, most severe first. */
	public static final List<LogLevel> LEVELS = List.of(LogLevel.FATAL, LogLevel.ERROR, LogLevel.WARN, LogLevel.INFO,
			LogLevel.DEBUG, LogLevel.TRACE);

	private LevelTags() {
	}

	/** The {@code level} tag value of a level, such as {@code info}. */
	public static String of(LogLevel level) {
		return level.name().toLowerCase(Locale.ROOT);
	}

}
