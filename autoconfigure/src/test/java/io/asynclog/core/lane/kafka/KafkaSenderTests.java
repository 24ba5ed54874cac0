package io.asynclog.core.lane.kafka;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.lane.Destination;
import io.asynclog.core.lane.LaneRecord;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sender's producer settings, and what it does with a real KafkaProducer whose broker
 * cannot be reached (a closed port on loopback). Records reaching a real broker, and the
 * lane in front, are tested in {@code KafkaShippingTests}.
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
			// send() never waits; a record in the buffer is retried until the producer closes.
			.containsEntry("max.block.ms", "0")
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
	 * With asynclog's defaults a record for a broker that cannot be reached never holds the
	 * lane's thread: without the topic's metadata the producer gives it back at once, not
	 * sent and not failed, so that the lane keeps it.
	 */
	@Test
	void aRecordForABrokerThatCannotBeReachedComesBackAtOnce() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		KafkaSender sender = new KafkaSender("sender-unreachable", "logs",
				KafkaSender.producerSettings("127.0.0.1:" + closedPort, Map.of()));
		List<String> outcomes = new CopyOnWriteArrayList<>();
		try {
			for (int i = 0; i < 3; i++) {
				assertThat(sender.offer(new LaneRecord(null, "line".getBytes(StandardCharsets.UTF_8), 0),
						new RecordingOutcome(outcomes)))
					.isEqualTo(Destination.Offer.NOT_NOW);
			}
			assertThat(sender.sent()).isZero();
			assertThat(sender.failed()).isZero();
			assertThat(sender.waiting()).isZero();
			assertThat(AppenderErrors.count("sender-unreachable")).isZero();
			assertThat(sender.describe()).isEqualTo("kafka (logs)");
		}
		finally {
			sender.close(Duration.ZERO);
		}
		assertThat(outcomes).as("no outcome for a record the lane keeps").isEmpty();
	}

	private record RecordingOutcome(List<String> outcomes) implements Destination.Outcome {

		@Override
		public void acknowledged() {
			this.outcomes.add("acknowledged");
		}

		@Override
		public void failed() {
			this.outcomes.add("failed");
		}

		@Override
		public void unanswered() {
			this.outcomes.add("unanswered");
		}

	}

}
