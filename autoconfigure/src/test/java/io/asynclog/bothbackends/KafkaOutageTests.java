package io.asynclog.bothbackends;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.SeparateJvm;
import io.asynclog.fixtures.LoopbackKafka;

import static io.asynclog.bothbackends.RemoteShipping.PATIENCE;
import static io.asynclog.bothbackends.RemoteShipping.assertCallerNeverHeld;
import static io.asynclog.bothbackends.RemoteShipping.assertEveryRecordAcknowledged;
import static io.asynclog.bothbackends.RemoteShipping.assertRecordsWaitInTheSpool;
import static io.asynclog.bothbackends.RemoteShipping.assertSigtermKeepsEveryRecord;
import static io.asynclog.bothbackends.RemoteShipping.consume;
import static io.asynclog.bothbackends.RemoteShipping.shipped;
import static io.asynclog.bothbackends.RemoteShipping.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The kafka appender through a broker outage, on both backends, each test with a one-node
 * KRaft broker of its own on loopback that it stops and starts again: the callers are never
 * held, what the broker cannot take waits in the spool, through a SIGTERM or a
 * {@code kill -9} too, and is sent once, in order, when the broker is back.
 */
class KafkaOutageTests {

	/**
	 * The broker stopped while the application logs, and started again. The caller is never
	 * held: what the broker cannot take goes to the spool while a file appender on the same
	 * loggers writes every line. Once the broker is back the topic holds every line once, in
	 * order, and nothing was dropped.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void brokerStoppedAndStartedAgain(String mode, @TempDir Path dir) throws Exception {
		String topic = "restart-" + mode;
		String appender = "restart-" + mode;
		String prefix = "asynclog.appenders." + appender + ".";
		Path file = dir.resolve("app.log");
		int before = 1_000;
		int total = 21_000;
		try (LoopbackKafka restartable = LoopbackKafka.start(dir.resolve("kafka"));
				ConfigurableApplicationContext context = RemoteShipping.runShipping(dir.resolve("spools"), appender, topic, restartable.bootstrapServers(),
						"asynclog.mode=" + mode, "asynclog.ring-buffer-size=1024", prefix + "pattern=%m",
						prefix + "lane.capacity=1024", "asynclog.appenders.file.type=file",
						"asynclog.appenders.file.file-name=" + file, "asynclog.appenders.file.pattern=%m%n",
						"asynclog.loggers.shipping.appenders=" + appender + ",file",
						"asynclog.health.shipping-stall=1s")) {
			Log log = LogFactory.getLog("shipping.restart");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			for (int i = 0; i < before; i++) {
				log.info("line " + i);
			}
			await("the first lines acknowledged").atMost(PATIENCE)
				.until(() -> shipped(registry, "acknowledged", appender) == before);
			restartable.stop();
			assertCallerNeverHeld(context, (i) -> log.info("line " + i), before, total);
			await("every line in the file").atMost(PATIENCE)
				.until(() -> Files.exists(file) && Files.readAllLines(file).size() == total);
			assertRecordsWaitInTheSpool(context, appender, "kafka (" + topic + ")");
			restartable.startAgain();
			assertEveryRecordAcknowledged(context, appender, total);
			List<String> lines = consume(restartable, topic, total).stream().map(RemoteShipping::value).toList();
			assertThat(lines).as("records on the topic").hasSize(total).doesNotHaveDuplicates();
			assertThat(lines).as("in the order logged").isSortedAccordingTo(
					Comparator.comparingInt((String line) -> Integer.parseInt(line.substring(5))));
		}
	}

	/**
	 * SIGTERM while the broker is away and 50,000 records wait: the shutdown ends within
	 * {@code asynclog.shutdown-timeout} and a second, keeps every record in the spool and
	 * says so; the next start, with the broker back, sends them all, in order.
	 */
	@Test
	void sigtermWhileTheBrokerIsAwayKeepsEveryRecordForTheNextStart(@TempDir Path dir) throws Exception {
		int lines = 50_000;
		Duration timeout = Duration.ofSeconds(2);
		Path spool = dir.resolve("spool");
		try (LoopbackKafka kafka = LoopbackKafka.start(dir.resolve("kafka"))) {
			kafka.stop();
			try (SeparateJvm app = burstToKafka(dir.resolve("first"), kafka, "kept", lines, spool,
					timeout.toSeconds() + "s")) {
				assertSigtermKeepsEveryRecord(app, lines, timeout);
			}
			kafka.startAgain();
			assertNextStartSendsTheSpool(dir.resolve("second"), kafka, "kept", spool, lines);
		}
	}

