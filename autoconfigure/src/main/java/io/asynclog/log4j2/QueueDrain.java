package io.asynclog.log4j2;

import java.time.Duration;

import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Waits, when a configuration stops, for its queues to hand every event to the appenders,
 * and says how many are left when the time runs out instead of letting them vanish.
 *
 * @author asynclog
 */
final class QueueDrain {

	private static final long POLL_MILLIS = 10;

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
		long backlog = backlog(configuration);
		while (backlog > 0 && System.nanoTime() < deadline) {
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			backlog = backlog(configuration);
		}
		if (backlog > 0) {
			String message = ("asynclog: %d log events were still queued when asynclog.shutdown-timeout (%s) ran out;"
					+ " Log4j2 keeps draining them for up to 10 seconds, then drops the rest")
				.formatted(backlog, timeout);
			System.err.println(message);
			StatusLogger.getLogger().error(message);
		}
		return backlog;
	}

	private static long backlog(Configuration configuration) {
		long backlog = 0;
		for (LogQueue queue : LogQueues.of(configuration)) {
			backlog += queue.used();
		}
		return backlog;
	}

}
