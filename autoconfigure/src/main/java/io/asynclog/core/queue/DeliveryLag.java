package io.asynclog.core.queue;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongConsumer;

/**
 * Where the delivery lag of each queue goes: the lag probes on the background threads
 * hand each measurement to the sinks a metrics binder registered, and to none while
 * nothing listens.
 *
 * @author asynclog
 */
public final class DeliveryLag {

	/**
	 * Every backend's probe measures one event in this many, a power of two: measuring every
	 * event cost the background thread a clock read per event.
	 */
	public static final int SAMPLE_EVERY = 64;

	private static final ConcurrentMap<String, Sinks> BY_QUEUE = new ConcurrentHashMap<>();

	private DeliveryLag() {
	}

	public static Sinks forQueue(String queue) {
		return BY_QUEUE.computeIfAbsent(queue, (name) -> new Sinks());
	}

	/**
	 * Starts handing a queue's delivery lag, in nanoseconds, to a sink.
	 * @param sink receives each lag on the queue's background thread; must be quick and thread-safe
	 * @return a handle that stops the hand-over when closed
	 */
	public static Registration listen(String queue, LongConsumer sink) {
		Sinks sinks = forQueue(queue);
		sinks.add(sink);
		return () -> sinks.remove(sink);
	}

	/** The sinks of one queue, read by the probe on every event without a lock. */
	public static final class Sinks {

		private static final LongConsumer[] NONE = {};

		private volatile LongConsumer[] sinks = NONE;

		public boolean isEmpty() {
			return this.sinks.length == 0;
		}

		public void record(long lagNanos) {
			for (LongConsumer sink : this.sinks) {
				sink.accept(lagNanos);
			}
		}

		private synchronized void add(LongConsumer sink) {
			LongConsumer[] grown = Arrays.copyOf(this.sinks, this.sinks.length + 1);
			grown[grown.length - 1] = sink;
			this.sinks = grown;
		}

		private synchronized void remove(LongConsumer sink) {
			this.sinks = Arrays.stream(this.sinks).filter((each) -> each != sink).toArray(LongConsumer[]::new);
		}

	}

}
