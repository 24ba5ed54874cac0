package io.asynclog.core.queue;

import java.time.Duration;

/**
 * One {@code asynclog.shutdown-timeout} for a whole stop of logging. The first queue that
 * begins to drain starts the clock; every other queue of the same configuration drains
 * against the same deadline. Queues are stopped one after the other, and each waiting the
 * whole timeout in turn would make the stop last as many timeouts as there are queues.
 * <p>
 * After the deadline a queue hands nothing more to its appenders: its background thread
 * skips what is left and counts each event, which takes moments. {@link #GRACE} is how
 * long a stop waits for that after the deadline; only an appender stuck inside one write
 * can keep a background thread longer.
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

	/**
	 * Creates a deadline whose clock has not started.
	 * @param timeout {@code asynclog.shutdown-timeout}
	 */
	public ShutdownDeadline(Duration timeout) {
		this.timeout = timeout;
	}

	/**
	 * Returns {@code asynclog.shutdown-timeout}.
	 * @return the timeout
	 */
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

	/**
	 * Returns how long a stop may still wait for a background thread to finish: the time
	 * left before the deadline, and the {@link #GRACE} after it.
	 * @return the milliseconds, at least 1
	 */
	public long remainingWithGraceMillis() {
		return Math.max(1, Duration.ofNanos(remainingNanos()).plus(GRACE).toMillis());
	}

}
