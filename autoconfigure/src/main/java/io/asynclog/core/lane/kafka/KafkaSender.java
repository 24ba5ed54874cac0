package io.asynclog.core.lane.kafka;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.ClientDnsLookup;
import org.apache.kafka.clients.ClientUtils;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.asynclog.core.lane.Destination;
import io.asynclog.core.lane.LaneRecord;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.DeliveryThreads;

/**
 * Sends formatted log records to one Kafka topic through a {@link KafkaProducer}: the
 * {@link Destination} of the kafka appender's lane on either backend.
 * <p>
 * {@link #offer} runs on the lane's thread only, and never waits: with {@code max.block.ms=0}
 * a record that finds no metadata for the topic or no room in the producer's buffer comes
 * back at once ({@link Destination.Offer#NOT_NOW}), and the lane keeps it.
 *
 * @author asynclog
 */
public final class KafkaSender extends Sender {

	/** The class lz4-java brings, a runtime dependency of kafka-clients an application may exclude. */
	public static final String LZ4_CLASS = "net.jpountz.lz4.LZ4Factory";

	/**
	 * delivery.timeout.ms for "until the producer closes": 24.8 days, the largest int, since
	 * Kafka keeps delivery.timeout.ms in an int.
	 */
	private static final String WAIT_AS_LONG_AS_IT_TAKES = String.valueOf(Integer.MAX_VALUE);

	static {
		// kafka-clients names its I/O threads "kafka-producer-network-thread | <client>",
		// "kafka-admin-client-thread | ..." and so on. The producer's logs a warning while the
		// broker is away, exactly when the ring in front fills: made to wait for room, it
		// could never deliver the records that would make room.
		DeliveryThreads.add("kafka-");
	}

	private final String topic;

	private final Producer<byte[], byte[]> producer;

	private volatile boolean closing;

	/**
	 * Creates a sender and its producer. No connection is made until the first record.
	 * @param producerSettings the producer's settings, as {@link #producerSettings} makes them
	 */
	public KafkaSender(String appenderName, String topic, Map<String, Object> producerSettings) {
		this(appenderName, topic, new KafkaProducer<>(asProperties(producerSettings)));
	}

	KafkaSender(String appenderName, String topic, Producer<byte[], byte[]> producer) {
		super(appenderName);
		this.topic = topic;
		this.producer = producer;
	}

