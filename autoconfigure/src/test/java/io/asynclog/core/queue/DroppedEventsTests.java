package io.asynclog.core.queue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.core.queue.DroppedEvents.QueueDrops;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue-full drop counters: per queue and level, in total, and the time of the last
 * drop. They live for the JVM, so each test has queue names of its own.
 */
class DroppedEventsTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private final String queue = "dropping-" + NAMES.incrementAndGet();

	@Test
	void countsPerQueueAndLevel() {
		QueueDrops drops = DroppedEvents.forQueue(this.queue);
		assertThat(DroppedEvents.forQueue(this.queue)).as("one set of counters per queue").isSameAs(drops);
		drops.record(LogLevel.DEBUG);
		drops.record(LogLevel.DEBUG);
		drops.record(LogLevel.INFO);
		assertThat(DroppedEvents.count(this.queue, LogLevel.DEBUG)).isEqualTo(2);
		assertThat(DroppedEvents.count(this.queue, LogLevel.INFO)).isEqualTo(1);
		assertThat(DroppedEvents.count(this.queue, LogLevel.WARN)).isZero();
		assertThat(DroppedEvents.total(this.queue)).isEqualTo(3);
		assertThat(DroppedEvents.queues()).contains(this.queue);
	}

	@Test
	void aQueueThatNeverDroppedReadsZero() {
		assertThat(DroppedEvents.count(this.queue, LogLevel.INFO)).isZero();
		assertThat(DroppedEvents.total(this.queue)).isZero();
		assertThat(DroppedEvents.lastDropNanos(this.queue)).isEqualTo(Long.MIN_VALUE);
		assertThat(DroppedEvents.queues()).doesNotContain(this.queue);
	}

	@Test
	void theTotalOfEveryQueueAddsThemUp() {
		long before = DroppedEvents.total();
		DroppedEvents.forQueue(this.queue).record(LogLevel.TRACE);
		DroppedEvents.forQueue(this.queue + "-other").record(LogLevel.ERROR);
		DroppedEvents.forQueue(this.queue + "-other").record(LogLevel.FATAL);
		assertThat(DroppedEvents.total() - before).isEqualTo(3);
	}

	@Test
	void remembersWhenTheLastDropWas() {
		QueueDrops drops = DroppedEvents.forQueue(this.queue);
		assertThat(DroppedEvents.lastDropNanos(this.queue)).as("counters, no drop yet").isEqualTo(Long.MIN_VALUE);
		long before = System.nanoTime();
		drops.record(LogLevel.INFO);
		long after = System.nanoTime();
		assertThat(DroppedEvents.lastDropNanos(this.queue)).isBetween(before, after);
	}

}
