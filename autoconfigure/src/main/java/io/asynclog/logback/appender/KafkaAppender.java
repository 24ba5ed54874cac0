package io.asynclog.logback.appender;

import java.nio.charset.StandardCharsets;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;

import io.asynclog.core.lane.FormatStage;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.Shipment;
import io.asynclog.core.lane.kafka.KafkaSender;
import io.asynclog.core.queue.ShutdownDeadline;

/**
 * Sends each event, formatted by its encoder, as one record to a Kafka topic, through a
 * {@link KafkaSender}. The encoders keep no state per event. A structured encoder formats on a
 * {@link FormatStage}, in order, on a second core.
 *
 * @author asynclog
 */
public final class KafkaAppender extends RemoteAppender {

	/** Creates an appender to start; {@code fixedKey} is every record's key when {@code key} is null. */
	public KafkaAppender(KafkaSender sender, Lane.Settings settings, Encoder<ILoggingEvent> encoder,
			Layout<ILoggingEvent> key, byte[] fixedKey, ShutdownDeadline shutdown) {
		super(new Shipment<>(sender, settings, shutdown, (lane, event) -> lane.add(key(key, fixedKey, event),
				encoder.encode(event)),
				// A pattern costs the ring's thread less than handing the event over would; a
				// structured encoder (Spring Boot's JSON) costs several times more.
				(encoder instanceof LayoutWrappingEncoder) ? null : KafkaAppender::snapshot), encoder, key);
	}

	/** Message, thread name and MDC fixed now, as Logback's AsyncAppender fixes them. */
	private static ILoggingEvent snapshot(ILoggingEvent event) {
		event.prepareForDeferredProcessing();
		return event;
	}

	private static byte[] key(Layout<ILoggingEvent> key, byte[] fixedKey, ILoggingEvent event) {
		if (key == null) {
			return fixedKey;
		}
		// An empty key (an MDC entry not set) would send every such record to one
		// partition: no key lets the producer spread them.
		String formatted = key.doLayout(event);
		return formatted.isEmpty() ? null : formatted.getBytes(StandardCharsets.UTF_8);
	}

}
