package io.asynclog.bothbackends;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.LoopbackKafka;

/**
 * What the kafka tests share: an application that ships its 'shipping' loggers, the
 * appender's meters, and a consumer that reads a topic back.
 */
final class KafkaShipping {

	static final Duration PATIENCE = Duration.ofSeconds(30);

	private KafkaShipping() {
	}

	/**
	 * Runs an application whose 'shipping' loggers write to one kafka appender, its spool in
	 * {@code spools/<appender>}. Each test names its appender apart: failures are counted per
	 * name since the JVM started.
	 */
	static ConfigurableApplicationContext runShipping(Path spools, String appender, String topic, String servers,
			String... more) {
		String prefix = "asynclog.appenders." + appender + ".";
		List<String> properties = new ArrayList<>(List.of(prefix + "type=kafka", prefix + "topic=" + topic,
				prefix + "bootstrap-servers=" + servers, prefix + "spool.directory=" + spools.resolve(appender),
				// Only the test's loggers ship: the in-process broker logs too.
				"asynclog.loggers.shipping.appenders=" + appender, "asynclog.loggers.shipping.additivity=false",
				"asynclog.shutdown-timeout=5s", "logging.level.shipping=info", "logging.level.kafka=warn", "logging.level.org.apache.kafka=warn",
				"management.endpoints.web.exposure.include=asynclog"));
		properties.addAll(List.of(more));
		return Apps.run(properties.toArray(String[]::new));
	}

	static double shipped(MeterRegistry registry, String outcome, String appender) {
		return registry.get("asynclog.shipping.records." + outcome).tag("appender", appender).functionCounter().count();
	}

	/**
	 * Reads a topic's one partition from the start until {@code count} records came or the
	 * patience ran out, then half a second more, so that a record too many shows.
	 */
	static List<ConsumerRecord<byte[], byte[]>> consume(LoopbackKafka from, String topic, int count) {
		Map<String, Object> settings = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, from.bootstrapServers(),
				ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
				ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
				ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(settings)) {
			TopicPartition partition = new TopicPartition(topic, 0);
			consumer.assign(List.of(partition));
			consumer.seekToBeginning(List.of(partition));
			long deadline = System.nanoTime() + PATIENCE.toNanos();
			while (records.size() < count && System.nanoTime() - deadline < 0) {
				consumer.poll(Duration.ofMillis(200)).forEach(records::add);
			}
			// Anything more than expected would show here, duplicates included.
			consumer.poll(Duration.ofMillis(500)).forEach(records::add);
		}
		return records;
	}

	static String value(ConsumerRecord<byte[], byte[]> record) {
		return new String(record.value(), StandardCharsets.UTF_8);
	}

}
