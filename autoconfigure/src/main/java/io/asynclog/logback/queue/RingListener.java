package io.asynclog.logback.queue;

import java.time.Duration;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import io.asynclog.core.count.AppenderDrops;

/**
 * What a {@link LogRing} tells the rest of asynclog: the single hook for metrics and reports,
 * so that the ring itself counts nothing and names no meter.
 *
 * @author asynclog
 */
public interface RingListener {

	/**
	 * An event was dropped from a full ring under 'discard', or came after the ring stopped.
	 * Called on the logging thread, never while the ring has room.
	 */
	default void eventDropped(LogRing ring, ILoggingEvent event) {
	}

	/**
	 * An appender was not given an event Logback would have skipped with at most a status
	 * warning (the appender had stopped, or the event came from inside its own append).
	 */
	default void eventNotWritten(LogRing ring, Appender<?> appender, AppenderDrops.Reason reason) {
	}

	/**
	 * Called on the background thread right after handing over one event in
	 * {@link io.asynclog.core.queue.DeliveryLag#SAMPLE_EVERY}.
	 */
	default void eventSampled(LogRing ring, ILoggingEvent event) {
	}

	/** The ring drained and stopped its background thread; called before its appenders stop. */
	default void stopped(LogRing ring, Drain drain) {
	}

	/**
	 * The outcome of a ring's shutdown drain.
	 *
	 * @param timeout how long the drain could wait
	 * @param backlogAtTimeout events still queued when the time ran out
	 * @param lost events never handed to the appenders
	 */
	record Drain(Duration timeout, long backlogAtTimeout, long lost) {

	}

}
