package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.async.AsyncLoggerConfigDelegate;
import org.apache.logging.log4j.core.async.EventRoute;
import org.apache.logging.log4j.core.impl.LogEventFactory;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

import io.asynclog.core.queue.WaitForRoom;

/**
 * The async-logger ring of an asynclog configuration, as its async loggers see it, with two
 * changes for when an event finds the ring full.
 * <ul>
 * <li>asynclog's queue-full policy decides the event's route without Log4j2 first reading how
 * many slots are free. Log4j2 2.25 discards the event without a word when that reading is
 * below zero, and Disruptor 4.0.0's {@code remainingCapacity()} reads the ring's cursor twice:
 * when other threads claim slots between the two reads, a full ring reads as less than empty.
 * In {@code FullRingTests}, under load, about one run in five lost one event of 16,000 that
 * way.</li>
 * <li>An event routed to wait for room ({@link EventRoute#ENQUEUE}) waits in
 * {@link WaitForRoom}'s line and is then published with the ring's non-blocking publish,
 * never with Disruptor 4.0.0's blocking claim, which over-claims the ring. Under 'block',
 * while anyone waits, a newcomer joins the line instead of taking the room freed for those
 * who wait, so the ring takes events in the order their threads reached it.</li>
 * </ul>
 *
 * @author asynclog
 */
public final class FullRingRouting implements AsyncLoggerConfigDelegate, WaitForRoom.Ring<LogEvent, AsyncLoggerConfig> {

	private final AsyncLoggerConfigDelegate ring;

	private final RingBufferOwner configuration;

	private final FullRingPolicy policy;

	private final WaitForRoom room = new WaitForRoom();

	/** 'block' keeps newcomers behind those who wait; 'discard' lets them take free slots. */
	private final boolean newcomersQueueBehindWaiters;

	/**
	 * Wraps a configuration's ring.
	 * @param ring Log4j2's own delegate, the ring itself
	 * @param configuration the configuration that owns the ring, read for its free slots
	 * and whether it is stopping
	 * @param policy the queue-full policy that routes an event finding the ring full
	 */
	public FullRingRouting(AsyncLoggerConfigDelegate ring, RingBufferOwner configuration, FullRingPolicy policy) {
		this.ring = ring;
		this.configuration = configuration;
		this.policy = policy;
		this.newcomersQueueBehindWaiters = policy.newcomersQueueBehindWaiters();
	}

	@Override
	public EventRoute getEventRoute(Level level) {
		if (isClosed()) {
			// The ring is gone or going: Log4j2's own answer (discard, with its warning) stands.
			return this.ring.getEventRoute(level);
		}
		return this.policy.routeInFullRing(level);
	}

	@Override
	public RingBufferAdmin createRingBufferAdmin(String contextName, String loggerConfigName) {
		return this.ring.createRingBufferAdmin(contextName, loggerConfigName);
	}

	/**
	 * Called for an event routed {@link EventRoute#ENQUEUE}, which found the ring full: waits
	 * in line for room. Should the ring close first, Log4j2's own enqueue reports the event
	 * as logged after shutdown.
	 */
	@Override
	public void enqueueEvent(LogEvent event, AsyncLoggerConfig asyncLoggerConfig) {
		if (!this.room.publish(this, event, asyncLoggerConfig)) {
			this.ring.enqueueEvent(event, asyncLoggerConfig);
		}
	}

	/**
	 * The publish path of every event: one volatile read more than Log4j2's own while the
	 * ring has room and nobody waits; the run-time policy is read only while someone waits.
	 */
	@Override
	public boolean tryEnqueue(LogEvent event, AsyncLoggerConfig asyncLoggerConfig) {
		if (this.newcomersQueueBehindWaiters && this.room.anyoneWaiting()
				&& QueueSettings.newcomersStillQueueBehindWaiters()) {
			return false;
		}
		return this.ring.tryEnqueue(event, asyncLoggerConfig);
	}

	@Override
	public boolean tryPublish(LogEvent event, AsyncLoggerConfig asyncLoggerConfig) {
		return this.ring.tryEnqueue(event, asyncLoggerConfig);
	}

	@Override
	public long capacity() {
		RingBufferAdmin admin = this.configuration.ringBufferAdmin();
		return (admin != null) ? admin.getBufferSize() : 1;
	}

	@Override
	public long remainingCapacity() {
		RingBufferAdmin admin = this.configuration.ringBufferAdmin();
		return (admin != null) ? admin.getRemainingCapacity() : 0;
	}

	@Override
	public boolean isClosed() {
		return this.configuration.isStopping() || this.configuration.isStopped();
	}

	@Override
	public void setLogEventFactory(LogEventFactory logEventFactory) {
		this.ring.setLogEventFactory(logEventFactory);
	}

	/**
	 * What a queue-full policy does with an event that finds the async-logger ring full:
	 * {@link EventRoute#ENQUEUE} waits for room, {@link EventRoute#SYNCHRONOUS} writes it on
	 * the caller's thread, {@link EventRoute#DISCARD} drops it.
	 */
	public interface FullRingPolicy {

		/**
		 * Routes an event that found the async-logger ring full.
		 * @param level the event's level
		 * @return the route
		 */
		EventRoute routeInFullRing(Level level);

		/**
		 * Returns whether an event that finds the ring with free slots still queues behind the
		 * events that wait for room ('block', which keeps the order), or takes a free slot.
		 * @return true to queue behind the waiters
		 */
		default boolean newcomersQueueBehindWaiters() {
			return false;
		}

	}

}
