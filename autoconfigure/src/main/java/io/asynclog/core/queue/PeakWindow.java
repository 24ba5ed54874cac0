package io.asynclog.core.queue;

import java.time.Duration;
import java.util.Arrays;

/**
 * The highest value recorded during a sliding window, kept in a ring of buckets that each
 * cover a twelfth of the window, so that old peaks age out without keeping every sample.
 * Written by one sampler and read by scrapes: both are rare, so a monitor lock is enough.
 *
 * @author asynclog
 */
final class PeakWindow {

	private static final int BUCKETS = 12;

	private final long windowNanos;

	private final long bucketNanos;

	private final long[] maxima = new long[BUCKETS];

	private final long[] bucketStarts = new long[BUCKETS];

	PeakWindow(Duration window) {
		this.windowNanos = window.toNanos();
		this.bucketNanos = Math.max(1, this.windowNanos / BUCKETS);
		Arrays.fill(this.bucketStarts, Long.MIN_VALUE);
	}

	/** Records a value at a time in nanoseconds from any fixed origin, never negative. */
	synchronized void record(long value, long now) {
		long bucketStart = now - (now % this.bucketNanos);
		int index = (int) ((now / this.bucketNanos) % BUCKETS);
		if (this.bucketStarts[index] != bucketStart) {
			this.bucketStarts[index] = bucketStart;
			this.maxima[index] = value;
		}
		else if (value > this.maxima[index]) {
			this.maxima[index] = value;
		}
	}

	/** The highest value recorded during the window that ends now, or 0. */
	synchronized long peak(long now) {
		long peak = 0;
		for (int i = 0; i < BUCKETS; i++) {
			if (this.bucketStarts[i] != Long.MIN_VALUE && this.bucketStarts[i] + this.bucketNanos > now - this.windowNanos
					&& this.maxima[i] > peak) {
				peak = this.maxima[i];
			}
		}
		return peak;
	}

}
