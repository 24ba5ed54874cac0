package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.async.AsyncQueueFullPolicy;
import org.apache.logging.log4j.core.async.EventRoute;

import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

/**
 * The 'discard' queue-full policy: drops events at or below the discard threshold and
 * counts each drop in {@link DroppedEvents} under the queue it was meant for; more severe
 * events are held back as the {@link BlockingQueueFullPolicy 'block' policy} holds them.
 * <p>
 * Log4j2 creates one instance, through the no-argument constructor, each time an
 * async-logger Disruptor or AsyncAppender starts, and only consults it once the queue is
 * full, so counting costs nothing while the queue has room. Which queue an instance
 * serves is learnt from the background thread on its first drop. A policy and threshold
 * set at run time ({@link QueueSettings#live()}) take the place of its own.
 *
 * @author asynclog
 */
public final class CountingDiscardPolicy implements AsyncQueueFullPolicy, FullRingRouting.FullRingPolicy {

	private final Level threshold;

	private final BlockingQueueFullPolicy moreSevere = new BlockingQueueFullPolicy();

	public CountingDiscardPolicy() {
		this.threshold = QueueSettings.threshold();
	}

	@Override
	public EventRoute getRoute(long backgroundThreadId, Level level) {
		if (QueueSettings.drops(level, this.threshold)) {
			return this.moreSevere.dropAndCount(backgroundThreadId, level);
		}
		return this.moreSevere.routeWithoutLoss(backgroundThreadId);
	}

	/**
	 * Drops and counts, under the async-logger ring, events at or below the threshold; the
	 * others wait for room as under 'block'.
	 */
	@Override
	public EventRoute routeInFullRing(Level level) {
		if (QueueSettings.drops(level, this.threshold)) {
			DroppedEvents.forQueue(LogQueue.ASYNC_LOGGER).record(Log4j2Levels.of(level));
			return EventRoute.DISCARD;
		}
		return this.moreSevere.routeInFullRing(level);
	}

}
