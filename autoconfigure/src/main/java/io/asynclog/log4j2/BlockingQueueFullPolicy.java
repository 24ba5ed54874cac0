package io.asynclog.log4j2;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.async.AsyncQueueFullPolicy;
import org.apache.logging.log4j.core.async.EventRoute;

/**
 * The 'block' queue-full policy: a logging thread that meets a full queue is held back
 * until its event is written, and no event is ever dropped.
 * <p>
 * For an AsyncAppender the thread waits for a free slot in the appender's queue. For a
 * Disruptor ring it writes its own event to the appenders instead. Disruptor 4.0.0's
 * blocking claim moves the ring's cursor before a slot is free, so while threads wait in
 * it, Log4j2 reads the ring's free slots as below zero and discards the events that find
 * it full, without a word (in {@code FullRingTests}, 16 threads lost four events in five).
 * Writing on the caller's thread keeps every thread out of that claim. The price is order:
 * while the ring is full, a caller's event can reach the file before older events still
 * queued. {@link FullRingRouting} closes the rarer way to the same discard.
 * <p>
 * Log4j2 consults the policy only once a queue is full, so the thread lookup it does on
 * its first call costs nothing while the queue has room.
 *
 * @author asynclog
 */
public final class BlockingQueueFullPolicy implements AsyncQueueFullPolicy, FullRingRouting.FullRingPolicy {

	private volatile Boolean servesRing;

	@Override
	public EventRoute getRoute(long backgroundThreadId, Level level) {
		return routeWithoutLoss(backgroundThreadId);
	}

	/**
	 * Every event that finds the async-logger ring full is written by its own thread.
	 */
	@Override
	public EventRoute routeInFullRing(Level level) {
		return EventRoute.SYNCHRONOUS;
	}

	@SuppressWarnings("deprecation") // Thread.getId() is what Log4j2 hands us to compare with
	EventRoute routeWithoutLoss(long backgroundThreadId) {
		// The background thread itself logged (an appender, a filter or toString() calling a
		// logger): waiting for a slot only it can free would deadlock.
		if (Thread.currentThread().getId() == backgroundThreadId || servesRing(backgroundThreadId)) {
			return EventRoute.SYNCHRONOUS;
		}
		return EventRoute.ENQUEUE;
	}

	private boolean servesRing(long backgroundThreadId) {
		Boolean ring = this.servesRing;
		if (ring == null) {
			ring = !QueueThreads.isAsyncAppenderThread(backgroundThreadId);
			this.servesRing = ring;
		}
		return ring;
	}

}
