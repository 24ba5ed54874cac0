package io.asynclog.bothbackends;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.MDC;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import io.asynclog.appender.kafka.KafkaSender;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The kafka appender against a real broker, on both backends: a one-node KRaft broker
 * started in-process once for the class, on loopback. Every line a Spring Boot application
 * logs reaches the topic, in order; Spring Boot's structured format and a record key from
 * the MDC arrive as configured; and a broker that cannot be reached at start-up neither
 * stops the application nor holds a logging call, while the appender's error counter and
 * the health say so.
 */
class KafkaShippingTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final Duration PATIENCE = Duration.ofSeconds(30);

	private static final String[] MODES = { "async-logger", "async-appender" };

	private static final String ECS_TOPIC = "ecs";

	private static final String SENDER_TOPIC = "sender";

	private static final int LINES = 5_000;

	private static EmbeddedKafkaKraftBroker broker;

	@BeforeAll
	static void startBroker() {
		broker = new EmbeddedKafkaKraftBroker(1, 1, "lines-" + MODES[0], "lines-" + MODES[1], ECS_TOPIC, SENDER_TOPIC);
		broker.afterPropertiesSet();
	}

	@AfterAll
	static void stopBroker() {
		if (broker != null) {
			broker.destroy();
		}
	}

	/**
	 * One partition, one key (none): the topic must hold the lines in the order they were
	 * logged, each once, behind the async-logger ring and behind the appender's own queue.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void everyLineArrivesInOrder(String mode) {
		String appender = "lines-" + mode;
		String topic = "lines-" + mode;
		try (ConfigurableApplicationContext context = runShipping(appender, topic, broker.getBrokersAsString(),
				"asynclog.mode=" + mode, "asynclog.appenders." + appender + ".pattern=%m")) {
			assertThat(Apps.queues()).extracting((queue) -> queue.name())
				.contains(mode.equals("async-logger") ? "async-logger" : appender);
			Log log = LogFactory.getLog("shipping.lines");
			for (int i = 0; i < LINES; i++) {
				log.info("line " + i);
			}
			List<ConsumerRecord<byte[], byte[]>> records = consume(topic, LINES);
			List<String> expected = new ArrayList<>(LINES);
			for (int i = 0; i < LINES; i++) {
				expected.add("line " + i);
			}
			assertThat(records).extracting(KafkaShippingTests::value).containsExactlyElementsOf(expected);
			assertThat(records).allSatisfy((record) -> assertThat(record.key()).isNull());
			assertThat(errors(context, appender)).isZero();
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			// The broker holds the records; the producer may hear its acknowledgement a moment later.
			await("every record acknowledged").atMost(PATIENCE)
				.until(() -> shipped(registry, "acknowledged", appender) == LINES);
			assertThat(shipped(registry, "sent", appender)).isEqualTo(LINES);
			assertThat(shipped(registry, "failed", appender)).isZero();
			assertThat(registry.get("asynclog.shipping.records.waiting").tag("appender", appender).gauge().value())
				.isZero();
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((shown) -> {
				assertThat(shown.name()).isEqualTo(appender);
				assertThat(shown.async()).isTrue();
				assertThat(shown.errors()).isZero();
			});
		}
	}

	@Test
	void structuredFormatAndKeyFromTheMdc() {
		try (ConfigurableApplicationContext context = runShipping("structured", ECS_TOPIC, broker.getBrokersAsString(),
				"asynclog.appenders.structured.format=ecs", "asynclog.appenders.structured.key=%X{traceId}",
				"logging.structured.ecs.service.name=shipper")) {
			Log log = LogFactory.getLog("shipping.ecs");
			MDC.put("traceId", "trace-1");
			try {
				log.info("with a key");
			}
			finally {
				MDC.remove("traceId");
			}
			log.info("without a key");
			List<ConsumerRecord<byte[], byte[]>> records = consume(ECS_TOPIC, 2);
			assertThat(records).hasSize(2);
			assertThat(records.get(1).key()).as("the key of an event without traceId").isNull();
			assertThat(value(records.get(1))).contains("\"message\":\"without a key\"");
			ConsumerRecord<byte[], byte[]> record = records.get(0);
			assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo("trace-1");
			assertThat(value(record)).startsWith("{")
				.contains("\"message\":\"with a key\"")
				.contains("\"logger\":\"shipping.ecs\"")
				.contains("\"service\":{\"name\":\"shipper\"");
		}
	}

	/**
	 * The sender both appenders use, on its own: what it counts as sent, acknowledged and
	 * waiting matches what the broker holds, and a flush leaves nothing waiting.
	 */
	@Test
	void senderCountsWhatTheBrokerAcknowledged() {
		KafkaSender sender = new KafkaSender("sender-direct", SENDER_TOPIC,
				KafkaSender.producerSettings(broker.getBrokersAsString(), Map.of()));
		try {
			for (int i = 0; i < 1_000; i++) {
				sender.send(null, ("record " + i).getBytes(StandardCharsets.UTF_8));
			}
			assertThat(sender.sent()).isEqualTo(1_000);
			assertThat(sender.flush(PATIENCE)).isZero();
			assertThat(sender.waiting()).isZero();
			assertThat(sender.acknowledged()).isEqualTo(1_000);
			assertThat(sender.failed()).isZero();
		}
		finally {
			assertThat(sender.close(Duration.ofSeconds(5))).isZero();
		}
		assertThat(consume(SENDER_TOPIC, 1_000)).hasSize(1_000)
			.last()
			.satisfies((record) -> assertThat(value(record)).isEqualTo("record 999"));
	}

	@Test
	void unreachableBrokerAtStartUpNeitherStopsTheApplicationNorHoldsCallers() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		try (ConfigurableApplicationContext context = runShipping("unreachable", "nowhere", "127.0.0.1:" + closedPort,
				"asynclog.appenders.unreachable.producer.[max.block.ms]=200", "asynclog.health.drop-window=1m")) {
			Log log = LogFactory.getLog("shipping.nowhere");
			// The first call of a logger may initialise more than the hand-off.
			log.info("first");
			long start = System.nanoTime();
			for (int i = 0; i < 5; i++) {
				log.info("lost " + i);
			}
			Duration calls = Duration.ofNanos(System.nanoTime() - start);
			// Each record waits max.block.ms (200 ms) on the thread that delivers it: a caller
			// held by that wait would take longer than this for the five calls.
			assertThat(calls).as("five logging calls with the broker unreachable").isLessThan(Duration.ofMillis(150));
			await("each record counted as failed").atMost(PATIENCE).until(() -> errors(context, "unreachable") >= 6);
			assertThat(errors(context, "unreachable")).isEqualTo(6);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(shipped(registry, "sent", "unreachable")).isEqualTo(6);
			assertThat(shipped(registry, "failed", "unreachable")).isEqualTo(6);
			assertThat(shipped(registry, "acknowledged", "unreachable")).isZero();
			Health health = context.getBean(AsyncLogHealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails().get("reasons")).asString().contains("appender 'unreachable' failed to write");
		}
	}

	/**
	 * Runs an application whose 'shipping' loggers write to one kafka appender. Each test
	 * names its appender apart: failures are counted per name since the JVM started.
	 */
	private static ConfigurableApplicationContext runShipping(String appender, String topic, String servers,
			String... more) {
		String prefix = "asynclog.appenders." + appender + ".";
		List<String> properties = new ArrayList<>(List.of(prefix + "type=kafka", prefix + "topic=" + topic,
				prefix + "bootstrap-servers=" + servers,
				// Only the test's loggers ship: the in-process broker logs too.
				"asynclog.loggers.shipping.appenders=" + appender, "asynclog.loggers.shipping.additivity=false",
				"asynclog.shutdown-timeout=5s", "logging.level.shipping=info", "logging.level.kafka=warn", "logging.level.org.apache.kafka=warn",
				"management.endpoints.web.exposure.include=asynclog"));
		properties.addAll(List.of(more));
		return Apps.run(properties.toArray(String[]::new));
	}

	private static double errors(ConfigurableApplicationContext context, String appender) {
		FunctionCounter counter = context.getBean(MeterRegistry.class)
			.find("asynclog.appender.errors")
			.tag("appender", appender)
			.functionCounter();
		return (counter != null) ? counter.count() : 0;
	}

	private static double shipped(MeterRegistry registry, String outcome, String appender) {
		return registry.get("asynclog.shipping.records." + outcome).tag("appender", appender).functionCounter().count();
	}

	private static List<ConsumerRecord<byte[], byte[]>> consume(String topic, int count) {
		Map<String, Object> settings = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString(),
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

	private static String value(ConsumerRecord<byte[], byte[]> record) {
		return new String(record.value(), StandardCharsets.UTF_8);
	}

}
