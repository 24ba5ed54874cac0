package io.asynclog.appender.kafka;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import io.asynclog.appender.AppenderErrors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sender's producer settings, and its counts with a real KafkaProducer whose broker
 * cannot be reached (a closed port on loopback): each record fails within max.block.ms,
 * is counted once in {@link AppenderErrors}, and close reports it as never acknowledged.
 * Records reaching a real broker are tested in {@code KafkaShippingTests}.
 */
class KafkaSenderTests {

	@Test
	void defaultsForLogsAndOverridesThatWin() {
		Map<String, Object> settings = KafkaSender.producerSettings("127.0.0.1:9092",
				Map.of("linger.ms", "20", "client.id", "app"));
		assertThat(settings).containsEntry("linger.ms", "20")
			.containsEntry("client.id", "app")
			.containsEntry("batch.size", "65536")
			// lz4-java comes with kafka-clients as a runtime dependency.
			.containsEntry("compression.type", "lz4")
			.containsEntry("enable.idempotence", "true")
			.containsEntry("acks", "all")
			// A broker outage is a slow sink: records wait, until the producer closes.
			.containsEntry("max.block.ms", "2147483647")
			.containsEntry("delivery.timeout.ms", "2147483647")
			.containsEntry("bootstrap.servers", "127.0.0.1:9092");
		assertThat(KafkaSender.problem(settings)).isNull();
	}

	@Test
	void problemNamesTheSettingKafkaRejects() {
		assertThat(KafkaSender.problem(KafkaSender.producerSettings("127.0.0.1:9092", Map.of("linger.ms", "soon"))))
			.contains("linger.ms")
			.contains("soon");
		assertThat(KafkaSender.problem(KafkaSender.producerSettings("127.0.0.1:9092", Map.of("linger-ms", "5"))))
			.contains("no setting 'linger-ms'");
	}

	/**
	 * With asynclog's defaults a record for a broker that cannot be reached waits in send
	 * (for the topic's metadata) instead of failing: the delivering thread is held, the
	 * record counts as waiting, and the time without an answer grows. Closing the producer
	 * releases the thread, and the record counts as failed and never acknowledged.
	 */
	@Test
	void withTheDefaultsARecordWaitsForTheBrokerUntilClose() throws Exception {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		KafkaSender sender = new KafkaSender("sender-waiting", "logs",
				KafkaSender.producerSettings("127.0.0.1:" + closedPort, Map.of()));
		Thread delivering = new Thread(() -> sender.send(null, "line".getBytes(StandardCharsets.UTF_8)),
				"delivering");
		delivering.start();
		Awaitility.await("time without an answer").atMost(Duration.ofSeconds(10))
			.until(() -> sender.waitingWithoutAnswer().compareTo(Duration.ofMillis(500)) > 0);
		assertThat(delivering.isAlive()).as("the delivering thread waits for the broker").isTrue();
		assertThat(sender.reading()).satisfies((reading) -> {
			assertThat(reading.sent()).isEqualTo(1);
			assertThat(reading.waiting()).isEqualTo(1);
			assertThat(reading.failed()).isZero();
			assertThat(reading.destination()).isEqualTo("logs");
		});
		assertThat(sender.close(Duration.ofMillis(200))).as("never acknowledged").isEqualTo(1);
		delivering.join(10_000);
		assertThat(delivering.isAlive()).as("released by the close").isFalse();
		assertThat(sender.failed()).isEqualTo(1);
		assertThat(sender.waiting()).isZero();
		assertThat(sender.waitingWithoutAnswer()).isZero();
	}

	@Test
	void recordsToAnUnreachableBrokerFailAreCountedAndReportedAtClose() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		KafkaSender sender = new KafkaSender("sender-unreachable", "logs",
				KafkaSender.producerSettings("127.0.0.1:" + closedPort, Map.of("max.block.ms", "100")));
		byte[] value = "line".getBytes(StandardCharsets.UTF_8);
		for (int i = 0; i < 3; i++) {
			sender.send(null, value);
		}
		assertThat(sender.sent()).isEqualTo(3);
		assertThat(sender.flush(Duration.ofSeconds(5))).isZero();
		assertThat(sender.failed()).isEqualTo(3);
		assertThat(sender.acknowledged()).isZero();
		assertThat(AppenderErrors.count("sender-unreachable")).isEqualTo(3);
		assertThat(sender.lastFailure()).isNotNull();
		assertThat(sender.close(Duration.ofSeconds(1))).isEqualTo(3);
		// A record after close fails at once and is counted too.
		sender.send(null, value);
		assertThat(sender.failed()).isEqualTo(4);
	}

}
