package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.async.AsyncQueueFullPolicy;
import org.apache.logging.log4j.core.async.EventRoute;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

import io.asynclog.core.queue.DeliveryThreads;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.core.queue.WaitForRoom;

/**
 * The 'block' queue-full policy: a logging thread that meets a full queue waits for room and
 * then queues its event behind the older ones; nothing is dropped or reordered.
 * <p>
 * An AsyncAppender's caller waits in the appender's blocking queue; the async-logger ring's
 * in {@link FullRingRouting}'s line ({@link WaitForRoom}), never in Disruptor 4.0.0's blocking
 * claim: it moves the cursor before a slot is free, so Log4j2 reads the free slots as below
 * zero and silently discards events (16 threads lost four events in five in
 * {@code FullRingTests}). The all-async ring's publishing cannot be taken over and still goes
 * through that claim (42,000 of 160,000 lost in {@code AllAsyncFullRingTests}): there the
 * caller waits until the ring is empty, then writes its event itself.
 * <p>
 * The background thread itself writes on the spot (waiting for a slot only it frees would
 * deadlock), as do the {@link DeliveryThreads}. Log4j2 asks the policy only once a queue is
 * full; it then also reads a 'discard' set at run time ({@link QueueSettings#live()}).
 *
 * @author asynclog
 */
public final class BlockingQueueFullPolicy implements AsyncQueueFullPolicy, FullRingRouting.FullRingPolicy {

	/** Log4j2 names the async-logger ring's thread {@code Log4j2-TF-<n>-AsyncLoggerConfig-<m>}. */
	private static final String ASYNC_LOGGER_CONFIG_THREAD = "-AsyncLoggerConfig-";

	private final WaitForRoom allAsyncRoom = new WaitForRoom();

	private volatile Boolean servesRing;

	private volatile AllAsyncRing allAsyncRing;

	private volatile DroppedEvents.QueueDrops drops;

	@Override
	public EventRoute getRoute(long backgroundThreadId, Level level) {
		if (QueueSettings.drops(level, null)) {
			return dropAndCount(backgroundThreadId, level);
		}
		return routeWithoutLoss(backgroundThreadId);
	}

	/** Waits for room, unless the ring's own thread or a delivery thread logged the event. */
	@Override
	public EventRoute routeInFullRing(Level level) {
		if (QueueSettings.drops(level, null)) {
			DroppedEvents.forQueue(LogQueue.ASYNC_LOGGER).record(Log4j2Levels.of(level));
			return EventRoute.DISCARD;
		}
		return (onAsyncLoggerThread() || DeliveryThreads.isCurrent()) ? EventRoute.SYNCHRONOUS : EventRoute.ENQUEUE;
	}

	/** 'block' keeps the order: an event that finds free slots still queues behind those waiting. */
	@Override
	public boolean newcomersQueueBehindWaiters() {
		return true;
	}

	static boolean onAsyncLoggerThread() {
		return Thread.currentThread().getName().contains(ASYNC_LOGGER_CONFIG_THREAD);
	}

	@SuppressWarnings("deprecation") // Thread.getId() is what Log4j2 hands us to compare with
	EventRoute routeWithoutLoss(long backgroundThreadId) {
		if (Thread.currentThread().getId() == backgroundThreadId || DeliveryThreads.isCurrent()) {
			return EventRoute.SYNCHRONOUS;
		}
		if (servesRing(backgroundThreadId)) {
			// Only the all-async ring asks here (the async-logger ring asks FullRingRouting). Once it
			// is empty, or closing, the caller writes its event itself.
			allAsyncRing().awaitEmpty(this.allAsyncRoom);
			return EventRoute.SYNCHRONOUS;
		}
		return EventRoute.ENQUEUE;
	}

	/** Drops and counts under the queue, learnt from the background thread on the first drop. */
	EventRoute dropAndCount(long backgroundThreadId, Level level) {
		DroppedEvents.QueueDrops queueDrops = this.drops;
		if (queueDrops == null) {
			queueDrops = DroppedEvents.forQueue(QueueThreads.queueServedBy(backgroundThreadId));
			this.drops = queueDrops;
		}
		queueDrops.record(Log4j2Levels.of(level));
		return EventRoute.DISCARD;
	}

	private boolean servesRing(long backgroundThreadId) {
		Boolean ring = this.servesRing;
		if (ring == null) {
			ring = !QueueThreads.isAsyncAppenderThread(backgroundThreadId);
			this.servesRing = ring;
		}
		return ring;
	}

	private AllAsyncRing allAsyncRing() {
		AllAsyncRing ring = this.allAsyncRing;
		if (ring == null) {
			ring = new AllAsyncRing(LoggerContext.getContext(false));
			this.allAsyncRing = ring;
		}
		return ring;
	}

	/** The all-async ring, as the line reads it; Log4j2 creates a policy per ring start. */
	private static final class AllAsyncRing implements WaitForRoom.Reading {

		private final LoggerContext context;

		private final RingBufferAdmin admin;

		AllAsyncRing(LoggerContext context) {
			this.context = context;
			this.admin = (context instanceof AsyncLoggerContext asyncContext) ? asyncContext.createRingBufferAdmin()
					: null;
		}

		void awaitEmpty(WaitForRoom room) {
			if (this.admin != null) {
				room.awaitEmpty(this);
			}
		}

		@Override
		public long capacity() {
			return this.admin.getBufferSize();
		}

		@Override
		public long remainingCapacity() {
			return this.admin.getRemainingCapacity();
		}

		@Override
		public boolean isClosed() {
			return this.context.isStopping() || this.context.isStopped();
		}

	}

}
