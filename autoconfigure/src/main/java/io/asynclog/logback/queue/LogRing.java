package io.asynclog.logback.queue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;

import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.core.queue.DeliveryThreads;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.core.queue.WaitForRoom;
import io.asynclog.disruptor.TimedWaitStrategy;

/**
 * A Logback appender that hands each event through an LMAX Disruptor ring to a background
 * thread ({@link RingConsumer}), and there to the appenders behind it: the base of
 * {@link LoggerRing} and {@link AppenderRing}, which only say where an event goes. Drops,
 * samples and the drain are told to {@link RingListener}s.
 * <p>
 * <b>The logging thread</b> prepares the event as Logback's AsyncAppender does, takes the
 * caller's location only with {@code include-location}, and publishes with the non-blocking
 * claim: no lock, no allocation of its own. Under 'block', while anyone waits for room it joins
 * them ({@link WaitForRoom}), which keeps the order. Disruptor 4.0.0's blocking claim is never
 * used: it moves the cursor before a slot is free.
 * <p>
 * <b>A full ring</b>: under 'discard' an event at or below the threshold is dropped; any other
 * waits for room, except on the background thread itself (room only it can make), whose event
 * goes straight to the appenders.
 * <p>
 * <b>Stopping</b> (Logback stops the ring when it resets): the ring keeps taking events until
 * the {@link ShutdownDeadline} it shares with the other rings, then skips the rest, counted as
 * lost, and stops the appenders it owns. An event after the background thread stopped is
 * written on the logging thread while the appenders run, and dropped after.
 *
 * @author asynclog
 */
public abstract class LogRing extends UnsynchronizedAppenderBase<ILoggingEvent> {

	private static final int NEW = 0;

	private static final int RUNNING = 1;

	/** Stopping: still takes events and waits for room, while the backlog drains. */
	private static final int DRAINING = 2;

	/** The background thread is stopped; the appenders still run. */
	private static final int HALTED = 3;

	/** The appenders the ring owned are stopped too. */
	private static final int STOPPED = 4;

	private static final long NOT_YET = Long.MIN_VALUE;

	private static final long LONGEST_DRAIN_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private final String queueName;

	private final QueueSettings settings;

	private final RingListener[] listeners;

	private final Delegates delegates;

	private final WaitForRoom room = new WaitForRoom();

	private final Access access = new Access();

	private final AtomicInteger phase = new AtomicInteger(NEW);

	private final Object stopLock = new Object();

	private RingBuffer<Slot> ring;

	private RingConsumer consumer;

	/** The background thread's busy clock, from start. */
	private volatile BusyClock busyClock;

	/** Guarded by {@link #stopLock}: the highest sequence the stop counted as lost or written. */
	private long countedUpTo = NOT_YET;

	protected LogRing(String queueName, QueueSettings settings, Delegates delegates) {
		this.queueName = queueName;
		this.settings = settings;
		this.delegates = delegates;
		this.listeners = settings.listeners().toArray(RingListener[]::new);
	}

	/** {@code async-logger}, or the name of the appender behind the ring. */
	public String queueName() {
		return this.queueName;
	}

	public List<Appender<ILoggingEvent>> delegates() {
		return this.delegates.appenders();
	}

	/** How full the ring is now; empty before it starts. */
	public LogQueue reading() {
		long capacity = this.access.capacity();
		return new LogQueue(this.queueName, LogQueue.RING_BUFFER, capacity,
				Math.max(0, Math.min(capacity, this.access.remainingCapacity())));
	}

	/** The background thread's busy clock, or {@code null} before the ring starts. */
	public BusyClock busyClock() {
		return this.busyClock;
	}

