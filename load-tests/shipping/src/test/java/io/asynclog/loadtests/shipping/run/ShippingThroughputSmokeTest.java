package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.fixtures.LoopbackKafka;
import io.asynclog.fixtures.LoopbackOtlp;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One tiny real run of each kind, as the script makes them: the application in a JVM of its own
 * (this test's class path), against a real broker and the loopback OTLP receiver on localhost
 * (the broker in a JVM of its own, the receiver in this JVM here, in one of its own by the script).
 * 10,000 lines after 1,000 of warm-up; the row must say they were delivered and checked, with the counts of the topic, of the
 * receiver and of the file. A run whose topic already holds records must fail.
 */
class ShippingThroughputSmokeTest {

	private static final int LINES = 10_000;

	private static final int WARMUP = 1_000;

	private static LoopbackKafka broker;

	private static LoopbackOtlp receiver;

	@TempDir
	Path dir;

	@BeforeAll
	static void startBroker() throws IOException {
		broker = LoopbackKafka.start(Files.createTempDirectory("smoke-broker"), "smoke-kafka", "smoke-ecs",
				"smoke-reused");
	}

	@BeforeAll
	static void startReceiver() throws IOException {
		receiver = LoopbackOtlp.http();
	}

	@AfterAll
	static void stopBroker() {
		if (broker != null) {
			broker.close();
		}
		if (receiver != null) {
			receiver.close();
		}
	}

	@Test
	void kafkaRunIsDeliveredAndChecked() throws Exception {
		Map<String, String> row = runOk("kafka", "--bootstrap", broker.bootstrapServers(), "--topic", "smoke-kafka");
		assertThat(row.get("check")).startsWith("end offset 11000 of 11000; 1 partition(s); last record is line 1000010999");
		assertThat(row.get("check")).contains("acknowledged 11000; failed 0");
		// the pattern line: 23 + 1 + 5 + 1 + 12 + 1 + 10 + 3 + 100 + 1 bytes
		assertThat(row.get("record_bytes")).isEqualTo("157");
		assertThat(Double.parseDouble(row.get("cpu_producer_s")) + Double.parseDouble(row.get("cpu_broker_s")))
			.isPositive();
	}

	@Test
	void ecsRunShipsJson() throws Exception {
		Map<String, String> row = runOk("kafka-ecs", "--bootstrap", broker.bootstrapServers(), "--topic", "smoke-ecs");
		assertThat(row.get("check")).startsWith("end offset 11000 of 11000");
		assertThat(Integer.parseInt(row.get("record_bytes"))).isGreaterThan(157);
	}

	/**
	 * The broker away (a loopback port nobody listens on): every line goes through the lane
	 * into the spool, which the run checks, and the lane's thread did the work.
	 */
	@Test
	void brokerAwayRunFillsTheSpool() throws Exception {
		String closedPort;
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
			closedPort = "127.0.0.1:" + socket.getLocalPort();
		}
		Map<String, String> row = runOk("kafka-away", "--bootstrap", closedPort, "--topic", "smoke-away");
		// The CSV keeps a cell free of commas: they read as semicolons.
		assertThat(row.get("check")).startsWith("spool 11000 records; ").contains("lane 0 records");
		assertThat(Double.parseDouble(row.get("cpu_lane_s"))).isPositive();
	}

	/** OTLP/HTTP to the loopback receiver: its count and last record are checked, with the sender's. */
	@Test
	void otlpRunIsDeliveredAndChecked() throws Exception {
		long before = receiver.count();
		Map<String, String> row = runOk("otlp", "--endpoint", receiver.endpoint());
		assertThat(row.get("check")).startsWith("receiver count 11000 of 11000; last record is line 1000010999")
			.contains("sent 11000; acknowledged 11000; failed 0");
		assertThat(receiver.count() - before).isEqualTo(11_000);
		assertThat(Integer.parseInt(row.get("record_bytes"))).isPositive();
		assertThat(Double.parseDouble(row.get("cpu_producer_s")) + Double.parseDouble(row.get("cpu_lane_s")))
			.isPositive();
	}

	/** The receiver away: the lines are in the spool, or in the request the exporter keeps trying. */
	@Test
	void receiverAwayRunFillsTheSpool() throws Exception {
		String closedPort;
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
			closedPort = "http://127.0.0.1:" + socket.getLocalPort() + "/v1/logs";
		}
		Map<String, String> row = runOk("otlp-away", "--endpoint", closedPort);
		assertThat(row.get("check")).startsWith("spool ").contains("lane 0 records").contains("acknowledged 0; failed 0");
	}

	@Test
	void fileRunIsOnDiskAndChecked() throws Exception {
		Path file = this.dir.resolve("lines.log");
		Map<String, String> row = runOk("file", "--file", file.toString());
		assertThat(row.get("check")).isEqualTo("11000 lines of 11000; 1727000 bytes; last line is line 1000010999");
		assertThat(Files.size(file)).isEqualTo(11_000L * 157);
	}

	@Test
	void aTopicThatAlreadyHoldsRecordsFailsTheRun() throws Exception {
		runOk("kafka", "--bootstrap", broker.bootstrapServers(), "--topic", "smoke-reused");
		Result second = run("kafka", "--bootstrap", broker.bootstrapServers(), "--topic", "smoke-reused");
		assertThat(second.exitCode()).isNotZero();
		assertThat(second.output()).contains("topic smoke-reused already holds 11000 records");
	}

	private Map<String, String> runOk(String config, String... more) throws Exception {
		Result result = run(config, more);
		assertThat(result.exitCode()).as(result.output()).isZero();
		List<String> csv = Files.readAllLines(this.dir.resolve(config + ".csv"), StandardCharsets.UTF_8);
		assertThat(csv).hasSize(2);
		String[] header = csv.get(0).split(",", -1);
		String[] cells = csv.get(1).split(",", -1);
		assertThat(cells).hasSameSizeAs(header);
		Map<String, String> row = new HashMap<>();
		for (int i = 0; i < header.length; i++) {
			row.put(header[i], cells[i]);
		}
		assertThat(row).containsEntry("config", config)
			.containsEntry("lines", String.valueOf(LINES))
			.containsEntry("delivered", "true")
			.containsEntry("checked", "true");
		assertThat(Double.parseDouble(row.get("lines_per_s"))).isPositive();
		assertThat(Double.parseDouble(row.get("seconds")))
			.isGreaterThanOrEqualTo(Double.parseDouble(row.get("caller_seconds")));
		// the lines went through asynclog's ring: its thread did the formatting
		assertThat(Double.parseDouble(row.get("cpu_background_s"))).isPositive();
		assertThat(row.get("ring_capacity")).isEqualTo("16384");
		assertThat(Double.parseDouble(row.get("wait_background_s"))).isNotNegative();
		assertThat(Double.parseDouble(row.get("machine_busy_s")))
			.isGreaterThanOrEqualTo(Double.parseDouble(row.get("cpu_background_s")));
		assertThat(Files.readString(this.dir.resolve(config + "-threads.csv"))).contains(",log-caller,caller,")
			.contains(",Log4j2-TF-");
		return row;
	}

	private Result run(String config, String... more) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx256m", "-cp", System.getProperty("java.class.path"), ThroughputApp.class.getName(), "--config", config,
				"--lines", String.valueOf(LINES), "--warmup", String.valueOf(WARMUP), "--csv",
				this.dir.resolve(config + ".csv").toString(), "--threads", this.dir.resolve(config + "-threads.csv").toString(),
				"--broker-pid", String.valueOf(ProcessHandle.current().pid())));
		command.addAll(List.of(more));
		Path output = this.dir.resolve(config + "-" + System.nanoTime() + ".log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
		if (!process.waitFor(90, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("the run did not end within 90 s: " + Files.readString(output));
		}
		return new Result(process.exitValue(), Files.readString(output));
	}

	private record Result(int exitCode, String output) {
	}

}
