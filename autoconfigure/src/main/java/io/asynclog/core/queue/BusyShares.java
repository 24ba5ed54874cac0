package io.asynclog.core.queue;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Turns the cumulative readings of {@link BusyClock}s into a busy share over a recent span,
 * computed when asked, with no thread of its own: the span since the previous reading of the
 * same thread, but at least {@link #SHORTEST} (readings closer together than that reach back
 * to the one before); a thread read for the first time, or whose clock changed (a
 * reconfiguration started a new thread), is measured since its clock started.
 *
 * @author asynclog
 */
public final class BusyShares {

	/** The shortest span a share is computed over, once the thread has run that long. */
	public static final Duration SHORTEST = Duration.ofSeconds(1);

	private static final long SHORTEST_NANOS = SHORTEST.toNanos();

	private final ConcurrentMap<String, Readings> readings = new ConcurrentHashMap<>();

	/** Reads a thread's clock now and returns its busy share since the previous reading. */
	public BusyShare read(BusyThread thread) {
		String key = thread.serves().tag() + ':' + thread.name();
		return this.readings.compute(key, (name, previous) -> next(previous, thread.clock())).share();
	}

	private static Readings next(Readings previous, BusyClock clock) {
		long busy = clock.busyNanos();
		Sample now = new Sample(busy, Math.max(busy, clock.elapsedNanos()));
		if (previous == null || previous.clock() != clock) {
			return new Readings(clock, null, now, share(Sample.START, now));
		}
		if (now.elapsed() - previous.newer().elapsed() >= SHORTEST_NANOS) {
			return new Readings(clock, previous.newer(), now, share(previous.newer(), now));
		}
		Sample from = (previous.older() != null) ? previous.older() : Sample.START;
		return new Readings(clock, previous.older(), previous.newer(), share(from, now));
	}

	private static BusyShare share(Sample from, Sample to) {
		long span = to.elapsed() - from.elapsed();
		double share = (span > 0) ? (double) (to.busy() - from.busy()) / span : 0;
		share = Math.round(Math.min(1, Math.max(0, share)) * 1000) / 1000.0;
		return new BusyShare(share, Duration.ofNanos(span).toString());
	}

	/**
	 * One reading of a clock.
	 *
	 * @param busy busy nanoseconds
	 * @param elapsed nanoseconds since the clock started
	 */
	private record Sample(long busy, long elapsed) {

		static final Sample START = new Sample(0, 0);

	}

	/**
	 * What is kept of one thread: its clock, the reading before the newest kept (at least
	 * {@link #SHORTEST} older than it), the newest kept, and the share last computed.
	 */
	private record Readings(BusyClock clock, Sample older, Sample newer, BusyShare share) {

	}

}
