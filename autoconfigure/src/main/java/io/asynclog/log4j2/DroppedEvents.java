package io.asynclog.log4j2;

import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.spi.StandardLevel;

/**
 * Counts the events the 'discard' policy dropped, per queue and standard level, since the
 * JVM started. Custom levels count under the standard level they belong to.
 * <p>
 * Only the queue-full path writes here, so a queue with room never touches these counters.
 *
 * @author asynclog
 */
public final class DroppedEvents {

	private static final ConcurrentMap<String, QueueDrops> BY_QUEUE = new ConcurrentHashMap<>();

	private DroppedEvents() {
	}

	static QueueDrops forQueue(String queue) {
		return BY_QUEUE.computeIfAbsent(queue, (name) -> new QueueDrops());
	}

	/**
	 * Returns how many events of the given level a queue dropped.
	 * @param queue the queue's name
	 * @param level a level
	 * @return the number dropped
	 */
	public static long count(String queue, Level level) {
		QueueDrops drops = BY_QUEUE.get(queue);
		return (drops != null) ? drops.count(level) : 0;
	}

	/**
	 * Returns how many events a queue dropped, all levels together.
	 * @param queue the queue's name
	 * @return the number dropped
	 */
	public static long total(String queue) {
		QueueDrops drops = BY_QUEUE.get(queue);
		return (drops != null) ? drops.total() : 0;
	}

	/**
	 * Returns when a queue last dropped an event, on the {@link System#nanoTime()} scale.
	 * @param queue the queue's name
	 * @return the time of the last drop, or {@link Long#MIN_VALUE} if it never dropped one
	 */
	public static long lastDropNanos(String queue) {
		QueueDrops drops = BY_QUEUE.get(queue);
		return (drops != null) ? drops.lastDropNanos : Long.MIN_VALUE;
	}

	/**
	 * Returns how many events every queue dropped, all levels together.
	 * @return the number dropped
	 */
	public static long total() {
		long total = 0;
		for (QueueDrops drops : BY_QUEUE.values()) {
			total += drops.total();
		}
		return total;
	}

	/**
	 * Returns the names of the queues that dropped at least once.
	 * @return the queue names
	 */
	public static Set<String> queues() {
		return Collections.unmodifiableSet(BY_QUEUE.keySet());
	}

	/**
	 * The drop counters of one queue.
	 */
	static final class QueueDrops {

		private final LongAdder[] byLevel = new LongAdder[StandardLevel.values().length];

		private volatile long lastDropNanos = Long.MIN_VALUE;

		private QueueDrops() {
			for (int i = 0; i < this.byLevel.length; i++) {
				this.byLevel[i] = new LongAdder();
			}
		}

		void record(Level level) {
			this.byLevel[level.getStandardLevel().ordinal()].increment();
			this.lastDropNanos = System.nanoTime();
		}

		long count(Level level) {
			return this.byLevel[level.getStandardLevel().ordinal()].sum();
		}

		long total() {
			long total = 0;
			for (LongAdder adder : this.byLevel) {
				total += adder.sum();
			}
			return total;
		}

	}

}
