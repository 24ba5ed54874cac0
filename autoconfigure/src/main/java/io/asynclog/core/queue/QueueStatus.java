package io.asynclog.core.queue;

import java.time.Duration;

/**
 * A queue read now, with what its monitor remembers of it.
 *
 * @param queue the queue now
 * @param peak the most slots in use during the peak window, now included
 * @param dropped the events the queue-full policy discarded since the JVM started
 * @param aboveThresholdFor how long the fill has stayed above the monitor's threshold,
 * zero while it is below
 * @param sinceLastDrop how long ago the queue last dropped an event, or {@code null} if
 * it never did
 * @author asynclog
 */
public record QueueStatus(LogQueue queue, long peak, long dropped, Duration aboveThresholdFor,
		Duration sinceLastDrop) {

}
