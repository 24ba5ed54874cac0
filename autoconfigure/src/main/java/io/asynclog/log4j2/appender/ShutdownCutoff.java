package io.asynclog.log4j2.appender;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import org.apache.logging.log4j.core.config.Configuration;

import io.asynclog.core.queue.ShutdownDeadline;

/**
 * What becomes of the events a configuration's queues still hold when
 * {@code asynclog.shutdown-timeout} has run out: once engaged, every appender behind a queue
 * refuses them ({@link CutoffFilter}) and the queue's exit (its delivery-lag probe) counts
 * each once, so the queues empty in moments and the count of events lost is exact. Before, it
 * costs one volatile read per event and appender on the background thread.
 *
 * @author asynclog
 */
public final class ShutdownCutoff {

	/** The cutoff of a configuration that is not asynclog's: never engaged. */
	private static final ShutdownCutoff NEVER = new ShutdownCutoff(Duration.ZERO);

	private final ShutdownDeadline deadline;

	private final Map<String, LongAdder> cutOff = new ConcurrentHashMap<>();

	private final AtomicBoolean engaging = new AtomicBoolean();

	private volatile boolean engaged;

	public ShutdownCutoff(Duration shutdownTimeout) {
		this.deadline = new ShutdownDeadline(shutdownTimeout);
	}

	/** A configuration's cutoff; one never engaged when the configuration is not asynclog's. */
	public static ShutdownCutoff of(Configuration configuration) {
		return (configuration instanceof Owner owner) ? owner.shutdownCutoff() : NEVER;
	}

	/** A configuration's stop deadline, or one of {@code outside} when it is not asynclog's. */
	public static ShutdownDeadline deadlineOf(Configuration configuration, Duration outside) {
		return (configuration instanceof Owner owner) ? owner.shutdownCutoff().deadline()
				: new ShutdownDeadline(outside);
	}

	public ShutdownDeadline deadline() {
		return this.deadline;
	}

	public boolean isEngaged() {
		return this.engaged;
	}

	/** Stops handing queued events to appenders; true for the call that engaged it. */
	public boolean engage() {
		if (!this.engaging.compareAndSet(false, true)) {
			return false;
		}
		this.engaged = true;
		return true;
	}

	public LongAdder counter(String queue) {
		return this.cutOff.computeIfAbsent(queue, (name) -> new LongAdder());
	}

	/** The events cut off by queue name, queues with none left out. */
	public Map<String, Long> cutOff() {
		Map<String, Long> counts = new TreeMap<>();
		this.cutOff.forEach((queue, counter) -> {
			long count = counter.sum();
			if (count > 0) {
				counts.put(queue, count);
			}
		});
		return counts;
	}

	/** A configuration whose queues can be cut off at shutdown. */
	public interface Owner {

		ShutdownCutoff shutdownCutoff();

		/** Drains the queues, the all-async ring among them, and cuts off what is left at the deadline. */
		void drainBeforeContextStops();

	}

}
