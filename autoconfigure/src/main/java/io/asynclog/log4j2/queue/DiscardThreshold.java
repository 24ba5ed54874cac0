package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * The level at or below which the 'discard' policy drops events: asynclog's
 * {@code asynclog.discard-threshold} once applied, otherwise Log4j2's own
 * {@code log4j2.DiscardThreshold} (all-async mode starts its ring buffer before
 * application.yml is read).
 * <p>
 * Read once per {@link CountingDiscardPolicy}, which Log4j2 creates each time a queue
 * starts; never per event.
 *
 * @author asynclog
 */
public final class DiscardThreshold {

	/**
	 * Log4j2's own setting for the discard threshold.
	 */
	static final String LOG4J_DISCARD_THRESHOLD = "log4j2.DiscardThreshold";

	private static volatile Level applied;

	private DiscardThreshold() {
	}

	/**
	 * Makes the given level the threshold of every 'discard' policy created from now on.
	 * @param level the threshold
	 */
	public static void apply(Level level) {
		applied = level;
	}

	/**
	 * Falls back to Log4j2's own setting.
	 */
	public static void clear() {
		applied = null;
	}

	static Level current() {
		Level level = applied;
		if (level != null) {
			return level;
		}
		return Level.toLevel(PropertiesUtil.getProperties().getStringProperty(LOG4J_DISCARD_THRESHOLD), Level.INFO);
	}

}
