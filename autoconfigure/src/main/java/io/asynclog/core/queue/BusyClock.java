package io.asynclog.core.queue;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * How long one background thread (a ring's, an async-appender queue's, a lane's) has been
 * busy: the wall-clock time it did not spend waiting for work. A thread blocked in a slow
 * sink's {@code write()} is busy; a thread parked because its queue is empty is not. Busy
 * time growing as fast as the wall clock means the thread is the limit: its queue fills
 * next.
 * <p>
 * Only the thread itself writes, and only where it waits for work: {@link #waiting()} just
 * before it blocks, {@link #working()} once it wakes. A thread that finds work without
 * waiting never calls either, so a saturated thread pays nothing and an idle one two clock
 * readings per wait. The state is one volatile word, read lazily by whoever asks (a meter,
 * the endpoint): while working it holds the waiting time so far; while waiting, the busy
 * time reached when the wait began. The clock starts waiting, until its thread first runs.
 *
 * @author asynclog
 */
public final class BusyClock {

	/** Low bit of {@link #state}: set while the thread waits for work. */
	private static final long WAITING = 1;

	private final LongSupplier nanoClock;

	private final long origin;

	/**
	 * While waiting: the busy nanoseconds reached when the wait began, shifted left, low bit
	 * set. While working: the waiting nanoseconds so far, shifted left, low bit clear.
	 */
	private volatile long state = WAITING;

	/** The most a reader has been told: readers on other threads never see busy time go back. */
	private final AtomicLong highestRead = new AtomicLong();

	/**
	 * Creates a clock on {@link System#nanoTime()}, waiting until its thread first runs.
	 */
	public BusyClock() {
		this(System::nanoTime);
	}

	/**
	 * Creates a clock on another nanosecond clock, for tests.
	 * @param nanoClock the clock
	 */
	BusyClock(LongSupplier nanoClock) {
		this.nanoClock = nanoClock;
		this.origin = nanoClock.getAsLong();
	}

	/**
	 * Called by the clock's thread just before it blocks waiting for work.
	 */
	public void waiting() {
		long current = this.state;
		if ((current & WAITING) == 0) {
			long busy = this.nanoClock.getAsLong() - this.origin - (current >> 1);
			this.state = (Math.max(0, busy) << 1) | WAITING;
		}
	}

	/**
	 * Called by the clock's thread when it stops waiting: it has work, or it runs for the
	 * first time.
	 */
	public void working() {
		long current = this.state;
		if ((current & WAITING) != 0) {
			long waited = this.nanoClock.getAsLong() - this.origin - (current >> 1);
			this.state = Math.max(0, waited) << 1;
		}
	}

	/**
	 * Returns the time the thread has been busy since the clock was made: never less than
	 * an earlier answer.
	 * @return busy nanoseconds
	 */
	public long busyNanos() {
		// The state before the clock: a state written after its thread read the time is never
		// combined with an older reading of ours.
		long current = this.state;
		long busy = ((current & WAITING) != 0) ? current >> 1
				: this.nanoClock.getAsLong() - this.origin - (current >> 1);
		return this.highestRead.accumulateAndGet(busy, Math::max);
	}

	/**
	 * Returns the time since the clock was made, on the same clock as {@link #busyNanos()}.
	 * @return elapsed nanoseconds
	 */
	public long elapsedNanos() {
		return this.nanoClock.getAsLong() - this.origin;
	}

}
