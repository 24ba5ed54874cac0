package io.asynclog.appender.kafka;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.apache.kafka.clients.ClientDnsLookup;
import org.apache.kafka.clients.ClientUtils;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.asynclog.appender.AppenderErrors;
import io.asynclog.appender.Shipping;
import io.asynclog.queue.DeliveryThreads;
import io.asynclog.queue.Registration;

/**
 * Sends formatted log records to one Kafka topic, for the kafka appender of either
 * backend: owns the {@link KafkaProducer}, counts the records sent, the records the broker
 * acknowledged and those that failed, and counts each failure in {@link AppenderErrors}
 * under the appender's name, so that the {@code asynclog.appender.errors} meter and the
 * health react to a broker that cannot be reached.
 * <p>
 * {@link #send(byte[], byte[])} runs once per log event, on the thread that delivers it
 * (the background thread behind a ring): it takes no lock and allocates nothing beyond the
 * {@link ProducerRecord} and what {@link KafkaProducer#send} does itself; one callback
 * serves every record.
 *
 * @author asynclog
 */
public final class KafkaSender implements Callback {

	/**
	 * The class lz4-java brings, which kafka-clients declares as a runtime dependency; an
	 * application may still exclude it.
	 */
	private static final String LZ4_CLASS = "net.jpountz.lz4.LZ4Factory";

	/**
	 * max.block.ms and delivery.timeout.ms for "until the producer closes": 24.8 days, the
	 * largest int, since Kafka keeps delivery.timeout.ms in an int.
	 */
	private static final String WAIT_AS_LONG_AS_IT_TAKES = String.valueOf(Integer.MAX_VALUE);

	private static final long FLUSH_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

	/** The latest sender of each kafka appender by name: what the shipping meters read. */
	private static final ConcurrentMap<String, KafkaSender> LATEST = new ConcurrentHashMap<>();

	private static final List<Consumer<String>> NEW_APPENDER_LISTENERS = new CopyOnWriteArrayList<>();

	static {
		// kafka-clients names its I/O threads "kafka-producer-network-thread | <client>",
		// "kafka-admin-client-thread | ..." and so on. The producer's logs a warning while the
		// broker is away, exactly when the ring in front fills: made to wait for room, it
		// could never deliver the records that would make room.
		DeliveryThreads.add("kafka-");
	}

	private final String appenderName;

	private final String topic;

	private final Producer<byte[], byte[]> producer;

	private final AppenderErrors.Failures failures;

	private final LongAdder sent = new LongAdder();

	private final LongAdder acknowledged = new LongAdder();

	private final LongAdder failed = new LongAdder();

	private volatile Exception lastFailure;

	/**
	 * Since when records have waited with no outcome, on the {@link System#nanoTime()}
	 * scale, or 0 while none waits: the clock starts at the first record sent into an idle
	 * producer and restarts at every acknowledgement or failure.
	 */
	private volatile long waitingSinceNanos;

	private volatile boolean closed;

	/**
	 * Creates a sender and its producer. No connection is made until the first record.
	 * @param appenderName the appender's name, under which failures are counted
	 * @param topic the topic every record goes to
	 * @param producerSettings the producer's settings, as {@link #producerSettings} makes
	 * them
	 */
	public KafkaSender(String appenderName, String topic, Map<String, Object> producerSettings) {
		this(appenderName, topic, new KafkaProducer<>(asProperties(producerSettings)));
	}

	KafkaSender(String appenderName, String topic, Producer<byte[], byte[]> producer) {
		this.appenderName = appenderName;
		this.topic = topic;
		this.producer = producer;
		this.failures = AppenderErrors.forAppender(appenderName);
		if (LATEST.put(appenderName, this) == null) {
			NEW_APPENDER_LISTENERS.forEach((listener) -> listener.accept(appenderName));
		}
	}

	/**
	 * Returns the latest sender built for a kafka appender: the one that runs, or the last
	 * one that ran.
	 * @param appenderName the appender's name
	 * @return the sender, or {@code null} if that appender never had one
	 */
	public static KafkaSender latest(String appenderName) {
		return LATEST.get(appenderName);
	}

	/**
	 * Calls a listener with the name of every kafka appender that has a sender, now and from
	 * then on for each new name, on the thread that builds the appender.
	 * @param listener the listener
	 * @return a handle that stops the calls when closed
	 */
	public static Registration onEveryAppender(Consumer<String> listener) {
		NEW_APPENDER_LISTENERS.add(listener);
		LATEST.keySet().forEach(listener);
		return () -> NEW_APPENDER_LISTENERS.remove(listener);
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
		// A broker outage is a slow sink, not a reason to throw records away: send() waits
		// for the topic's metadata and for room in the producer's buffer as long as it takes
		// (until the producer closes), and a record in the buffer is retried until the broker
		// takes it. The ring in front absorbs the wait, and its policy decides what callers
		// do once it is full: block waits, discard drops and counts. Kafka's defaults (60 s,
		// 2 min) would fail records after a short outage instead.
		settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, WAIT_AS_LONG_AS_IT_TAKES);
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

