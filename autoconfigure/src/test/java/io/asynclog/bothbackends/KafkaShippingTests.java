package io.asynclog.bothbackends;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.MDC;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.kafka.KafkaSender;
import io.asynclog.fixtures.LoopbackKafka;

import static io.asynclog.bothbackends.RemoteShipping.PATIENCE;
import static io.asynclog.bothbackends.RemoteShipping.shipped;
import static io.asynclog.bothbackends.RemoteShipping.value;
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

	private static final String[] MODES = { "async-logger", "async-appender" };

	private static final String ECS_TOPIC = "ecs";

	private static final String SENDER_TOPIC = "sender";

	private static final int LINES = 5_000;

	private static LoopbackKafka broker;

	private static Path spools;

	@BeforeAll
	static void startBroker() throws IOException {
		broker = LoopbackKafka.start(Files.createTempDirectory("kafka-shipping"));
		spools = Files.createTempDirectory("kafka-spools");
	}

	@AfterAll
	static void stopBroker() {
		if (broker != null) {
			broker.close();
		}
	}

	/**
	 * One partition, one key (none): the topic must hold the lines in the order they were
	 * logged, each once, on the caller's thread (sync), behind the async-logger ring and behind
	 * the appender's own queue; the lane in front of the producer keeps the order.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "sync", "async-logger", "async-appender" })
	void everyLineArrivesInOrder(String mode) {
		String appender = "lines-" + mode;
		String topic = "lines-" + mode;
		try (ConfigurableApplicationContext context = runShipping(appender, topic, broker.bootstrapServers(),
				"asynclog.mode=" + mode, "asynclog.appenders." + appender + ".pattern=%m")) {
			if (!mode.equals("sync")) {
				assertThat(Apps.queues()).extracting((queue) -> queue.name())
					.contains(mode.equals("async-logger") ? "async-logger" : appender);
			}
			Log log = LogFactory.getLog("shipping.lines");
			for (int i = 0; i < LINES; i++) {
				log.info("line " + i);
			}
			List<ConsumerRecord<byte[], byte[]>> records = consume(topic, LINES);
			List<String> expected = new ArrayList<>(LINES);
			for (int i = 0; i < LINES; i++) {
				expected.add("line " + i);
			}
			assertThat(records).extracting(RemoteShipping::value).containsExactlyElementsOf(expected);
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
				assertThat(shown.async()).isEqualTo(!mode.equals("sync"));
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
	 * A structured format formats off the appending thread (a FormatStage) on a snapshot of
	 * each event: every line arrives, in order, with the MDC its caller had, whichever thread
	 * appends (the caller's, or the ring's, whose events are reused).
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "sync", "async-logger" })
	void structuredLinesArriveInOrderEachWithItsOwnMdc(String mode) {
		String appender = "structured-" + mode;
		String topic = "structured-" + mode;
		try (ConfigurableApplicationContext context = runShipping(appender, topic, broker.bootstrapServers(),
				// The smallest ring: its events are reused while the stage still holds the earlier ones.
				"asynclog.mode=" + mode, "asynclog.ring-buffer-size=128", "asynclog.appenders." + appender + ".format=ecs",
				"asynclog.appenders." + appender + ".key=%X{seq}")) {
			Log log = LogFactory.getLog("shipping.structured");
			for (int i = 0; i < LINES; i++) {
				MDC.put("seq", String.valueOf(i));
				try {
					log.info("line " + i);
				}
				finally {
					MDC.remove("seq");
				}
			}
			List<ConsumerRecord<byte[], byte[]>> records = consume(topic, LINES);
			assertThat(records).hasSize(LINES);
			for (int i = 0; i < LINES; i++) {
				ConsumerRecord<byte[], byte[]> record = records.get(i);
				assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo(String.valueOf(i));
				assertThat(value(record)).contains("\"message\":\"line " + i + "\"").contains("\"seq\":\"" + i + "\"");
			}
			assertThat(errors(context, appender)).isZero();
		}
	}

	/**
	 * The lane and the sender both appenders use, on their own: every record added reaches
	 * the topic in order, the sender counts each acknowledgement, and the stop keeps nothing
	 * because nothing is left.
	 */
	@Test
	void laneDeliversEveryRecordInOrder() {
		KafkaSender sender = new KafkaSender("lane-direct", SENDER_TOPIC,
				KafkaSender.producerSettings(broker.bootstrapServers(), Map.of()));
		Lane lane = new Lane("lane-direct", sender,
				new Lane.Settings(8192, 8 * 1024 * 1024, spools.resolve("lane-direct"), 64 * 1024 * 1024));
		lane.start();
		for (int i = 0; i < 1_000; i++) {
			assertThat(lane.add(null, ("record " + i).getBytes(StandardCharsets.UTF_8))).isTrue();
		}
		await("every record acknowledged").atMost(PATIENCE).until(() -> sender.acknowledged() == 1_000);
		Lane.StopReport stopped = lane.stop(System.nanoTime() + Duration.ofSeconds(5).toNanos());
		assertThat(stopped.kept()).isZero();
		assertThat(stopped.lost()).isZero();
		assertThat(sender.sent()).isEqualTo(1_000);
		assertThat(sender.failed()).isZero();
		List<String> values = consume(SENDER_TOPIC, 1_000).stream().map(RemoteShipping::value).toList();
		assertThat(values).hasSize(1_000);
		for (int i = 0; i < 1_000; i++) {
			assertThat(values.get(i)).isEqualTo("record " + i);
		}
	}

	/**
	 * A broker that cannot be reached at start-up (a closed port): the application starts,
	 * logging calls return at once, the records wait in the lane and then in the spool, and
	 * the health and the endpoint say so.
	 */
	@Test
	void unreachableBrokerAtStartUpNeitherStopsTheApplicationNorHoldsCallers() throws IOException {
		try (ConfigurableApplicationContext context = runShipping("unreachable", "nowhere", closedPort(),
				"asynclog.health.shipping-stall=1s")) {
			Log log = LogFactory.getLog("shipping.nowhere");
			for (int i = 0; i < 6; i++) {
				log.info("waiting " + i);
			}
			AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
			await("the records in the spool").atMost(PATIENCE)
				.until(() -> RemoteShipping.lane("unreachable").spoolReading().records() == 6);
			await("the health saying so").atMost(PATIENCE)
				.until(() -> !health.health(true).getStatus().equals(Status.UP));
			assertThat(health.health(true).getDetails().get("reasons")).asString()
				.contains("appender 'unreachable' has 6 records waiting for kafka (nowhere), none acknowledged for");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(shipped(registry, "sent", "unreachable")).as("handed to the producer").isZero();
			assertThat(shipped(registry, "failed", "unreachable")).isZero();
			assertThat(registry.get("asynclog.shipping.spool.records").tag("appender", "unreachable").gauge().value())
				.isEqualTo(6);
			assertThat(errors(context, "unreachable")).isZero();
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((shown) -> {
				assertThat(shown.name()).isEqualTo("unreachable");
				assertThat(shown.shipping().destination()).isEqualTo("nowhere");
				assertThat(shown.shipping().spool().records()).isEqualTo(6);
				assertThat(shown.shipping().spool().oldestAge()).isPositive();
				assertThat(shown.shipping().lane().records()).isZero();
			});
		}
	}

	/**
	 * A spool at its maximum size while the broker is away: what does not fit is dropped and
	 * counted by reason, the caller never waits, and kept plus dropped is every line.
	 */
	@Test
	void aFullSpoolDropsAndCountsAndTheCallerNeverWaits() throws Exception {
		String appender = "spool-full";
		int lines = 30_000;
		String padding = "x".repeat(90);
		try (ConfigurableApplicationContext context = runShipping(appender, "full", closedPort(),
				"asynclog.appenders." + appender + ".pattern=%m", "asynclog.appenders." + appender + ".spool.max-size=1MB",
				"asynclog.appenders." + appender + ".lane.capacity=1024")) {
			Log log = LogFactory.getLog("shipping.full");
			Thread caller = new Thread(() -> {
				for (int i = 0; i < lines && !context.isClosed(); i++) {
					log.info(padding + i);
				}
			}, "full-caller");
			caller.start();
			caller.join(PATIENCE.toMillis());
			assertThat(caller.isAlive()).as("the caller never waits").isFalse();
			// The ring's thread may still be handing the last lines to the appender on a busy machine.
			Apps.awaitQueuesEmpty();
			Lane lane = RemoteShipping.lane(appender);
			await("the lane emptied into the spool").atMost(PATIENCE)
				.until(() -> lane.laneReading().records() == 0 && lane.laneReading().inFlight() == 0);
			long kept = lane.spoolReading().records();
			long spoolFull = AppenderDrops.count(appender, AppenderDrops.Reason.SPOOL_FULL);
			long laneFull = AppenderDrops.count(appender, AppenderDrops.Reason.LANE_FULL);
			assertThat(spoolFull).as("dropped at the full spool").isPositive();
			assertThat(kept + spoolFull + laneFull).as("kept %d + spool-full %d + lane-full %d", kept, spoolFull,
					laneFull).isEqualTo(lines);
			assertThat(lane.spoolReading().bytes()).isLessThanOrEqualTo(1024 * 1024);
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((shown) -> {
				assertThat(shown.name()).isEqualTo(appender);
				assertThat(shown.dropped()).containsEntry("spool-full", spoolFull);
			});
		}
	}

	private static String closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return "127.0.0.1:" + socket.getLocalPort();
		}
	}

	private static ConfigurableApplicationContext runShipping(String appender, String topic, String servers,
			String... more) {
		return RemoteShipping.runShipping(spools, appender, topic, servers, more);
	}

	private static double errors(ConfigurableApplicationContext context, String appender) {
		FunctionCounter counter = context.getBean(MeterRegistry.class)
			.find("asynclog.appender.errors")
			.tag("appender", appender)
			.functionCounter();
		return (counter != null) ? counter.count() : 0;
	}

	private static List<ConsumerRecord<byte[], byte[]>> consume(String topic, int count) {
		return RemoteShipping.consume(broker, topic, count);
	}

}
