package io.asynclog.autoconfigure.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.queue.BusyThread;

/**
 * The {@code asynclog.thread.busy.time} counter of one background thread: the seconds it did
 * not spend waiting for work, so that {@code rate()} is its busy share, 1 when the thread is
 * the limit. Tagged with the queue or the lane it serves, the other tag {@value #NONE}: every
 * series of a meter carries the same tag keys. Read from the backend's clocks only when a
 * registry asks; NaN while the backend has no clock for the thread (a Logback AsyncAppender of
 * the user's own file, Log4j2's all-async ring).
 *
 * @author asynclog
 */
final class BusyMeters {

	static final String NAME = "asynclog.thread.busy.time";

	static final String NONE = DroppedMeters.NONE;

	private BusyMeters() {
	}

	/**
	 * Registers the counter of the thread that serves a queue or a lane.
	 * @param name the queue's name, or the remote appender's
	 */
	static void register(MeterRegistry registry, LoggingBackend backend, BusyThread.Serves serves, String name) {
		FunctionCounter.builder(NAME, backend, (reading) -> seconds(reading, serves, name))
			.description("Time the background thread serving the queue or lane did not wait for work (writing to a"
					+ " slow sink counts); rate() is its busy share, 1 when the thread is the limit")
			.baseUnit("seconds")
			.tags(BusyThread.Serves.QUEUE.tag(), (serves == BusyThread.Serves.QUEUE) ? name : NONE,
					BusyThread.Serves.LANE.tag(), (serves == BusyThread.Serves.LANE) ? name : NONE)
			.register(registry);
	}

	private static double seconds(LoggingBackend backend, BusyThread.Serves serves, String name) {
		for (BusyThread thread : backend.busyThreads()) {
			if (thread.serves() == serves && thread.name().equals(name)) {
				return thread.clock().busyNanos() / 1e9;
			}
		}
		return Double.NaN;
	}

}
