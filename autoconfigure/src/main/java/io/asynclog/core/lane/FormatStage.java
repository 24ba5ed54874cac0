package io.asynclog.core.lane;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.DeliveryThreads;
import io.asynclog.core.queue.ShutdownDeadline;

/**
 * Formats a remote appender's events (snapshots no other thread changes) on a thread of its
 * own, in order, and hands each record to the appender's {@link Lane}: a structured format
 * (Spring Boot's ECS JSON costs a few microseconds a line) runs on a second core, not on the
 * ring's background thread.
 * <p>
 * Bounded: an appender that finds it full waits for the formatting thread, a wait on this
 * machine's CPU, never on the destination. Once stopping, new events are dropped and counted
 * ({@code appender-stopped}); what it holds is still handed on. A format that throws counts an
 * error for the appender.
 *
 * @param <E> the backend's event
 * @author asynclog
 */
public final class FormatStage<E> {

	/** How long an idle stage that was busy a moment ago naps, unwoken, before it sleeps. */
	private static final long NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final String THREAD_PREFIX = "asynclog-format-";

	static {
		// The formatting thread hands records to the lane; anything it logs must not wait for
		// room in a full ring that it is emptying.
		DeliveryThreads.add(THREAD_PREFIX);
	}

	private final String appender;

	private final Consumer<E> format;

	private final Handoff<E> handoff;

	private final AppenderErrors.Failures failures;

	private final Thread thread;

	private volatile boolean stopping;

	/**
	 * Creates a stage; {@link #start()} starts its thread.
	 * @param appender the appender's name, under which drops and errors are counted
	 * @param format formats one event and hands its record on
	 * @param capacity the most events it holds
	 */
	public FormatStage(String appender, Consumer<E> format, int capacity) {
		this.appender = appender;
		this.format = format;
		this.handoff = new Handoff<>(capacity, Long.MAX_VALUE);
		this.failures = AppenderErrors.forAppender(appender);
		this.thread = new Thread(this::run, THREAD_PREFIX + appender);
		this.thread.setDaemon(true);
		this.handoff.consumer(this.thread);
	}

	public synchronized void start() {
		if (this.thread.getState() == Thread.State.NEW) {
			this.thread.start();
		}
	}

	/**
	 * Adds an event, behind those already added; waits while the stage is full.
	 * @param event a snapshot of the event
	 * @return false if it was dropped: the stage is stopping
	 */
	public boolean add(E event) {
		boolean reserved = this.handoff.awaitRoom(0, () -> this.stopping);
		if (this.stopping) {
			if (reserved) {
				this.handoff.release(0);
			}
			AppenderDrops.record(this.appender, Reason.APPENDER_STOPPED);
			return false;
		}
		this.handoff.put(event);
		return true;
	}

	/**
	 * Stops taking events, formats and hands on those it holds, and waits for its thread by the
	 * deadline and its grace: stop the lane after this, so that those records still reach it.
	 * @param deadlineNanos the deadline, on the {@link System#nanoTime()} scale
	 */
	public void stop(long deadlineNanos) {
		this.stopping = true;
		LockSupport.unpark(this.thread);
		if (this.thread.isAlive()) {
			ShutdownDeadline.join(this.thread, deadlineNanos);
		}
		if (!this.thread.isAlive()) {
			// Never started, or gone: an event added as the stop began is formatted here.
			drain();
		}
	}

	/** Events waiting to be formatted. */
	public int waiting() {
		return Math.max(0, this.handoff.count());
	}

	private void run() {
		long lastWorkedNanos = 0;
		while (true) {
			if (drain() > 0) {
				lastWorkedNanos = System.nanoTime();
			}
			else if (this.stopping) {
				return;
			}
			else if (System.nanoTime() - lastWorkedNanos < NAP_NANOS) {
				// Busy a moment ago: a nap that events do not cut short, so that an appender
				// does not pay a wake-up for every few events.
				LockSupport.parkNanos(this, NAP_NANOS);
			}
			else {
				this.handoff.sleeping();
				if (this.handoff.isEmpty() && !this.stopping) {
					LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(200));
				}
				this.handoff.awake();
			}
		}
	}

	/** Formats, in order, what the stage holds now. */
	private synchronized int drain() {
		int formatted = 0;
		E event;
		while ((event = this.handoff.poll()) != null) {
			try {
				this.format.accept(event);
			}
			catch (RuntimeException ex) {
				this.failures.record();
			}
			finally {
				this.handoff.taken(1, 0);
				formatted++;
			}
		}
		return formatted;
	}

}
