package io.asynclog.log4j2.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;
import org.apache.logging.log4j.status.StatusLogger;

import io.asynclog.core.queue.LogQueue;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.core.report.DrainReport;
import io.asynclog.log4j2.appender.ShutdownCutoff;

/**
 * One stop of a configuration: waits for its queues to empty until the shutdown deadline
 * ({@code asynclog.shutdown-timeout} from the first drain), then engages its
 * {@link ShutdownCutoff}: the background threads skip and count what is left, and Log4j2's own
 * drain finds the queues empty instead of waiting up to 10 more seconds.
 * <p>
 * Only a background thread stuck inside one write cannot be cut off: Log4j2 then waits as it
 * always did, and what it gives up is read from the queues, close but not exact. A ring's
 * reading can be up to {@value #RING_PROGRESS_STEP} too high (its thread reports progress only
 * that often); the all-async ring's is a floor, read as this stop begins, since Log4j2 halts
 * that ring before it stops the configuration.
 *
 * @author asynclog
 */
public final class QueueDrain {

	/** Log4j2's ring thread reports its progress to the ring when its counter passes 50. */
	static final int RING_PROGRESS_STEP = 51;

	private static final long POLL_MILLIS = 10;

	private final Configuration configuration;

	private final RingBufferAdmin contextRing;

	private final ShutdownCutoff cutoff;

	private final boolean drainsContextRing;

	private List<LogQueue> haltedContextRing = List.of();

	private volatile List<LogQueue> haltedRing;

	/**
	 * Prepares the stop of a configuration.
	 * @param configuration the stopping configuration
	 * @param contextRing the all-async ring's admin, or {@code null} outside all-async mode
	 * @param cutoff the configuration's cutoff, with the deadline of its stop
	 */
	public QueueDrain(Configuration configuration, RingBufferAdmin contextRing, ShutdownCutoff cutoff) {
		this(configuration, contextRing, cutoff, false);
	}

	private QueueDrain(Configuration configuration, RingBufferAdmin contextRing, ShutdownCutoff cutoff,
			boolean drainsContextRing) {
		this.configuration = configuration;
		this.contextRing = contextRing;
		this.cutoff = cutoff;
		this.drainsContextRing = drainsContextRing;
	}

	/**
	 * Prepares the drain before the logger context stops, which waits for the all-async ring
	 * too. A configuration's own stop does not: in a reconfiguration the ring goes on serving
	 * the next configuration, and by the context's stop Log4j2 has halted it.
	 * @param configuration the configuration that runs
	 * @param contextRing the all-async ring's admin, or {@code null} outside all-async mode
	 * @param cutoff the configuration's cutoff, with the deadline of its stop
	 * @return the drain
	 */
	public static QueueDrain beforeContextStops(Configuration configuration, RingBufferAdmin contextRing,
			ShutdownCutoff cutoff) {
		return new QueueDrain(configuration, contextRing, cutoff, true);
	}

	/**
	 * Waits until the queues are empty or the deadline has passed, then cuts off the rest.
	 * @return the number of events still queued at the deadline
	 */
	public long await() {
		LoggerContext context = this.configuration.getLoggerContext();
		if (this.contextRing != null && context != null && (context.isStopping() || context.isStopped())) {
			this.haltedContextRing = List.of(PipelineView.ringBuffer(this.contextRing));
		}
		ShutdownDeadline deadline = this.cutoff.deadline();
		long backlog = backlog(queues());
		while (backlog > 0 && deadline.remainingNanos() > 0) {
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			backlog = backlog(queues());
		}
		if (backlog > 0 && this.cutoff.engage()) {
			report(DrainReport.timedOut(deadline.timeout()));
		}
		return backlog;
	}

	private List<LogQueue> queues() {
		List<LogQueue> queues = PipelineView.queues(this.configuration);
		if (this.drainsContextRing && this.contextRing != null) {
			queues.add(PipelineView.ringBuffer(this.contextRing));
		}
		return queues;
	}

	/** Counts what the halted ring holds; only the first call counts, Log4j2 tells every logger. */
	public void ringHalted() {
		if (this.haltedRing == null) {
			this.haltedRing = PipelineView.queues(this.configuration)
				.stream()
				.filter((queue) -> queue.type().equals(LogQueue.RING_BUFFER))
				.toList();
		}
	}

	/**
	 * Reports, once Log4j2 has stopped the configuration, the events cut off or still queued.
	 * @return the number of events lost
	 */
	public long reportLost() {
		Map<String, Long> cutOff = this.cutoff.cutOff();
		if (!cutOff.isEmpty()) {
			report(DrainReport.lost(cutOff, this.cutoff.deadline().timeout()));
		}
		List<LogQueue> queues = PipelineView.queues(this.configuration);
		if (this.haltedRing != null) {
			List<LogQueue> afterStop = new ArrayList<>(this.haltedRing);
			queues.stream().filter((queue) -> !queue.type().equals(LogQueue.RING_BUFFER)).forEach(afterStop::add);
			queues = afterStop;
		}
		long stuck = backlog(queues);
		if (stuck > 0) {
			report(DrainReport.lostAbout(stuck, "Log4j2", queues));
		}
		long lostInContextRing = backlog(this.haltedContextRing);
		if (lostInContextRing > 0) {
			report(("asynclog: at least %d log events were lost at shutdown: they were still in the all-async ring"
					+ " buffer when Log4j2 stopped it").formatted(lostInContextRing));
		}
		return cutOff.values().stream().mapToLong(Long::longValue).sum() + stuck + lostInContextRing;
	}

	private static void report(String message) {
		DrainReport.print(message);
		StatusLogger.getLogger().error(message);
	}

	private static long backlog(List<LogQueue> queues) {
		return DrainReport.backlog(queues);
	}

}
