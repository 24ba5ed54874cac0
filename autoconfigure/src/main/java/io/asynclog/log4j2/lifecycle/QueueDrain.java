package io.asynclog.log4j2.lifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;
import org.apache.logging.log4j.status.StatusLogger;
import io.asynclog.log4j2.queue.LogQueues;
import io.asynclog.queue.LogQueue;
import io.asynclog.report.DrainReport;

/**
 * One stop of a configuration: waits for its queues to hand every event to the appenders,
 * says how many events are left when the time runs out, and counts how many Log4j2's own
 * stop then gave up, instead of letting them vanish.
 * <p>
 * The count of lost events is close, not exact, for a ring buffer. Log4j2's background
 * thread tells the ring how far it has got only every {@value #RING_PROGRESS_STEP} events,
 * so up to that many events it wrote may still read as queued. The async-logger ring is
 * read when Log4j2 has halted it, before the appenders stop ({@link HaltedRingSnapshot}):
 * after that, Log4j2 clears the loggers' appenders and the halted ring's thread empties the
 * ring into none of them. In all-async mode Log4j2
 * halts the context's ring, then gives the context its null configuration, and only then
 * stops this one: the ring is read as this stop begins, and events its halted thread
 * handed to the null configuration in between are lost without being counted, so that
 * count is a floor.
 *
 * @author asynclog
 */
public final class QueueDrain {

	/**
	 * How many events Log4j2's async-logger background thread handles between two reports
	 * of its progress to the ring buffer: it reports when its counter passes 50.
	 */
	static final int RING_PROGRESS_STEP = 51;

	private static final long POLL_MILLIS = 10;

	private final Configuration configuration;

	private final RingBufferAdmin contextRing;

	private final Duration timeout;

	private List<LogQueue> haltedContextRing = List.of();

	private volatile List<LogQueue> haltedRing;

	/**
	 * Prepares the stop of a configuration.
	 * @param configuration the stopping configuration, whose queues are read through
	 * {@link LogQueues}
	 * @param contextRing the admin of the all-async logger context's ring, or {@code null}
	 * outside all-async mode
	 * @param timeout how long to wait for the queues to empty
	 */
	public QueueDrain(Configuration configuration, RingBufferAdmin contextRing, Duration timeout) {
		this.configuration = configuration;
		this.contextRing = contextRing;
		this.timeout = timeout;
	}

	/**
	 * Waits until the configuration's queues are empty or the timeout runs out.
	 * @return the number of events still queued
	 */
	public long await() {
		LoggerContext context = this.configuration.getLoggerContext();
		if (this.contextRing != null && context != null && (context.isStopping() || context.isStopped())) {
			this.haltedContextRing = List.of(LogQueues.ringBuffer(this.contextRing));
		}
		long deadline = System.nanoTime() + this.timeout.toNanos();
		long backlog = backlog(LogQueues.of(this.configuration));
		while (backlog > 0 && System.nanoTime() < deadline) {
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			backlog = backlog(LogQueues.of(this.configuration));
		}
		if (backlog > 0) {
			report(DrainReport.timedOut(backlog, this.timeout, "Log4j2 gives a ring buffer up to 10 seconds more"
					+ " and an AsyncAppender up to shutdown-timeout more, then drops the rest"));
		}
		return backlog;
	}

	/**
	 * Counts what the halted async-logger ring holds, before the appenders stop; only the
	 * first call counts, since Log4j2 tells every logger.
	 */
	public void ringHalted() {
		if (this.haltedRing == null) {
			this.haltedRing = LogQueues.of(this.configuration)
				.stream()
				.filter((queue) -> queue.type().equals(LogQueue.RING_BUFFER))
				.toList();
		}
	}

	/**
	 * Counts, once Log4j2 has stopped the configuration, the events its queues still held,
	 * and those the halted all-async ring held when this stop began: they will never be
	 * written.
	 * @return the number of events lost, as far as they could be counted
	 */
	public long reportLost() {
		List<LogQueue> queues = LogQueues.of(this.configuration);
		if (this.haltedRing != null) {
			List<LogQueue> afterStop = new ArrayList<>(this.haltedRing);
			queues.stream().filter((queue) -> !queue.type().equals(LogQueue.RING_BUFFER)).forEach(afterStop::add);
			queues = afterStop;
		}
		long lost = backlog(queues);
		if (lost > 0) {
			report(DrainReport.lost(lost, "Log4j2", queues));
		}
		long lostInContextRing = backlog(this.haltedContextRing);
		if (lostInContextRing > 0) {
			report(("asynclog: at least %d log events were lost at shutdown: they were still in the all-async ring"
					+ " buffer when Log4j2 stopped it").formatted(lostInContextRing));
		}
		return lost + lostInContextRing;
	}

	private static void report(String message) {
		DrainReport.print(message);
		StatusLogger.getLogger().error(message);
	}

	private static long backlog(List<LogQueue> queues) {
		return DrainReport.backlog(queues);
	}

}
