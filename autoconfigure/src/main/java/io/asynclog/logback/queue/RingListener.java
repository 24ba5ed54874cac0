package io.asynclog.logback.queue;

import java.time.Duration;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import io.asynclog.core.count.AppenderDrops;

/**
 * What a {@link LogRing} tells the rest of asynclog: the single hook for metrics and reports,
 * so that the ring itself counts nothing and names no meter. Every method has a default that
 * does nothing.
 *
 * @author asynclog
 */
public interface RingListener {

	/**
	 * An event was dropped and will never be written: the 'discard' policy dropped it from a
	 * full ring, or it came after the ring and its appenders had stopped. Called on the
	 * logging thread, never while the ring has room.
	 * @param ring the ring
	 * @param event the event
	 */
	default void eventDropped(LogRing ring, ILoggingEvent event) {
	}

	/**
	 * An appender behind the ring was not given an event that Logback would have skipped
	 * with at most a status warning: the appender had stopped, or the event was logged from
	 * inside the same appender's append. The other appenders still get it. Called on the
	 * thread that hands the event over, only on those paths.
	 * @param ring the ring
	 * @param appender the appender
	 * @param reason why
	 */
	default void eventNotWritten(LogRing ring, Appender<?> appender, AppenderDrops.Reason reason) {
	}

	/**
	 * The background thread handed an event to the appenders. Called for one event in
	 * {@link io.asynclog.core.queue.DeliveryLag#SAMPLE_EVERY}, on the background thread, right
	 * after the hand-over.
	 * @param ring the ring
	 * @param event the event
	 */
	default void eventSampled(LogRing ring, ILoggingEvent event) {
	}

	/**
	 * The ring stopped: it waited for its backlog up to the shutdown timeout, then stopped its
	 * background thread. Called on the thread that stopped the ring, before its appenders stop.
	 * @param ring the ring
	 * @param drain what was left when the time ran out and what was lost
	 */
	default void stopped(LogRing ring, Drain drain) {
	}

	/**
	 * The outcome of a ring's shutdown drain.
	 *
	 * @param timeout how long the drain could wait ({@code asynclog.shutdown-timeout})
	 * @param backlogAtTimeout events still queued when the time ran out; 0 if the ring
	 * emptied in time
	 * @param lost events never handed to the appenders
	 */
	record Drain(Duration timeout, long backlogAtTimeout, long lost) {

	}

}
