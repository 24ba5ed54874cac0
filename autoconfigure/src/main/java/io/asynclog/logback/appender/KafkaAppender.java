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
 * Sends each event, formatted by its encoder, as one record to a Kafka topic;
 * {@code AppenderBuilder} builds it for {@code asynclog.appenders.<name>.type=kafka}, a
 * {@link RemoteAppender} whose {@link KafkaSender} owns the producer. The encoders it is
 * given (a PatternLayout's or Spring Boot's structured one) keep no state per event, and
 * KafkaProducer is thread-safe. A pattern formats on the thread that calls the appender; a
 * structured encoder formats on a {@link FormatStage}, in order, on a second core.
 *
 * @author asynclog
 */
public final class KafkaAppender extends RemoteAppender {

	/**
	 * Creates an appender; {@link #start()} it before use.
	 * @param sender the sender that owns the producer
	 * @param settings its lane's bounds and spool
	 * @param encoder formats the record's value
	 * @param key formats the record's key per event, or {@code null}
	 * @param fixedKey the key of every record when {@code key} is {@code null}, or
	 * {@code null} for none
	 * @param shutdown the installation's shutdown deadline
	 */
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
