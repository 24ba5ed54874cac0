package io.asynclog.bothbackends;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.SeparateJvm;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.fixtures.LoopbackOtlp;

import static io.asynclog.bothbackends.RemoteShipping.PATIENCE;
import static io.asynclog.bothbackends.RemoteShipping.assertCallerNeverHeld;
import static io.asynclog.bothbackends.RemoteShipping.assertEveryRecordAcknowledged;
import static io.asynclog.bothbackends.RemoteShipping.assertRecordsWaitInTheSpool;
import static io.asynclog.bothbackends.RemoteShipping.assertSigtermKeepsEveryRecord;
import static io.asynclog.bothbackends.RemoteShipping.shipped;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The otlp appender on both backends, against a real OTLP receiver on loopback
 * ({@link LoopbackOtlp}): every record arrives once, in order, with its trace id, resource
 * and attributes, over HTTP and gRPC; a receiver stopped and started again loses nothing;
 * a SIGTERM while it is away keeps every record for the next start.
 */
class OtlpShippingTests {

	private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String SPAN_ID = "00f067aa0ba902b7";

	/**
	 * Records over HTTP (settings under asynclog.appenders) and gRPC (the endpoint and the
	 * transport from Spring Boot's management.opentelemetry.logging.export.otlp.*): each once,
	 * in order, with the severity, the logger as scope, the thread, the exception, the MDC,
	 * the trace and span ids Micrometer Tracing puts in the MDC, and the application's name
	 * as service.name.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "http", "grpc" })
	void everyRecordOnceInOrderWithItsTraceResourceAndAttributes(String transport, @TempDir Path dir)
			throws Exception {
		String appender = "otlp-" + transport;
		String prefix = "asynclog.appenders." + appender + ".";
		int lines = 3_000;
		try (LoopbackOtlp receiver = transport.equals("grpc") ? LoopbackOtlp.grpc() : LoopbackOtlp.http()) {
			List<String> settings = new ArrayList<>(List.of("spring.application.name=orders",
					prefix + "resource-attributes.[deployment.environment.name]=test"));
			if (transport.equals("grpc")) {
				settings.add("management.opentelemetry.logging.export.otlp.endpoint=" + receiver.endpoint());
				settings.add("management.opentelemetry.logging.export.otlp.transport=grpc");
				settings.add("management.opentelemetry.logging.export.otlp.compression=gzip");
			}
			else {
				settings.add(prefix + "endpoint=" + receiver.endpoint());
				settings.add(prefix + "headers.[x-tenant]=blue");
			}
			try (ConfigurableApplicationContext context = runOtlp(dir, appender, settings.toArray(String[]::new))) {
				Logger log = LoggerFactory.getLogger("shipping.orders");
				MDC.put("traceId", TRACE_ID);
				MDC.put("spanId", SPAN_ID);
				MDC.put("order.id", "o-17");
				try {
					for (int i = 0; i < lines - 1; i++) {
						log.info("line {}", i);
					}
					log.error("line " + (lines - 1), new IllegalStateException("out of stock"));
				}
				finally {
					MDC.clear();
				}
				log.warn("outside any trace");
				await("every record received").atMost(PATIENCE).until(() -> receiver.count() >= lines + 1);
				List<LoopbackOtlp.Received> received = receiver.records();
				assertThat(received).hasSize(lines + 1);
				for (int i = 0; i < lines; i++) {
					assertThat(received.get(i).body()).isEqualTo("line " + i);
				}
				LoopbackOtlp.Received first = received.get(0);
				assertThat(first.scope()).isEqualTo("shipping.orders");
				assertThat(first.record().getSeverityNumberValue()).isEqualTo(9);
				assertThat(first.record().getSeverityText()).isEqualTo("INFO");
				assertThat(HexFormat.of().formatHex(first.record().getTraceId().toByteArray())).isEqualTo(TRACE_ID);
				assertThat(HexFormat.of().formatHex(first.record().getSpanId().toByteArray())).isEqualTo(SPAN_ID);
				assertThat(first.attribute("order.id")).isEqualTo("o-17");
				assertThat(first.attribute("traceId")).as("the trace id is the record's, not an attribute").isNull();
				assertThat(first.attribute("thread.name")).isEqualTo(Thread.currentThread().getName());
				assertThat(first.record().getTimeUnixNano()).isPositive();
				assertThat(first.resourceAttribute("service.name")).isEqualTo("orders");
				assertThat(first.resourceAttribute("deployment.environment.name")).isEqualTo("test");
				assertThat(first.resourceAttribute("telemetry.sdk.language")).isEqualTo("java");
				LoopbackOtlp.Received failure = received.get(lines - 1);
				assertThat(failure.record().getSeverityNumberValue()).isEqualTo(17);
				assertThat(failure.attribute("exception.type")).isEqualTo(IllegalStateException.class.getName());
				assertThat(failure.attribute("exception.message")).isEqualTo("out of stock");
				assertThat(failure.attribute("exception.stacktrace")).contains("out of stock")
					.contains(OtlpShippingTests.class.getName());
				LoopbackOtlp.Received outside = received.get(lines);
				assertThat(outside.record().getTraceId().isEmpty()).as("no trace outside a trace").isTrue();
				assertThat(outside.record().getSeverityNumberValue()).isEqualTo(13);
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				await("every record acknowledged").atMost(PATIENCE)
					.until(() -> shipped(registry, "acknowledged", appender) == lines + 1);
				assertThat(shipped(registry, "failed", appender)).isZero();
				assertThat(AppenderDrops.byReason(appender)).allSatisfy((reason, count) -> assertThat(count).isZero());
			}
		}
	}

	/**
	 * The receiver stopped while the application logs, and started again on the same port:
	 * the caller is never held, what it cannot take waits in the spool, the health says so,
	 * and once it is back every line arrives once, in order, with nothing dropped or failed.
	 */
	@Test
	void receiverStoppedAndStartedAgainLosesNothing(@TempDir Path dir) throws Exception {
		String appender = "otlp-restart";
		int before = 1_000;
		int total = 21_000;
		try (LoopbackOtlp receiver = LoopbackOtlp.http();
				ConfigurableApplicationContext context = runOtlp(dir, appender,
						"asynclog.appenders." + appender + ".endpoint=" + receiver.endpoint(),
						"asynclog.appenders." + appender + ".lane.capacity=1024", "asynclog.health.shipping-stall=1s")) {
			Logger log = LoggerFactory.getLogger("shipping.restart");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			for (int i = 0; i < before; i++) {
				log.info("line " + i);
			}
			await("the first lines acknowledged").atMost(PATIENCE)
				.until(() -> shipped(registry, "acknowledged", appender) == before);
			receiver.stop();
			assertCallerNeverHeld(context, (i) -> log.info("line " + i), before, total);
			assertRecordsWaitInTheSpool(context, appender, "otlp (" + receiver.endpoint() + ")");
			receiver.startAgain();
			assertEveryRecordAcknowledged(context, appender, total);
			List<String> lines = receiver.records().stream().map(LoopbackOtlp.Received::body).toList();
			assertThat(lines).as("records received").hasSize(total).doesNotHaveDuplicates();
			for (int i = 0; i < total; i++) {
				assertThat(lines.get(i)).isEqualTo("line " + i);
			}
		}
	}

