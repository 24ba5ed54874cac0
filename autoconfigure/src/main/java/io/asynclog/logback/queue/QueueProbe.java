package io.asynclog.logback.queue;

import java.time.Instant;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.DeliveryLag;
import io.asynclog.core.queue.DroppedEvents;

/**
 * Feeds the backend-neutral counters ({@link DroppedEvents}, {@link AppenderDrops},
 * {@link DeliveryLag} while a meter listens) from what the rings tell.
 *
 * @author asynclog
 */
public final class QueueProbe implements RingListener {

	private final boolean deliveryLag;

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

	/** From the event's own timestamp to the hand-off; wall-clock readings, so a negative lag counts as zero. */
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
