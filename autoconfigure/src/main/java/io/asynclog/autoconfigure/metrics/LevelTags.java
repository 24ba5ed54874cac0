package io.asynclog.autoconfigure.metrics;

import java.util.List;
import java.util.Locale;

import org.apache.logging.log4j.Level;

/**
 * The levels that get a meter series of their own, as Micrometer's Log4j2 binder tags them.
 *
 * @author asynclog
 */
final class LevelTags {

	/**
	 * The standard levels an event can have, most severe first.
	 */
	static final List<Level> LEVELS = List.of(Level.FATAL, Level.ERROR, Level.WARN, Level.INFO, Level.DEBUG,
			Level.TRACE);

	private LevelTags() {
	}

	/**
	 * Returns the {@code level} tag value of a level, such as {@code info}.
	 * @param level the level
	 * @return the tag value
	 */
	static String of(Level level) {
		return level.name().toLowerCase(Locale.ROOT);
	}

}
