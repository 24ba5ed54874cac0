package io.asynclog.core.queue;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * How long one background thread (a ring's, an async-appender queue's, a lane's) has been
 * busy: the wall-clock time it did not spend waiting for work (blocked in a slow sink's
 * {@code write()} is busy). Busy time growing as fast as the wall clock means the thread is
 * the limit: its queue fills next.
 * <p>
 * Only the thread itself writes, and only where it waits for work ({@link #waiting()},
 * {@link #working()}), so a saturated thread pays nothing and an idle one two clock readings
 * per wait. The state is one volatile word, read lazily by whoever asks. The clock starts
 * waiting, until its thread first runs.
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

	public BusyClock() {
		this(System::nanoTime);
	}

	BusyClock(LongSupplier nanoClock) {
		this.nanoClock = nanoClock;
		this.origin = nanoClock.getAsLong();
	}

	/** Called by the clock's thread just before it blocks waiting for work. */
	public void waiting() {
		long current = this.state;
		if ((current & WAITING) == 0) {
			long busy = this.nanoClock.getAsLong() - this.origin - (current >> 1);
			this.state = (Math.max(0, busy) << 1) | WAITING;
		}
	}

	/** Called by the clock's thread when it has work, or runs for the first time. */
	public void working() {
		long current = this.state;
		if ((current & WAITING) != 0) {
			long waited = this.nanoClock.getAsLong() - this.origin - (current >> 1);
			this.state = Math.max(0, waited) << 1;
		}
	}

	/** Busy nanoseconds since the clock was made, never less than an earlier answer. */
	public long busyNanos() {
		// The state before the clock: a state written after its thread read the time is never
		// combined with an older reading of ours.
		long current = this.state;
		long busy = ((current & WAITING) != 0) ? current >> 1
				: this.nanoClock.getAsLong() - this.origin - (current >> 1);
		return this.highestRead.accumulateAndGet(busy, Math::max);
	}

	/** Nanoseconds since the clock was made. */
	public long elapsedNanos() {
		return this.nanoClock.getAsLong() - this.origin;
	}

}
