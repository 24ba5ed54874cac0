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
 * The async-logger ring as an asynclog configuration's async loggers see it, changed for an
 * event that finds it full:
 * <ul>
 * <li>asynclog's policy routes the event without Log4j2 first reading the free slots: Log4j2
 * 2.25 silently discards when that reading is below zero, and Disruptor 4.0.0 reads the cursor
 * twice, so a full ring under contention can read as less than empty (one event of 16,000 lost
 * in about one {@code FullRingTests} run in five).</li>
 * <li>An event routed {@link EventRoute#ENQUEUE} waits in {@link WaitForRoom}'s line and is
 * published without blocking, never with Disruptor 4.0.0's over-claiming blocking claim. Under
 * 'block' a newcomer joins the line while anyone waits, which keeps the order.</li>
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
	 * @param ring Log4j2's own delegate
	 * @param configuration the ring's owner, read for free slots and whether it stops
	 * @param policy routes an event that finds the ring full
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

	/** Waits in line for room; should the ring close first, Log4j2 reports a late event. */
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
	 * Routes an event that finds the async-logger ring full: {@link EventRoute#ENQUEUE} waits
	 * for room, {@link EventRoute#SYNCHRONOUS} writes on the caller's thread, DISCARD drops it.
	 */
	public interface FullRingPolicy {

		EventRoute routeInFullRing(Level level);

		/** Whether a newcomer that finds free slots still queues behind those who wait. */
		default boolean newcomersQueueBehindWaiters() {
			return false;
		}

	}

}
