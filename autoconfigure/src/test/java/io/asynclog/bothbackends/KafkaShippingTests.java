package io.asynclog.bothbackends;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.MDC;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.queue.DroppedEvents;
import io.asynclog.queue.LogQueue;

import io.asynclog.LoopbackKafka;
import io.asynclog.SeparateJvm;
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

	/** The close's report of records the broker never acknowledged, the number its first group. */
	private static final Pattern NEVER_ACKNOWLEDGED = Pattern
		.compile("asynclog: appender 'ship' closed with (\\d+) of \\d+ records never acknowledged");

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final Duration PATIENCE = Duration.ofSeconds(30);

	private static final String[] MODES = { "async-logger", "async-appender" };

	private static final String ECS_TOPIC = "ecs";

	private static final String SENDER_TOPIC = "sender";

	private static final int LINES = 5_000;

	private static LoopbackKafka broker;

	@BeforeAll
	static void startBroker() throws IOException {
		broker = LoopbackKafka.start(Files.createTempDirectory("kafka-shipping"));
	}

	@AfterAll
	static void stopBroker() {
		if (broker != null) {
			broker.close();
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
		try (ConfigurableApplicationContext context = runShipping(appender, topic, broker.bootstrapServers(),
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
		try (ConfigurableApplicationContext context = runShipping("structured", ECS_TOPIC, broker.bootstrapServers(),
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
				KafkaSender.producerSettings(broker.bootstrapServers(), Map.of()));
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

	/**
	 * A broker that cannot be reached at start-up (a closed port): the application starts,
	 * logging calls return at once while the ring has room, the record being delivered
	 * waits for the broker instead of failing, and the health is DOWN saying so.
	 */
	@Test
	void unreachableBrokerAtStartUpNeitherStopsTheApplicationNorHoldsCallers() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		try (ConfigurableApplicationContext context = runShipping("unreachable", "nowhere", "127.0.0.1:" + closedPort,
				"asynclog.health.shipping-stall=1s")) {
			Log log = LogFactory.getLog("shipping.nowhere");
			// The first call of a logger may initialise more than the hand-off.
			log.info("first");
			long start = System.nanoTime();
			for (int i = 0; i < 5; i++) {
				log.info("waiting " + i);
			}
			Duration calls = Duration.ofNanos(System.nanoTime() - start);
			assertThat(calls).as("five logging calls with the broker unreachable").isLessThan(Duration.ofMillis(150));
			AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
			await("the health DOWN").atMost(PATIENCE)
				.until(() -> health.health(true).getStatus().equals(Status.DOWN));
			assertThat(health.health(true).getDetails().get("reasons")).asString()
				.contains("appender 'unreachable' has 1 records waiting for kafka (nowhere), none acknowledged for");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(shipped(registry, "sent", "unreachable")).as("handed to the producer").isEqualTo(1);
			assertThat(shipped(registry, "failed", "unreachable")).isZero();
			assertThat(errors(context, "unreachable")).isZero();
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((shown) -> {
				assertThat(shown.name()).isEqualTo("unreachable");
				assertThat(shown.shipping().waiting()).isEqualTo(1);
				assertThat(shown.shipping().destination()).isEqualTo("nowhere");
			});
		}
	}

	/**
	 * The broker stopped while the application logs, and started again: a broker outage is
	 * a slow sink. The producer's buffer and then the ring fill; {@code block} holds the
	 * caller until the broker is back and loses nothing, {@code discard} drops at the ring
	 * and counts each drop; the health says records are waiting while the broker is away,
	 * and turns UP again once it answers. The topic then holds every line written once, in
	 * order.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "block", "discard" })
	void brokerStoppedAndStartedAgain(String policy) throws Exception {
		String topic = "restart-" + policy;
		String appender = "restart-" + policy;
		String prefix = "asynclog.appenders." + appender + ".";
		try (LoopbackKafka restartable = LoopbackKafka.start(Files.createTempDirectory("kafka-restart"));
				ConfigurableApplicationContext context = runShipping(appender, topic, restartable.bootstrapServers(),
						"asynclog.queue-full-policy=" + policy, "asynclog.ring-buffer-size=1024", prefix + "pattern=%m",
				// A small producer buffer, so that the ring fills after a few thousand lines.
				prefix + "producer.[buffer.memory]=65536", prefix + "producer.[batch.size]=16384",
				"asynclog.health.shipping-stall=1s", "asynclog.health.drop-window=0")) {
			Log log = LogFactory.getLog("shipping.restart");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
			long droppedBefore = droppedInfo();
			int before = 1_000;
			for (int i = 0; i < before; i++) {
				log.info("line " + i);
			}
			await("the first lines acknowledged").atMost(PATIENCE)
				.until(() -> shipped(registry, "acknowledged", appender) == before);
			restartable.stop();
			// How many lines the producer's buffer takes before the ring fills depends on its
			// compression estimate, so the caller logs until the ring has filled, and then a
			// fixed number more; a cap bounds it if the ring never fills.
			AtomicInteger next = new AtomicInteger(before);
			AtomicInteger stopAt = new AtomicInteger(2_000_000);
			Thread caller = new Thread(() -> {
				// A failed test must not leave it logging into the next test's application.
				for (int i = next.get(); i < stopAt.get() && !context.isClosed(); i = next.incrementAndGet()) {
					log.info("line " + i);
				}
			}, "restart-caller");
			caller.start();
			if (policy.equals("block")) {
				// Once the ring is full, a caller waits until a share of it is free again, so the
				// caller is held with the ring nearly, not always exactly, full.
				AtomicInteger lastSeen = new AtomicInteger(-1);
				await("the caller held while the broker is away").atMost(PATIENCE).pollInterval(Duration.ofSeconds(1))
					.until(() -> next.get() == lastSeen.getAndSet(next.get()) && caller.isAlive());
				LogQueue ring = Apps.queue("async-logger");
				assertThat(ring.used()).as("slots used while the caller is held at line %d; the sender %s",
						next.get(), KafkaSender.latest(appender).reading())
					.isGreaterThan(ring.capacity() / 2);
				stopAt.set(next.get() + 2_000);
			}
			else {
				await("the ring full and dropping").atMost(PATIENCE)
					.untilAsserted(() -> assertThat(droppedInfo()).as("dropped; the caller at line %d, %s; the sender %s",
							next.get(), caller.getState(), KafkaSender.latest(appender).reading())
						.isGreaterThan(droppedBefore));
				stopAt.set(next.get() + 2_000);
				caller.join(PATIENCE.toMillis());
				assertThat(caller.isAlive()).as("a discarding caller never waits").isFalse();
			}
			await("the health DOWN while records wait for the broker").atMost(PATIENCE)
				.until(() -> health.health(true).getStatus().equals(Status.DOWN));
			assertThat(health.health(true).getDetails().get("reasons")).asString()
				.as("the sender: %s", KafkaSender.latest(appender).reading())
				.contains("appender '" + appender + "' has ")
				.contains("records waiting for kafka (" + topic + ")");
			assertThat(shipped(registry, "failed", appender)).as("records failed while the broker was away").isZero();
			restartable.startAgain();
			caller.join(PATIENCE.toMillis() * 2);
			assertThat(caller.isAlive()).as("the caller released").isFalse();
			int logged = next.get();
			await("every record sent acknowledged").atMost(PATIENCE.multipliedBy(2))
				.until(() -> shipped(registry, "acknowledged", appender) == shipped(registry, "sent", appender)
						&& Apps.queue("async-logger").used() == 0);
			await("the health UP again").atMost(PATIENCE)
				.until(() -> health.health(true).getStatus().equals(Status.UP));
			long dropped = droppedInfo() - droppedBefore;
			int written = (int) shipped(registry, "acknowledged", appender);
			List<String> lines = consume(restartable, topic, written).stream().map(KafkaShippingTests::value).toList();
			assertThat(lines).as("records on the topic").hasSize(written).doesNotHaveDuplicates();
			assertThat(lines).as("in the order logged").isSortedAccordingTo(
					Comparator.comparingInt((String line) -> Integer.parseInt(line.substring(5))));
			assertThat(shipped(registry, "failed", appender)).isZero();
			if (policy.equals("block")) {
				assertThat(dropped).as("dropped under block").isZero();
				assertThat(written).as("written under block").isEqualTo(logged);
			}
			else {
				assertThat(dropped).as("dropped under discard").isPositive();
				assertThat(written + dropped).as("written %d + dropped %d = logged", written, dropped).isEqualTo(logged);
			}
		}
	}

	/**
	 * SIGTERM while 100,000 records wait in the ring: the broker was down while the
	 * application logged them and comes back as the shutdown begins. The drain delivers
	 * every one within {@code asynclog.shutdown-timeout}, in order, and reports no loss.
	 */
	@Test
	void sigtermWithAHundredThousandRecordsQueuedDeliversThemAll(@TempDir Path dir) throws Exception {
		int lines = 100_000;
		try (LoopbackKafka kafka = LoopbackKafka.start(dir.resolve("kafka"))) {
			kafka.stop();
			try (SeparateJvm app = burstToKafka(dir, kafka, "burst", lines, 131072, "60s")) {
				assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(lines);
				long queued = Long.parseLong(app.printed(DrainApp.QUEUED).substring(DrainApp.QUEUED.length()).trim());
				assertThat(queued).as("queued while the broker is down, all but the record the sender holds")
					.isGreaterThanOrEqualTo(lines - 1);
				kafka.startAgain();
				app.sigterm();
				assertThat(app.awaitExit(Duration.ofMinutes(2))).as("exit status after SIGTERM").isEqualTo(143);
				assertThat(app.stderr()).as("standard error").noneMatch((line) -> line.contains("asynclog:"));
			}
			List<ConsumerRecord<byte[], byte[]>> records = consume(kafka, "burst", lines);
			assertThat(records).hasSize(lines);
			for (int i = 0; i < lines; i++) {
				if (!value(records.get(i)).equals("line " + i)) {
					throw new AssertionError("record " + i + " is '" + value(records.get(i)) + "'");
				}
			}
		}
	}

	/**
	 * SIGTERM while the broker stays away: one send waits for it, the rest of the lines in
	 * the ring. The shutdown ends within {@code asynclog.shutdown-timeout} and one second (the
	 * producer is closed at the deadline, which lets the waiting send go), and the lines cut
	 * off in the ring plus the records the broker never acknowledged are every line logged.
	 */
	@Test
	void sigtermWhileTheBrokerStaysAwayEndsWithinTheTimeoutAndCountsEveryLine(@TempDir Path dir) throws Exception {
		int lines = 10_000;
		Duration timeout = Duration.ofSeconds(2);
		try (LoopbackKafka kafka = LoopbackKafka.start(dir.resolve("kafka"))) {
			kafka.stop();
			try (SeparateJvm app = burstToKafka(dir, kafka, "away", lines, 16384, timeout.toSeconds() + "s")) {
				assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(lines);
				long start = System.nanoTime();
				app.sigterm();
				assertThat(app.awaitExit(Duration.ofMinutes(1))).as("exit status after SIGTERM")
					.isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
				Duration took = Duration.ofNanos(System.nanoTime() - start);
				long cutOff = app.reportedCount(DrainApp.LOST);
				long neverAcknowledged = app.reportedCount(NEVER_ACKNOWLEDGED);
				assertThat(neverAcknowledged).as("the send that waited for the broker").isPositive();
				assertThat(cutOff + neverAcknowledged).as("cut off %d + never acknowledged %d", cutOff, neverAcknowledged)
					.isEqualTo(lines);
				assertThat(took).as("SIGTERM to exit").isLessThanOrEqualTo(timeout.plusSeconds(1));
			}
		}
	}

	/**
	 * Starts a JVM that logs {@code lines} numbered lines to one kafka appender, 'ship', and
	 * waits for SIGTERM.
	 */
	private static SeparateJvm burstToKafka(Path dir, LoopbackKafka kafka, String topic, int lines, int ringSize,
			String shutdownTimeout) {
		return SeparateJvm.start(DrainApp.class.getName(), dir, "burst", "lines=" + lines,
				"asynclog.ring-buffer-size=" + ringSize, "asynclog.shutdown-timeout=" + shutdownTimeout,
				"asynclog.appenders.ship.type=kafka", "asynclog.appenders.ship.topic=" + topic,
				"asynclog.appenders.ship.bootstrap-servers=" + kafka.bootstrapServers(),
				"asynclog.appenders.ship.pattern=%m", "asynclog.loggers.test.appenders=ship",
				"asynclog.loggers.test.additivity=false", "logging.level.root=warn", "logging.level.test=info",
				"logging.level.org.apache.kafka=error");
	}

	private static long droppedInfo() {
		return DroppedEvents.count("async-logger", LogLevel.INFO);
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
		return consume(broker, topic, count);
	}

	private static List<ConsumerRecord<byte[], byte[]>> consume(LoopbackKafka from, String topic, int count) {
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

	private static String value(ConsumerRecord<byte[], byte[]> record) {
		return new String(record.value(), StandardCharsets.UTF_8);
	}

}
