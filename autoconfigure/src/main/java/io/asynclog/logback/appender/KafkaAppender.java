package io.asynclog.logback.appender;

import java.nio.charset.StandardCharsets;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;

import io.asynclog.core.lane.FormatStage;
import io.asynclog.core.lane.Lane;
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

	/** The most events waiting to be formatted off the ring's thread. */
	static final int FORMAT_STAGE_CAPACITY = 4096;

	private final Encoder<ILoggingEvent> encoder;

	private final Layout<ILoggingEvent> key;

	private final byte[] fixedKey;

	private final Lane lane;

	/** Formats a structured encoder's records on a thread of its own; {@code null} for a pattern. */
	private final FormatStage<ILoggingEvent> stage;

	/**
	 * Creates an appender; {@link #start()} it before use.
	 * @param sender the sender that owns the producer
	 * @param lane the lane whose thread hands records to the sender
	 * @param encoder formats the record's value
	 * @param key formats the record's key per event, or {@code null}
	 * @param fixedKey the key of every record when {@code key} is {@code null}, or
	 * {@code null} for none
	 * @param shutdown the installation's shutdown deadline
	 */
	public KafkaAppender(KafkaSender sender, Lane lane, Encoder<ILoggingEvent> encoder, Layout<ILoggingEvent> key,
			byte[] fixedKey, ShutdownDeadline shutdown) {
		super(sender, lane, shutdown, "org.apache.kafka.");
		this.encoder = encoder;
		this.key = key;
		this.fixedKey = fixedKey;
		this.lane = lane;
		// A pattern costs the ring's thread less than handing the event over would; a
		// structured encoder (Spring Boot's JSON) costs several times more.
		this.stage = (encoder instanceof LayoutWrappingEncoder) ? null
				: new FormatStage<>(sender.appenderName(), this::send, FORMAT_STAGE_CAPACITY);
	}

	@Override
	protected void add(Lane lane, ILoggingEvent event) {
		if (this.stage != null) {
			// Message, thread name and MDC fixed now, as Logback's AsyncAppender fixes them.
			event.prepareForDeferredProcessing();
			this.stage.add(event);
		}
		else {
			send(event);
		}
	}

	private void send(ILoggingEvent event) {
		this.lane.add(key(event), this.encoder.encode(event));
	}

	@Override
	protected void startFormatting() {
		if (this.stage != null) {
			this.stage.start();
		}
	}

	@Override
	protected void drainFormatting(long deadlineNanos) {
		if (this.stage != null) {
			this.stage.stop(deadlineNanos);
		}
	}

	private byte[] key(ILoggingEvent event) {
		if (this.key == null) {
			return this.fixedKey;
		}
		// An empty key (an MDC entry not set) would send every such record to one
		// partition: no key lets the producer spread them.
		String formatted = this.key.doLayout(event);
		return formatted.isEmpty() ? null : formatted.getBytes(StandardCharsets.UTF_8);
	}

	@Override
	protected void stopFormatting() {
		this.encoder.stop();
		if (this.key != null) {
			this.key.stop();
		}
	}

}
