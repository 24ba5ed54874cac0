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
 * {@code asynclog.shutdown-timeout} has run out. Once the cutoff is engaged, every appender
 * behind a queue refuses them ({@link CutoffFilter} on each of its references) and the
 * queue's exit counts each of them once (the delivery-lag probe, which meets every event
 * of its queue exactly once, on the queue's background thread). The background threads
 * then empty the queues in moments, Log4j2's own drain (up to 10 s for a ring) finds
 * nothing left to wait for, and the number of events written nowhere is exact.
 * <p>
 * Before the cutoff, all it costs is one volatile read per event and appender on a queue's
 * background thread; the logging threads never look at it.
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

	/**
	 * Creates the cutoff of one configuration.
	 * @param shutdownTimeout {@code asynclog.shutdown-timeout}
	 */
	public ShutdownCutoff(Duration shutdownTimeout) {
		this.deadline = new ShutdownDeadline(shutdownTimeout);
	}

	/**
	 * Returns the cutoff of a configuration.
	 * @param configuration the configuration plugins are built for
	 * @return its cutoff, or one that is never engaged when the configuration is not
	 * asynclog's
	 */
	public static ShutdownCutoff of(Configuration configuration) {
		return (configuration instanceof Owner owner) ? owner.shutdownCutoff() : NEVER;
	}

	/**
	 * Returns the deadline of a configuration's stop.
	 * @param configuration the configuration plugins are built for
	 * @param outside the timeout to use when the configuration is not asynclog's
	 * @return the configuration's deadline, or a deadline of its own outside asynclog's
	 */
	public static ShutdownDeadline deadlineOf(Configuration configuration, Duration outside) {
		return (configuration instanceof Owner owner) ? owner.shutdownCutoff().deadline()
				: new ShutdownDeadline(outside);
	}

	/**
	 * Returns the deadline of the configuration's stop, which every queue drains against.
	 * @return the deadline
	 */
	public ShutdownDeadline deadline() {
		return this.deadline;
	}

	/**
	 * Returns whether queued events are no longer handed to appenders.
	 * @return true once engaged
	 */
	public boolean isEngaged() {
		return this.engaged;
	}

	/**
	 * Stops handing queued events to appenders.
	 * @return true for the call that engaged it, false if it already was
	 */
	public boolean engage() {
		if (!this.engaging.compareAndSet(false, true)) {
			return false;
		}
		this.engaged = true;
		return true;
	}

	/**
	 * Returns the counter of a queue's events cut off, for the queue's exit to add to.
	 * @param queue the queue's name
	 * @return the counter
	 */
	public LongAdder counter(String queue) {
		return this.cutOff.computeIfAbsent(queue, (name) -> new LongAdder());
	}

	/**
	 * Reads how many events each queue has had cut off.
	 * @return the counts by queue name, queues with none left out
	 */
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

		/**
		 * Returns the configuration's cutoff.
		 * @return the cutoff
		 */
		ShutdownCutoff shutdownCutoff();

		/**
		 * Drains the configuration's queues, the context's all-async ring among them, against
		 * the deadline of its stop, and cuts off what is left at the deadline.
		 */
		void drainBeforeContextStops();

	}

}
