package io.asynclog.logback.queue;

import java.util.Map;

import io.asynclog.core.report.DrainReport;

/**
 * Reports a ring's shutdown drain where it is seen while logging stops, standard error and
 * Logback's status list, in the same words as on Log4j2.
 *
 * @author asynclog
 */
public final class QueueDrain implements RingListener {

	@Override
	public void stopped(LogRing ring, Drain drain) {
		if (drain.backlogAtTimeout() > 0) {
			report(ring, DrainReport.timedOut(drain.timeout()));
		}
		if (drain.lost() > 0) {
			report(ring, DrainReport.lost(Map.of(ring.queueName(), drain.lost()), drain.timeout()));
		}
	}

	private static void report(LogRing ring, String message) {
		DrainReport.print(message);
		// Kept in the status list without being printed a second time by a status listener.
		ring.addInfo(message);
	}

}