	/**
	 * Hands one record to the producer. A record the producer refuses at once (no metadata
	 * within max.block.ms, a closed producer) is counted as failed, as is one the broker
	 * later rejects.
	 * @param key the record's key, or {@code null}
	 * @param value the record's value
	 */
	public void send(byte[] key, byte[] value) {
		this.sent.increment();
		if (this.waitingSinceNanos == 0) {
			// A read per record; a write only when the producer was idle.
			this.waitingSinceNanos = System.nanoTime();
		}
		try {
			this.producer.send(new ProducerRecord<>(this.topic, key, value), this);
		}
		catch (RuntimeException ex) {
			// kafka-clients reports most refusals through the callback; a few (a closed
			// producer, a serializer failure) are thrown.
			onCompletion(null, ex);
		}
	}

	/**
	 * Counts one record the broker acknowledged or that failed; runs on the producer's
	 * I/O thread.
	 */
	@Override
	public void onCompletion(RecordMetadata metadata, Exception exception) {
		if (exception == null) {
			this.acknowledged.increment();
		}
		else {
			this.failed.increment();
			this.lastFailure = exception;
			this.failures.record();
		}
		// A record sent while this runs may find the clock still set and leave it, and
		// then see it cleared here: the next record sent starts it again.
		this.waitingSinceNanos = (waiting() > 0) ? System.nanoTime() : 0;
	}

	/**
	 * Returns the name of the appender this sender serves.
	 * @return the appender's name
	 */
	public String appenderName() {
		return this.appenderName;
	}

	/**
	 * Returns the topic records go to.
	 * @return the topic
	 */
	public String topic() {
		return this.topic;
	}

	/**
	 * Returns how many records were handed to the producer.
	 * @return the records sent
	 */
	public long sent() {
		return this.sent.sum();
	}

	/**
	 * Returns how many records the broker acknowledged.
	 * @return the records acknowledged
	 */
	public long acknowledged() {
		return this.acknowledged.sum();
	}

	/**
	 * Returns how many records failed: refused by the producer, rejected by the broker or
	 * expired before it answered.
	 * @return the records failed
	 */
	public long failed() {
		return this.failed.sum();
	}

	/**
	 * Returns how many records were sent and have neither been acknowledged nor failed
	 * yet: in the producer's buffer or on the way to the broker.
	 * @return the records waiting
	 */
	public long waiting() {
		// Read the outcomes before the sends, so that a record completing in between cannot
		// make the result negative.
		long done = this.acknowledged.sum() + this.failed.sum();
		return Math.max(0, this.sent.sum() - done);
	}

	/**
	 * Returns how long records have been waiting with none acknowledged or failed: zero
	 * while the broker answers, growing while it cannot be reached.
	 * @return the time without an outcome while records wait, or {@link Duration#ZERO}
	 */
	public Duration waitingWithoutAnswer() {
		long since = this.waitingSinceNanos;
		if (since == 0 || waiting() == 0) {
			return Duration.ZERO;
		}
		return Duration.ofNanos(Math.max(0, System.nanoTime() - since));
	}

	/**
	 * Returns what an operator sees of this sender: its topic and counts, now.
	 * @return the reading
	 */
	public Shipping reading() {
		Exception last = this.lastFailure;
		return new Shipping("kafka", this.topic, sent(), acknowledged(), failed(), waiting(), waitingWithoutAnswer(),
				(last != null) ? last.toString() : null);
	}

	/**
	 * Returns the last failure a record met.
	 * @return the exception, or {@code null} if no record failed
	 */
	public Exception lastFailure() {
		return this.lastFailure;
	}

	/**
	 * Waits until every record sent so far is acknowledged or failed, or the time is up.
	 * The producer sends a batch on its own once it is full or linger.ms has passed.
	 * @param timeout how long to wait at most
	 * @return the records still waiting when it returns
	 */
	public long flush(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		// KafkaProducer.flush has no timeout (a broker that cannot be reached holds it for
		// delivery.timeout.ms): wait for the outcomes instead.
		while (waiting() > 0 && System.nanoTime() - deadline < 0) {
			LockSupport.parkNanos(FLUSH_POLL_NANOS);
		}
		return waiting();
	}

	/**
	 * Closes the producer: it sends every batch it holds at once, lingering no more, and
	 * waits up to the timeout for the broker's answers; what is still unanswered then
	 * fails (and is counted as failed).
	 * @param timeout how long to wait at most
	 * @return how many records sent since the start the broker never acknowledged
	 * (failures included)
	 */
	public long close(Duration timeout) {
		if (!this.closed) {
			this.closed = true;
			this.producer.close(timeout);
		}
		return sent() - acknowledged();
	}

}
