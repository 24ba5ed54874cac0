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
 * The 'block' queue-full policy: a logging thread that meets a full queue waits until there
 * is room, and then queues its event behind the older ones. Nothing is dropped and nothing
 * is written out of order.
 * <p>
 * For an AsyncAppender the thread waits in the appender's own blocking queue. For the
 * async-logger ring it waits in {@link FullRingRouting}'s line ({@link WaitForRoom}), never
 * in Disruptor 4.0.0's blocking claim: that claim moves the ring's cursor before a slot is
 * free, so while threads wait in it Log4j2 reads the ring's free slots as below zero and
 * discards the events that find it full, without a word (in {@code FullRingTests}, 16
 * threads lost four events in five). The all-async ring's publishing asynclog cannot take
 * over, and letting Log4j2 publish after a wait still goes through that claim (42,000 of
 * 160,000 lost in {@code AllAsyncFullRingTests}); there the thread waits in line until the
 * ring is empty, every older event written, and then writes its own event itself.
 * <p>
 * Exceptions: the background thread itself (an appender, a filter or {@code toString()}
 * calling a logger) writes its event on the spot, since waiting for a slot only it can free
 * would deadlock; so do the threads delivery depends on ({@link DeliveryThreads}, such as a
 * Kafka producer's I/O thread).
 * <p>
 * Log4j2 consults the policy only once a queue is full, so nothing here costs anything while
 * the queue has room. There it also reads whether an operator set 'discard' at run time
 * ({@link QueueSettings#live()}): then it drops and counts as the 'discard' policy does.
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

	/**
	 * An event that finds the async-logger ring full waits for room, unless the ring's own
	 * thread logged it.
	 */
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

	/**
	 * Drops an event that found its queue full and counts it under the queue, which is learnt
	 * from the background thread on the first drop.
	 */
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

	/**
	 * The all-async logger context's ring, as the line reads it. Log4j2 creates a policy each
	 * time it starts the ring, so one policy serves one ring.
	 */
	private static final class AllAsyncRing implements WaitForRoom.Reading {

		private final LoggerContext context;

		private final RingBufferAdmin admin;

		AllAsyncRing(LoggerContext context) {
			this.context = context;
			this.admin = (context instanceof AsyncLoggerContext asyncContext) ? asyncContext.createRingBufferAdmin()
					: null;
		}

		/** Waits in line until the ring is empty, if there is a ring to wait for. */
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
