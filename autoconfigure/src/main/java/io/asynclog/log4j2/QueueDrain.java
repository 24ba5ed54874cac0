package io.asynclog.log4j2;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.status.StatusLogger;
import org.springframework.boot.convert.DurationStyle;

/**
 * Waits, when a configuration stops, for its queues to hand every event to the appenders,
 * and says how many events are left when the time runs out and how many Log4j2 finally
 * dropped, instead of letting them vanish.
 *
 * @author asynclog
 */
final class QueueDrain {

	private static final long POLL_MILLIS = 10;

	/**
	 * How many events Log4j2's async-logger background thread handles between two reports
	 * of its progress to the ring buffer: it reports when its counter passes 50.
	 */
	static final int RING_PROGRESS_STEP = 51;

	private QueueDrain() {
	}

	/**
	 * Waits until the configuration's queues are empty or the timeout runs out.
	 * @param configuration the stopping configuration
	 * @param timeout how long to wait at the most
	 * @return the number of events still queued
	 */
	static long await(Configuration configuration, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		long backlog = backlog(LogQueues.of(configuration));
		while (backlog > 0 && System.nanoTime() < deadline) {
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			backlog = backlog(LogQueues.of(configuration));
		}
		if (backlog > 0) {
			report(("asynclog: %d log events were still queued when asynclog.shutdown-timeout (%s) ran out;"
					+ " Log4j2 gives a ring buffer up to 10 seconds more and an AsyncAppender up to"
					+ " shutdown-timeout more, then drops the rest")
				.formatted(backlog, asWritten(timeout)));
		}
		return backlog;
	}

	/**
	 * Counts, once Log4j2 has stopped the configuration, the events its queues still held:
	 * they will never be written. In all-async mode the logger context's ring buffer counts
	 * too when the context itself is stopping, since Log4j2 stops it first.
	 * <p>
	 * The count can be up to {@value #RING_PROGRESS_STEP} too high for a ring buffer: Log4j2's
	 * background thread tells the ring how far it has got only every that many events, so
	 * the last events it wrote before the appenders stopped may still read as queued.
	 * @param configuration the stopped configuration
	 * @return the number of events lost
	 */
	static long reportLost(Configuration configuration) {
		List<LogQueue> queues = LogQueues.of(configuration);
		LoggerContext context = configuration.getLoggerContext();
		if (context instanceof AsyncLoggerContext && (context.isStopping() || context.isStopped())) {
			queues = LogQueues.of(context);
		}
		long lost = backlog(queues);
		if (lost > 0) {
			report(("asynclog: %d log events were lost at shutdown: they were still queued when Log4j2 stopped %s"
					+ " (a ring buffer's count may include up to %d events written just before)")
				.formatted(lost, queues.stream().filter((queue) -> queue.used() > 0).map(LogQueue::name).toList(),
						RING_PROGRESS_STEP));
		}
		return lost;
	}

	private static String asWritten(Duration timeout) {
		boolean wholeSeconds = timeout.toMillis() % 1000 == 0;
		return DurationStyle.SIMPLE.print(timeout, wholeSeconds ? ChronoUnit.SECONDS : ChronoUnit.MILLIS);
	}

	private static void report(String message) {
		System.err.println(message);
		StatusLogger.getLogger().error(message);
	}

	private static long backlog(List<LogQueue> queues) {
		long backlog = 0;
		for (LogQueue queue : queues) {
			backlog += queue.used();
		}
		return backlog;
	}

}