	/**
	 * SIGTERM while the receiver is away and records wait, some of them already handed to
	 * the exporter: the shutdown ends within {@code asynclog.shutdown-timeout} and a second,
	 * keeps every record in the spool and says so; the next start, with the receiver back,
	 * sends them all, in order.
	 */
	@Test
	void sigtermWhileTheReceiverIsAwayKeepsEveryRecordForTheNextStart(@TempDir Path dir) throws Exception {
		int lines = 30_000;
		Duration timeout = Duration.ofSeconds(2);
		Path spool = dir.resolve("spool");
		try (LoopbackOtlp receiver = LoopbackOtlp.http()) {
			receiver.stop();
			try (SeparateJvm app = burstToOtlp(dir.resolve("first"), receiver, lines, spool, timeout.toSeconds() + "s")) {
				assertSigtermKeepsEveryRecord(app, lines, timeout);
			}
			receiver.startAgain();
			try (SeparateJvm next = burstToOtlp(dir.resolve("second"), receiver, 0, spool, "10s")) {
				assertThat(next.awaitReady(Duration.ofMinutes(2))).isZero();
				await("every kept line received").atMost(PATIENCE).until(() -> receiver.count() >= lines);
				List<String> received = receiver.records().stream().map(LoopbackOtlp.Received::body).toList();
				assertThat(received).hasSize(lines);
				for (int i = 0; i < lines; i++) {
					if (!received.get(i).equals("line " + i)) {
						throw new AssertionError("record " + i + " is '" + received.get(i) + "'");
					}
				}
				next.sigterm();
				assertThat(next.awaitExit(Duration.ofMinutes(1))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			}
		}
	}

	/**
	 * Runs an application whose 'shipping' loggers write to one otlp appender, its spool in
	 * {@code <dir>/spool}.
	 */
	private static ConfigurableApplicationContext runOtlp(Path dir, String appender, String... more) {
		String prefix = "asynclog.appenders." + appender + ".";
		List<String> properties = new ArrayList<>(List.of(prefix + "type=otlp",
				prefix + "spool.directory=" + dir.resolve("spool"), "asynclog.loggers.shipping.appenders=" + appender,
				"asynclog.loggers.shipping.additivity=false", "asynclog.shutdown-timeout=5s",
				"logging.level.shipping=info"));
		properties.addAll(List.of(more));
		return Apps.run(properties.toArray(String[]::new));
	}

	/**
	 * Starts a JVM that logs {@code lines} numbered lines to one otlp appender, 'ship', with
	 * its spool in a given directory, and waits for SIGTERM.
	 */
	private static SeparateJvm burstToOtlp(Path dir, LoopbackOtlp receiver, int lines, Path spool,
			String shutdownTimeout) throws IOException {
		Files.createDirectories(dir);
		return SeparateJvm.start(DrainApp.class.getName(), dir, "burst", "lines=" + lines,
				"asynclog.shutdown-timeout=" + shutdownTimeout, "asynclog.appenders.ship.type=otlp",
				"asynclog.appenders.ship.endpoint=" + receiver.endpoint(),
				"asynclog.appenders.ship.spool.directory=" + spool, "asynclog.appenders.ship.lane.capacity=65536",
				"asynclog.loggers.test.appenders=ship", "asynclog.loggers.test.additivity=false",
				"logging.level.root=warn", "logging.level.test=info");
	}

}