	/**
	 * Waits until every event published so far is handed over and the appenders flushed after.
	 * @param deadlineNanos when to give up, on the {@link System#nanoTime()} scale
	 * @return true once flushed, or when the ring no longer runs; false at the deadline
	 */
	public boolean awaitFlushed(long deadlineNanos) {
		long pause = 100_000;
		while (true) {
			RingBuffer<Slot> published = this.ring;
			if (published == null || this.phase.get() != RUNNING
					|| this.consumer.flushedThrough() >= published.getCursor()) {
				return true;
			}
			if (System.nanoTime() - deadlineNanos >= 0) {
				return false;
			}
			LockSupport.parkNanos(this, pause);
			pause = Math.min(pause * 2, LONGEST_DRAIN_POLL_NANOS);
		}
	}

	/**
	 * Hands an event to the appenders behind the ring, each through {@link #handTo}, on the
	 * background thread or on the caller's when the ring cannot take it.
	 * @param event the event
	 * @param onBackgroundThread whether the ring's background thread calls
	 */
	protected abstract void deliver(ILoggingEvent event, boolean onBackgroundThread);

	/**
	 * Hands an event to one appender, and tells the listeners what Logback would skip with at
	 * most a status warning: an event for a stopped appender, and on the background thread one
	 * logged from inside the same appender's append when it guards against that
	 * ({@link ReentryGuards}).
	 */
	protected final void handTo(Appender<ILoggingEvent> appender, ILoggingEvent event, boolean onBackgroundThread) {
		if (!appender.isStarted()) {
			notWritten(appender, Reason.APPENDER_STOPPED);
			return;
		}
		if (!onBackgroundThread) {
			appender.doAppend(event);
			return;
		}
		this.consumer.handTo(appender, event);
	}

	@Override
	public void start() {
		if (!this.phase.compareAndSet(NEW, RUNNING)) {
			return;
		}
		TimedWaitStrategy waitStrategy = new TimedWaitStrategy(this.settings.waitStrategy().get());
		this.busyClock = waitStrategy.clock();
		RingBuffer<Slot> ring = RingBuffer.createMultiProducer(Slot::new, this.settings.capacity(), waitStrategy);
		this.consumer = new RingConsumer(this, this.listeners, this.delegates, ring);
		this.ring = ring;
		this.consumer.start();
		super.start();
	}

	/** Counts an event after the stop: Logback would only warn that the appender is not started. */
	@Override
	public void doAppend(ILoggingEvent event) {
		if (this.phase.get() == STOPPED) {
			dropped(event);
			return;
		}
		super.doAppend(event);
	}

	@Override
	protected void append(ILoggingEvent event) {
		event.prepareForDeferredProcessing();
		if (this.settings.includeLocation()) {
			event.getCallerData();
		}
		if ((!this.settings.blocks() || !this.room.anyoneWaiting()
				|| !this.settings.newcomersStillQueueBehindWaiters()) && tryPublish(event)) {
			return;
		}
		appendSlowly(event);
	}

	/** The ring is full, someone waits for room, or the ring has stopped. */
	private void appendSlowly(ILoggingEvent event) {
		if (this.phase.get() >= HALTED) {
			writeAfterHalt(event);
			return;
		}
		boolean backgroundThread = this.consumer.isCurrentThread();
		// The background thread never queues behind waiters: they wait for it.
		if (backgroundThread && tryPublish(event)) {
			return;
		}
		if (this.settings.drops(event.getLevel())) {
			dropped(event);
			return;
		}
		if (backgroundThread || DeliveryThreads.isCurrent()) {
			// Waiting for room only this thread can make, or that delivery needs this thread
			// (a Kafka producer's I/O thread) to make, would deadlock (log4j2#2893, #4009).
			deliverNow(event, backgroundThread);
			return;
		}
		if (!this.room.publish(this.access, event, null)) {
			writeAfterHalt(event);
		}
	}

	private boolean tryPublish(ILoggingEvent event) {
		if (this.phase.get() >= HALTED) {
			return false;
		}
		long sequence;
		try {
			sequence = this.ring.tryNext();
		}
		catch (InsufficientCapacityException ex) {
			// A shared instance without a stack: a full ring allocates nothing.
			return false;
		}
		this.ring.get(sequence).event = event;
		this.ring.publish(sequence);
		if (this.phase.get() >= HALTED) {
			publishedWhileHalting(sequence, event);
		}
		return true;
	}

