package io.asynclog.core.queue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One {@code asynclog.shutdown-timeout} for a whole stop of logging: the first queue that
 * begins to drain starts the clock, and every other queue of the configuration drains
 * against the same deadline, not a timeout each in turn.
 * <p>
 * After the deadline a queue's background thread skips what is left and counts it, which
 * takes moments; {@link #GRACE} is how long a stop waits for that.
 *
 * @author asynclog
 */
public final class ShutdownDeadline {

	/**
	 * How long a stop waits after the deadline for background threads to skip what is left
	 * and finish: well within the one second the shutdown may overrun the timeout.
	 */
	public static final Duration GRACE = Duration.ofMillis(500);

	private final Duration timeout;

	private boolean started;

	private long deadline;

	/** A deadline whose clock has not started. */
	public ShutdownDeadline(Duration timeout) {
		this.timeout = timeout;
	}

	public Duration timeout() {
		return this.timeout;
	}

	/**
	 * Returns how long is left before the deadline, starting the clock on the first call.
	 * @return the nanoseconds left, 0 once the deadline has passed
	 */
	public synchronized long remainingNanos() {
		long now = System.nanoTime();
		if (!this.started) {
			this.started = true;
			this.deadline = now + this.timeout.toNanos();
		}
		return Math.max(0, this.deadline - now);
	}

	/** Milliseconds, at least 1, a stop may still wait for a thread: to the deadline plus {@link #GRACE}. */
	public long remainingWithGraceMillis() {
		return Math.max(1, Duration.ofNanos(remainingNanos()).plus(GRACE).toMillis());
	}

	/**
	 * Waits for a thread to end, at most until a deadline and the {@link #GRACE} after it.
	 * @param deadlineNanos the deadline, on the {@link System#nanoTime()} scale
	 */
	public static void join(Thread thread, long deadlineNanos) {
		try {
			long waitNanos = Math.max(0, deadlineNanos - System.nanoTime()) + GRACE.toNanos();
			thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
