package io.asynclog.logback.queue;

import java.time.Instant;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.DeliveryLag;
import io.asynclog.core.queue.DroppedEvents;

/**
 * Feeds the backend-neutral counters from what the rings tell: each dropped event into
 * {@link DroppedEvents} by queue and level, each event an appender was not given into
 * {@link AppenderDrops} by appender and reason, and the delivery lag of the sampled events into
 * {@link DeliveryLag}, only while a meter listens to it.
 *
 * @author asynclog
 */
public final class QueueProbe implements RingListener {

	private final boolean deliveryLag;

	/**
	 * Creates the listener.
	 * @param deliveryLag whether to measure the delivery lag ({@code asynclog.metrics.delivery-lag})
	 */
	public QueueProbe(boolean deliveryLag) {
		this.deliveryLag = deliveryLag;
	}

	@Override
	public void eventDropped(LogRing ring, ILoggingEvent event) {
		DroppedEvents.forQueue(ring.queueName()).record(LogbackLevels.of(event.getLevel()));
	}

	@Override
	public void eventNotWritten(LogRing ring, Appender<?> appender, Reason reason) {
		AppenderDrops.record(appender.getName(), reason);
	}

	/**
	 * The lag from the log call (the event's own timestamp, which Logback takes anyway) to the
	 * hand-off. Both ends are wall-clock readings, so a clock step can distort one; a negative
	 * lag is recorded as zero.
	 */
	@Override
	public void eventSampled(LogRing ring, ILoggingEvent event) {
		if (!this.deliveryLag) {
			return;
		}
		DeliveryLag.Sinks sinks = DeliveryLag.forQueue(ring.queueName());
		if (sinks.isEmpty()) {
			return;
		}
		Instant now = Instant.now();
		Instant logged = event.getInstant();
		long lag = (now.getEpochSecond() - logged.getEpochSecond()) * 1_000_000_000L
				+ (now.getNano() - logged.getNano());
		sinks.record(Math.max(0, lag));
	}

}
