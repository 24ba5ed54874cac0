package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.async.AsyncQueueFullPolicy;
import org.apache.logging.log4j.core.async.EventRoute;

import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

/**
 * The 'discard' queue-full policy: drops and counts ({@link DroppedEvents}) events at or
 * below the discard threshold; more severe ones wait as under
 * {@link BlockingQueueFullPolicy 'block'}. Log4j2 creates one per queue start and asks it
 * only once the queue is full. Run-time settings ({@link QueueSettings#live()}) win.
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

	@Override
	public EventRoute routeInFullRing(Level level) {
		if (QueueSettings.drops(level, this.threshold)) {
			DroppedEvents.forQueue(LogQueue.ASYNC_LOGGER).record(Log4j2Levels.of(level));
			return EventRoute.DISCARD;
		}
		return this.moreSevere.routeInFullRing(level);
	}

}
