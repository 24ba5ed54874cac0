package io.asynclog.bothbackends;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.regex.Pattern;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.SeparateJvm;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.fixtures.LoopbackKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the shipping tests share: an application that ships its 'shipping' loggers to kafka,
 * the appender's meters, a consumer that reads a topic back, and the check of a SIGTERM
 * while the destination is away.
 */
final class RemoteShipping {

	/**
	 * A bound for liveness, not a speed goal: on 2 shared cores under a full build, 20,000 lines
	 * through a stopped broker's spool once took over 30 s to reach the file beside it.
	 */
	static final Duration PATIENCE = Duration.ofSeconds(60);

	/** The stop's report of records kept in the spool, the number its first group. */
	private static final Pattern KEPT = Pattern.compile("asynclog: appender 'ship' kept (\\d+) records in ");

	private RemoteShipping() {
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

	/**
	 * Sends SIGTERM to a burst that logged {@code lines} lines to the appender 'ship' while
	 * its destination is away: the shutdown ends within the shutdown timeout and a second,
	 * keeps every record in the spool and says so, and reports none lost.
	 */
	static void assertSigtermKeepsEveryRecord(SeparateJvm app, int lines, Duration shutdownTimeout)
			throws InterruptedException {
		assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(lines);
		long start = System.nanoTime();
		app.sigterm();
		assertThat(app.awaitExit(Duration.ofMinutes(1))).as("exit status after SIGTERM")
			.isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		assertThat(took).as("SIGTERM to exit").isLessThanOrEqualTo(shutdownTimeout.plusSeconds(1));
		assertThat(app.reportedCount(KEPT)).as("kept for the next start").isEqualTo(lines);
		assertThat(app.stderr()).as("standard error").noneMatch((line) -> line.contains(" lost "));
	}

	/**
	 * Logs numbered lines {@code from} to {@code to} on a thread of its own while the destination
	 * is away: the caller is never held.
	 */
	static void assertCallerNeverHeld(ConfigurableApplicationContext context, IntConsumer logLine, int from, int to)
			throws InterruptedException {
		Thread caller = new Thread(() -> {
			for (int i = from; i < to && !context.isClosed(); i++) {
				logLine.accept(i);
			}
		}, "restart-caller");
		caller.start();
		caller.join(PATIENCE.toMillis());
		assertThat(caller.isAlive()).as("the caller is never held while the destination is away").isFalse();
	}

	/**
	 * Returns a remote appender of the running configuration, its lane and sender, as the
	 * Spring side finds it: through the backend.
	 */
	static RemoteLane remoteLane(String appender) {
		for (RemoteLane running : LoggingBackends.running(RemoteShipping.class.getClassLoader()).remoteLanes()) {
			if (running.appender().equals(appender)) {
				return running;
			}
		}
		throw new AssertionError("no remote appender '" + appender + "' runs");
	}

	/**
	 * Returns the lane of a remote appender of the running configuration.
	 */
	static Lane lane(String appender) {
		return remoteLane(appender).lane();
	}

	/**
	 * While the destination is away: what it cannot take is in the spool, and the health says
	 * records wait for it ({@code destination} as the reason names it, such as
	 * {@code kafka (logs)}).
	 */
	static void assertRecordsWaitInTheSpool(ConfigurableApplicationContext context, String appender,
			String destination) {
		AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
		await("the lines the destination cannot take in the spool").atMost(PATIENCE)
			.until(() -> lane(appender).spoolReading().records() > 0);
		await("the health saying records wait").atMost(PATIENCE)
			.until(() -> !health.health(true).getStatus().equals(Status.UP));
		assertThat(health.health(true).getDetails().get("reasons")).asString()
			.contains("appender '" + appender + "' has ")
			.contains("records waiting for " + destination);
	}

	/**
	 * Once the destination is back: every record acknowledged, the spool empty, the health UP
	 * again, none failed and none dropped.
	 */
	static void assertEveryRecordAcknowledged(ConfigurableApplicationContext context, String appender, int total) {
		MeterRegistry registry = context.getBean(MeterRegistry.class);
		AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
		await("every line acknowledged").atMost(PATIENCE.multipliedBy(2))
			.untilAsserted(() -> assertThat(shipped(registry, "acknowledged", appender))
				.as("acknowledged; %s", remoteLane(appender).reading())
				.isEqualTo(total));
		await("the spool empty").atMost(PATIENCE).until(() -> lane(appender).spoolReading().records() == 0);
		await("the health UP again").atMost(PATIENCE)
			.until(() -> health.health(true).getStatus().equals(Status.UP));
		assertThat(shipped(registry, "failed", appender)).isZero();
		assertThat(AppenderDrops.byReason(appender)).allSatisfy((reason, count) -> assertThat(count).isZero());
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
