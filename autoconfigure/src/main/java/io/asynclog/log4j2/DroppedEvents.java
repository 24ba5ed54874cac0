package io.asynclog.log4j2;

import java.util.concurrent.atomic.LongAdder;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.spi.StandardLevel;

/**
 * Counts the events the 'discard' policy dropped, per standard level, since the JVM
 * started. Custom levels count under the standard level they belong to.
 *
 * @author asynclog
 */
public final class DroppedEvents {

	private static final LongAdder[] BY_LEVEL = new LongAdder[StandardLevel.values().length];

	static {
		for (int i = 0; i < BY_LEVEL.length; i++) {
			BY_LEVEL[i] = new LongAdder();
		}
	}

	private DroppedEvents() {
	}

	static void record(Level level) {
		BY_LEVEL[level.getStandardLevel().ordinal()].increment();
	}

	/**
	 * Returns how many events of the given level were dropped.
	 * @param level a level
	 * @return the number dropped
	 */
	public static long count(Level level) {
		return BY_LEVEL[level.getStandardLevel().ordinal()].sum();
	}

	/**
	 * Returns how many events were dropped, all levels together.
	 * @return the number dropped
	 */
	public static long total() {
		long total = 0;
		for (LongAdder adder : BY_LEVEL) {
			total += adder.sum();
		}
		return total;
	}

}
