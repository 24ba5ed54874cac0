package io.asynclog.core.queue;

import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

import org.springframework.boot.logging.LogLevel;

/**
 * Counts the events the 'discard' policy dropped, per queue and level, since the JVM
 * started, whichever backend dropped them: each backend maps its own levels (custom ones
 * included) to Spring Boot's {@link LogLevel} once per drop.
 * <p>
 * Only the queue-full path writes here, so a queue with room never touches these counters.
 *
 * @author asynclog
 */
public final class DroppedEvents {

	private static final ConcurrentMap<String, QueueDrops> BY_QUEUE = new ConcurrentHashMap<>();

	private DroppedEvents() {
	}

	/** The counters of one queue, for the backend's queue-full policy to write. */
	public static QueueDrops forQueue(String queue) {
		return BY_QUEUE.computeIfAbsent(queue, (name) -> new QueueDrops());
	}

	public static long count(String queue, LogLevel level) {
		QueueDrops drops = BY_QUEUE.get(queue);
		return (drops != null) ? drops.count(level) : 0;
	}

	/** Events a queue dropped, all levels together. */
	public static long total(String queue) {
		QueueDrops drops = BY_QUEUE.get(queue);
		return (drops != null) ? drops.total() : 0;
	}

	/** When a queue last dropped an event ({@link System#nanoTime()}), or {@link Long#MIN_VALUE}. */
	public static long lastDropNanos(String queue) {
		QueueDrops drops = BY_QUEUE.get(queue);
		return (drops != null) ? drops.lastDropNanos : Long.MIN_VALUE;
	}

	/** Events every queue dropped, all levels together. */
	public static long total() {
		long total = 0;
		for (QueueDrops drops : BY_QUEUE.values()) {
			total += drops.total();
		}
		return total;
	}

	/** The names of the queues that dropped at least once. */
	public static Set<String> queues() {
		return Collections.unmodifiableSet(BY_QUEUE.keySet());
	}

	public static final class QueueDrops {

		private final LongAdder[] byLevel = new LongAdder[LogLevel.values().length];

		private volatile long lastDropNanos = Long.MIN_VALUE;

		private QueueDrops() {
			for (int i = 0; i < this.byLevel.length; i++) {
				this.byLevel[i] = new LongAdder();
			}
		}

		public void record(LogLevel level) {
			this.byLevel[level.ordinal()].increment();
			this.lastDropNanos = System.nanoTime();
		}

		long count(LogLevel level) {
			return this.byLevel[level.ordinal()].sum();
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
