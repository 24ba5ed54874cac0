package io.asynclog.core.report;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.boot.convert.DurationStyle;

import io.asynclog.core.lane.Lane;
import io.asynclog.core.queue.LogQueue;

/**
 * The text of the shutdown drain's messages, the same on every backend: what was still
 * queued when {@code asynclog.shutdown-timeout} ran out, and what was lost.
 *
 * @author asynclog
 */
public final class DrainReport {

	private DrainReport() {
	}

	/**
	 * Says that the drain timed out and what is queued is cut off. No count: the fill at the
	 * deadline is a reading of moving counters; the exact count follows in {@link #lost}, so
	 * that a user reads one number.
	 */
	public static String timedOut(Duration timeout) {
		return ("asynclog: asynclog.shutdown-timeout (%s) ran out with log events still queued;"
				+ " asynclog hands them to no appender and counts each").formatted(asWritten(timeout));
	}

	/**
	 * Says exactly how many events were lost at shutdown, per queue.
	 * @param lostByQueue the events lost in each queue, those with none left out
	 */
	public static String lost(Map<String, Long> lostByQueue, Duration timeout) {
		long lost = lostByQueue.values().stream().mapToLong(Long::longValue).sum();
		String perQueue = lostByQueue.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + ": " + entry.getValue())
			.collect(Collectors.joining(", ", "[", "]"));
		return ("asynclog: %d log events were lost at shutdown: they were still queued when"
				+ " asynclog.shutdown-timeout (%s) ran out, or reached a queue after, and were written nowhere %s")
			.formatted(lost, asWritten(timeout), perQueue);
	}

	/**
	 * Says about how many events were lost at shutdown in queues whose background thread could
	 * not be made to skip them (stuck inside a write): read from the queues, not counted.
	 * @param backend the backend's name as users know it, such as {@code Log4j2}
	 */
	public static String lostAbout(long lost, String backend, List<LogQueue> queues) {
		return "asynclog: about %d log events were lost at shutdown: they were still queued when %s stopped %s"
			.formatted(lost, backend, queues.stream().filter((queue) -> queue.used() > 0).map(LogQueue::name).toList());
	}

	/**
	 * Says what a remote appender's lane left at shutdown: records kept for the next start,
	 * and records neither delivered nor kept.
	 * @return the messages, none if every record was delivered
	 */
	public static List<String> laneStopped(Lane.StopReport stopped) {
		List<String> messages = new ArrayList<>();
		if (stopped.kept() > 0) {
			messages.add("asynclog: appender '%s' kept %d records in %s for the next start (%s did not take them)"
				.formatted(stopped.appender(), stopped.kept(), stopped.directory().toAbsolutePath(),
						stopped.destination()));
		}
		if (stopped.lost() > 0) {
			String why = (stopped.directory() == null) ? "the spool is off" : "the spool could not write them";
			if (stopped.directory() != null && stopped.spoolFailure() != null) {
				why += ": " + stopped.spoolFailure();
			}
			messages.add(("asynclog: appender '%s' lost %d records at shutdown: %s never acknowledged them and"
					+ " they could not be kept (%s)").formatted(stopped.appender(), stopped.lost(),
							stopped.destination(), why));
		}
		if (stopped.threadStillRunning()) {
			messages.add("asynclog: appender '%s' was still closing its client to %s at the shutdown deadline"
				.formatted(stopped.appender(), stopped.destination()));
		}
		return messages;
	}

	/** The slots in use in the queues. */
	public static long backlog(List<LogQueue> queues) {
		long backlog = 0;
		for (LogQueue queue : queues) {
			backlog += queue.used();
		}
		return backlog;
	}

	/** Writes a message where it is seen even when logging has stopped: standard error. */
	public static void print(String message) {
		System.err.println(message);
	}

	private static String asWritten(Duration timeout) {
		boolean wholeSeconds = timeout.toMillis() % 1000 == 0;
		return DurationStyle.SIMPLE.print(timeout, wholeSeconds ? ChronoUnit.SECONDS : ChronoUnit.MILLIS);
	}

}
