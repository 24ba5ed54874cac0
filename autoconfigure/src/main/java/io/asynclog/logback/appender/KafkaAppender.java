package io.asynclog.logback.appender;

import java.nio.charset.StandardCharsets;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.encoder.Encoder;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.kafka.KafkaSender;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.core.report.DrainReport;

/**
 * Sends each event, formatted by its encoder, as one record to a Kafka topic;
 * {@link AppenderFactory} builds it for {@code asynclog.appenders.<name>.type=kafka}. It
 * formats the event and adds the record to its {@link Lane}, which never waits: the lane's
 * own thread hands records to the {@link KafkaSender}, and keeps them in its spool while
 * the broker is away. So the thread that runs this appender (a ring's or a caller's) never
 * waits for the broker.
 * <p>
 * Unsynchronized, as Logback's own output stream appenders are: the encoders it is given
 * (a PatternLayout's or Spring Boot's structured one) keep no state per event, and
 * KafkaProducer is thread-safe. Events of kafka-clients' own loggers are not sent: a
 * broker that cannot be reached makes the producer log, and sending that would feed the
 * failure back into itself.
 *
 * @author asynclog
 */
public final class KafkaAppender extends UnsynchronizedAppenderBase<ILoggingEvent> implements Shipping.Source {

	private static final String KAFKA_LOGGERS = "org.apache.kafka.";

	private final KafkaSender sender;

	private final Lane lane;

	private final Encoder<ILoggingEvent> encoder;

	private final Layout<ILoggingEvent> key;

	private final byte[] fixedKey;

	private final ShutdownDeadline shutdown;

	/**
	 * Creates an appender; {@link #start()} it before use.
	 * @param sender the sender that owns the producer
	 * @param lane the lane whose thread hands records to the sender
	 * @param encoder formats the record's value
	 * @param key formats the record's key per event, or {@code null}
	 * @param fixedKey the key of every record when {@code key} is {@code null}, or
	 * {@code null} for none
	 * @param shutdown the installation's shutdown deadline: {@link #stop()} sends while the broker
	 * answers until then, or for {@code asynclog.shutdown-timeout} when nothing drained before
	 */
	public KafkaAppender(KafkaSender sender, Lane lane, Encoder<ILoggingEvent> encoder, Layout<ILoggingEvent> key,
			byte[] fixedKey, ShutdownDeadline shutdown) {
		this.sender = sender;
		this.lane = lane;
		this.encoder = encoder;
		this.key = key;
		this.fixedKey = fixedKey;
		this.shutdown = shutdown;
	}

	@Override
	protected void append(ILoggingEvent event) {
		String loggerName = event.getLoggerName();
		if (loggerName != null && loggerName.startsWith(KAFKA_LOGGERS)) {
			return;
		}
		this.lane.add(key(event), this.encoder.encode(event));
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
	public Shipping shipping() {
		return this.lane.reading(this.sender.reading());
	}

	@Override
	public void start() {
		this.lane.start();
		super.start();
	}

	/**
	 * Returns the sender, for reading its counts.
	 * @return the sender
	 */
	public KafkaSender getSender() {
		return this.sender;
	}

	@Override
	public void stop() {
		if (!isStarted()) {
			return;
		}
		super.stop();
		// By the installation's shutdown deadline, which the rings in front drained against.
		Lane.StopReport stopped = this.lane.stop(System.nanoTime() + this.shutdown.remainingNanos());
		// On standard error, with asynclog's other shutdown reports: logging is stopping.
		DrainReport.laneStopped(stopped).forEach(DrainReport::print);
		this.encoder.stop();
		if (this.key != null) {
			this.key.stop();
		}
	}

}
