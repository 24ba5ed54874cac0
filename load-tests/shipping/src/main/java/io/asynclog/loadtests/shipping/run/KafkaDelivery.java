package io.asynclog.loadtests.shipping.run;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import io.asynclog.core.lane.Sender;

import static io.asynclog.loadtests.shipping.run.ThroughputApp.FIRST;
import static io.asynclog.loadtests.shipping.run.ThroughputApp.TEXT;

/**
 * Delivered: acknowledged by the broker, as the appender's {@link Sender} counts.
 *
 * @author asynclog
 */
final class KafkaDelivery extends AcknowledgedDelivery {

	private final Options options;

	KafkaDelivery(Options options) throws Exception {
		this.options = options;
		long end;
		try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
			TopicPartition partition = new TopicPartition(options.topic(), 0);
			end = consumer.endOffsets(List.of(partition), Duration.ofSeconds(30)).get(partition);
		}
		if (end != 0) {
			throw new IllegalStateException("topic " + options.topic() + " already holds " + end + " records");
		}
	}

	@Override
	public Check check(long total) {
		try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
			TopicPartition partition = new TopicPartition(this.options.topic(), 0);
			consumer.assign(List.of(partition));
			long end = consumer.endOffsets(List.of(partition), Duration.ofSeconds(30)).get(partition);
			int partitions = consumer.partitionsFor(this.options.topic(), Duration.ofSeconds(30)).size();
			String last = FIRST + total - 1 + "";
			consumer.seek(partition, Math.max(0, end - 1));
			ConsumerRecord<byte[], byte[]> record = null;
			long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
			while (record == null && System.nanoTime() < deadline) {
				for (ConsumerRecord<byte[], byte[]> polled : consumer.poll(Duration.ofMillis(500))) {
					record = polled;
				}
			}
			String value = (record != null) ? new String(record.value(), StandardCharsets.UTF_8) : "";
			boolean passed = partitions == 1 && end == total && value.contains(TEXT + last);
			String detail = "end offset " + end + " of " + total + ", " + partitions + " partition(s), last record "
					+ (value.contains(last) ? "is line " + last : "is not line " + last) + "; " + state();
			return new Check(passed && this.sender.acknowledged() == total && this.sender.failed() == 0, detail,
					(record != null) ? record.value().length : 0);
		}
	}

	private KafkaConsumer<byte[], byte[]> consumer() {
		Properties settings = new Properties();
		settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.options.bootstrap());
		settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		settings.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
		return new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer());
	}

}