	/**
	 * {@code kill -9} during an outage, once the lines are in the spool: the next start,
	 * with the broker back, sends every one, in order.
	 */
	@Test
	void killedDuringAnOutageTheNextStartSendsTheSpool(@TempDir Path dir) throws Exception {
		int lines = 20_000;
		Path spool = dir.resolve("spool");
		try (LoopbackKafka kafka = LoopbackKafka.start(dir.resolve("kafka"))) {
			kafka.stop();
			try (SeparateJvm app = burstToKafka(dir.resolve("first"), kafka, "killed", lines, spool, "10s")) {
				assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(lines);
				// The lane spills to the spool once the broker has not answered for a second.
				await("every line in the spool").atMost(PATIENCE)
					.until(() -> spooledBytes(spool) >= (long) lines * ("line 0".length() + 20));
				app.close();
				assertThat(app.awaitExit(Duration.ofSeconds(30))).as("exit status after kill -9").isEqualTo(137);
			}
			kafka.startAgain();
			assertNextStartSendsTheSpool(dir.resolve("second"), kafka, "killed", spool, lines);
		}
	}

	private static void assertNextStartSendsTheSpool(Path dir, LoopbackKafka kafka, String topic, Path spool,
			int lines) throws Exception {
		try (SeparateJvm next = burstToKafka(dir, kafka, topic, 0, spool, "10s")) {
			assertThat(next.awaitReady(Duration.ofMinutes(2))).isZero();
			List<ConsumerRecord<byte[], byte[]>> records = consume(kafka, topic, lines);
			assertThat(records).hasSize(lines);
			for (int i = 0; i < lines; i++) {
				if (!value(records.get(i)).equals("line " + i)) {
					throw new AssertionError("record " + i + " is '" + value(records.get(i)) + "'");
				}
			}
			next.sigterm();
			assertThat(next.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			assertThat(next.stderr()).as("standard error of the next start").noneMatch((line) -> line.contains("asynclog:"));
		}
	}

	private static long spooledBytes(Path spool) throws IOException {
		if (!Files.isDirectory(spool)) {
			return 0;
		}
		try (var files = Files.list(spool)) {
			return files.filter((file) -> file.toString().endsWith(".seg")).mapToLong((file) -> file.toFile().length()).sum();
		}
	}

	/**
	 * Starts a JVM that logs {@code lines} numbered lines to one kafka appender, 'ship', with
	 * its spool in a given directory, and waits for SIGTERM.
	 */
	private static SeparateJvm burstToKafka(Path dir, LoopbackKafka kafka, String topic, int lines, Path spool,
			String shutdownTimeout) throws IOException {
		Files.createDirectories(dir);
		return SeparateJvm.start(DrainApp.class.getName(), dir, "burst", "lines=" + lines,
				"asynclog.shutdown-timeout=" + shutdownTimeout, "asynclog.appenders.ship.type=kafka",
				"asynclog.appenders.ship.topic=" + topic,
				"asynclog.appenders.ship.bootstrap-servers=" + kafka.bootstrapServers(),
				"asynclog.appenders.ship.pattern=%m", "asynclog.appenders.ship.spool.directory=" + spool,
				"asynclog.appenders.ship.lane.capacity=65536", "asynclog.loggers.test.appenders=ship",
				"asynclog.loggers.test.additivity=false", "logging.level.root=warn", "logging.level.test=info",
				"logging.level.org.apache.kafka=error");
	}

}