	/**
	 * Returns the producer settings for log records: asynclog's defaults, then the given
	 * ones, which win. Keys and values are always byte arrays.
	 * @param bootstrapServers the brokers to connect to first
	 * @param overrides settings as the user wrote them ({@code producer.*})
	 * @return the settings, in a new map
	 */
	public static Map<String, Object> producerSettings(String bootstrapServers, Map<String, String> overrides) {
		Map<String, Object> settings = new LinkedHashMap<>();
		// A batch leaves after 5 ms or 64 KB: log lines are small and many, so batching is
		// what makes throughput, and 5 ms is far below what a reader of logs notices.
		settings.put(ProducerConfig.LINGER_MS_CONFIG, "5");
		settings.put(ProducerConfig.BATCH_SIZE_CONFIG, "65536");
		// Text compresses well; lz4 costs the least CPU per byte of the codecs kafka-clients
		// knows, and its library comes with kafka-clients. gzip needs no library at all.
		settings.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, lz4Present() ? "lz4" : "gzip");
		// No duplicates and no reordering when the producer retries after a broker hiccup.
		settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
		settings.put(ProducerConfig.ACKS_CONFIG, "all");
		// send() never waits: without the topic's metadata or room in the buffer it comes
		// back at once, and the lane keeps the record (in its spool while the broker is away).
		settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "0");
		// A broker outage is not a reason to throw records away: a record in the buffer is
		// retried until the broker takes it or the producer closes; what is unanswered then
		// goes back to the spool. Kafka's default (2 min) would fail records after a short
		// outage instead.
		settings.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, WAIT_AS_LONG_AS_IT_TAKES);
		settings.putAll(overrides);
		settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
		settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
		return settings;
	}

	/**
	 * Checks producer settings the way {@link KafkaProducer} will, without connecting.
	 * @param settings the settings, as {@link #producerSettings} makes them
	 * @return what Kafka rejects, naming the setting and the value, or {@code null}
	 */
	public static String problem(Map<String, Object> settings) {
		for (String name : settings.keySet()) {
			if (!ProducerConfig.configNames().contains(name)) {
				return "KafkaProducer has no setting '" + name + "'";
			}
		}
		try {
			// Parsing checks each value's type and range; a ProducerConfig would also log
			// every setting, before logging is configured.
			ProducerConfig.configDef().parse(settings);
			return null;
		}
		catch (RuntimeException ex) {
			return ex.getMessage();
		}
	}

	/**
	 * Checks the bootstrap servers as {@link KafkaProducer}'s constructor will: at least
	 * one of them must resolve.
	 * @param bootstrapServers host:port[,host:port...]
	 * @return what Kafka rejects, or {@code null}
	 */
	public static String bootstrapProblem(String bootstrapServers) {
		try {
			ClientUtils.parseAndValidateAddresses(Arrays.stream(bootstrapServers.split(",")).map(String::trim).toList(),
					ClientDnsLookup.USE_ALL_DNS_IPS);
			return null;
		}
		catch (ConfigException ex) {
			return ex.getMessage();
		}
	}

	private static boolean lz4Present() {
		try {
			Class.forName(LZ4_CLASS, false, KafkaSender.class.getClassLoader());
			return true;
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	private static Properties asProperties(Map<String, Object> settings) {
		Properties properties = new Properties();
		properties.putAll(settings);
		return properties;
	}

	@Override
	public Offer offer(LaneRecord record, Outcome outcome) {
		Delivery delivery = new Delivery(outcome);
		try {
			this.producer.send(new ProducerRecord<>(this.topic, record.key(), record.value()), delivery);
		}
		catch (RuntimeException ex) {
			// kafka-clients reports most refusals through the callback; a few (a closed
			// producer, a serializer failure) are thrown.
			delivery.onCompletion(null, ex);
		}
		delivery.handing = false;
		Exception refusal = delivery.refusal;
		if (refusal == null) {
			handedOver();
			return Offer.ACCEPTED;
		}
		if (refusal instanceof TimeoutException) {
			// No metadata for the topic yet, or no room in the buffer (BufferExhaustedException):
			// max.block.ms=0 makes both come back at once.
			return Offer.NOT_NOW;
		}
		handedOver();
		failed(delivery.outcome, refusal);
		return Offer.REFUSED;
	}

	@Override
	protected String system() {
		return "kafka";
	}

	@Override
	protected String destinationName() {
		return this.topic;
	}

	@Override
	public String clientLoggers() {
		return "org.apache.kafka.";
	}

	/**
	 * One record's way through the producer: called on its I/O thread with the broker's
	 * answer, or on the lane's thread, inside {@code send}, with a refusal.
	 */
	private final class Delivery implements Callback {

		private final Outcome outcome;

		/** True while {@code send} runs: an answer then is a refusal of the record. */
		private volatile boolean handing = true;

		private Exception refusal;

		Delivery(Outcome outcome) {
			this.outcome = outcome;
		}

		@Override
		public void onCompletion(RecordMetadata metadata, Exception exception) {
			if (this.handing && exception != null) {
				this.refusal = exception;
				return;
			}
			if (exception == null) {
				acknowledged(this.outcome);
			}
			else if (KafkaSender.this.closing) {
				// Given up by the close: the lane keeps the record for the next start.
				unanswered(this.outcome);
			}
			else {
				failed(this.outcome, exception);
			}
			answered();
		}

	}

	public String topic() {
		return this.topic;
	}

	/**
	 * Closes the producer: it sends every batch it holds at once and waits up to the timeout
	 * for the broker's answers; each record still unanswered is then told so.
	 */
	@Override
	public void close(Duration timeout) {
		if (!this.closing) {
			this.closing = true;
			this.producer.close(timeout);
		}
	}

}