	/** Published during the halt: if the stop has counted the ring already, nobody else would. */
	private void publishedWhileHalting(long sequence, ILoggingEvent event) {
		synchronized (this.stopLock) {
			if (this.countedUpTo == NOT_YET || sequence <= this.countedUpTo) {
				// The stop's count of lost events includes it, or will: it reads the cursor after this.
				return;
			}
		}
		writeAfterHalt(event);
	}

	private void writeAfterHalt(ILoggingEvent event) {
		if (this.phase.get() == HALTED) {
			deliverNow(event, false);
		}
		else {
			dropped(event);
		}
	}

	private void deliverNow(ILoggingEvent event, boolean onBackgroundThread) {
		deliver(event, onBackgroundThread);
		this.delegates.flushBuffered();
	}

	void notWritten(Appender<ILoggingEvent> appender, Reason reason) {
		for (RingListener listener : this.listeners) {
			try {
				listener.eventNotWritten(this, appender, reason);
			}
			catch (RuntimeException ex) {
				addError("asynclog: a ring listener failed", ex);
			}
		}
	}

	private void dropped(ILoggingEvent event) {
		for (RingListener listener : this.listeners) {
			try {
				listener.eventDropped(this, event);
			}
			catch (RuntimeException ex) {
				addError("asynclog: a ring listener failed", ex);
			}
		}
	}

	/** Drains, reports and stops; Logback calls it once per logger, only the first call counts. */
	@Override
	public void stop() {
		if (!this.phase.compareAndSet(RUNNING, DRAINING)) {
			if (this.phase.get() != DRAINING && this.phase.get() != HALTED) {
				super.stop();
			}
			return;
		}
		long backlogAtTimeout = awaitEmpty();
		if (backlogAtTimeout > 0) {
			this.consumer.abandon();
		}
		this.phase.set(HALTED);
		this.consumer.halt();
		this.consumer.awaitExit(this.settings.shutdown());
		long lost;
		synchronized (this.stopLock) {
			long cursor = this.ring.getCursor();
			lost = Math.max(0, cursor - this.consumer.lastHandedOver(cursor));
			this.countedUpTo = cursor;
		}
		RingListener.Drain drain = new RingListener.Drain(this.settings.shutdown().timeout(), backlogAtTimeout, lost);
		for (RingListener listener : this.listeners) {
			try {
				listener.stopped(this, drain);
			}
			catch (RuntimeException ex) {
				addError("asynclog: a ring listener failed", ex);
			}
		}
		this.delegates.flushBuffered();
		this.delegates.release();
		this.phase.set(STOPPED);
		super.stop();
	}

	/** Waits for the backlog until the shared deadline; returns what is still queued. */
	private long awaitEmpty() {
		ShutdownDeadline shutdown = this.settings.shutdown();
		long pause = 100_000;
		long backlog = reading().used();
		while (backlog > 0 && shutdown.remainingNanos() > 0) {
			LockSupport.parkNanos(this, pause);
			pause = Math.min(pause * 2, LONGEST_DRAIN_POLL_NANOS);
			if (Thread.interrupted()) {
				Thread.currentThread().interrupt();
				break;
			}
			backlog = reading().used();
		}
		return backlog;
	}

	/** One slot of the ring: the event, until the background thread has handed it over. */
	static final class Slot {

		ILoggingEvent event;

	}

	/** The ring as {@link WaitForRoom} reads and publishes to it. */
	private final class Access implements WaitForRoom.Ring<ILoggingEvent, Void> {

		@Override
		public long capacity() {
			return LogRing.this.settings.capacity();
		}

		@Override
		public long remainingCapacity() {
			RingBuffer<Slot> ring = LogRing.this.ring;
			return (ring != null) ? ring.remainingCapacity() : capacity();
		}

		@Override
		public boolean isClosed() {
			return LogRing.this.phase.get() >= HALTED;
		}

		@Override
		public boolean tryPublish(ILoggingEvent event, Void context) {
			return LogRing.this.tryPublish(event);
		}

	}

}
