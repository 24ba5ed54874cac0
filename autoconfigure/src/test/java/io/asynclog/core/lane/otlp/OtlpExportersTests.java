package io.asynclog.core.lane.otlp;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter;
import io.opentelemetry.exporter.otlp.logs.OtlpGrpcLogRecordExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.resources.Resource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OpenTelemetry's exporter as the otlp appender builds it: HTTP/protobuf or gRPC, with the
 * settings' endpoint, timeout, compression and headers, OpenTelemetry's own retries off (the
 * sender retries, in order), the JDK's HttpClient for HTTP when both senders are on the class
 * path (as in these tests); and the settings OpenTelemetry rejects, with its reason. The
 * exporters' descriptions show what they were built with (header values hidden).
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OtlpExportersTests {

	/** The exporter logs each failed export, which these tests cause on purpose. */
	private static final Logger OPENTELEMETRY = Logger.getLogger("io.opentelemetry");

	@BeforeAll
	static void quiet() {
		OPENTELEMETRY.setLevel(Level.OFF);
	}

	@Test
	void httpSettingsBuildTheHttpExporterWithThem() {
		LogRecordExporter exporter = OtlpExporters.of(settings("http://collector:4318/v1/logs", false, "gzip"));
		try {
			assertThat(exporter).isInstanceOf(OtlpHttpLogRecordExporter.class);
			assertThat(exporter.toString()).contains("endpoint=http://collector:4318/v1/logs,")
				.contains("timeoutNanos=3000000000,")
				.contains("compressorEncoding=gzip,")
				.contains("authorization=OBFUSCATED")
				.contains("componentLoader=io.asynclog.core.lane.otlp.OtlpExporters$PreferJdkHttpSender")
				.doesNotContain("retryPolicy=");
		}
		finally {
			exporter.shutdown();
		}
	}

	@Test
	void grpcSettingsBuildTheGrpcExporterWithThem() {
		LogRecordExporter exporter = OtlpExporters.of(settings("http://collector:4317", true, "none"));
		try {
			assertThat(exporter).isInstanceOf(OtlpGrpcLogRecordExporter.class);
			assertThat(exporter.toString()).contains("endpoint=http://collector:4317,")
				.contains("timeoutNanos=3000000000,")
				.contains("compressorEncoding=null,")
				.contains("authorization=OBFUSCATED")
				.doesNotContain("retryPolicy=");
		}
		finally {
			exporter.shutdown();
		}
	}

	/**
	 * A receiver that closes every connection unanswered, a failure OpenTelemetry's own retry
	 * policy would try again: each transport connects once, and the export fails.
	 */
	@Test
	void anExportThatFailsIsNotTriedAgainByOpenTelemetry() throws IOException {
		try (ClosingReceiver receiver = new ClosingReceiver()) {
			assertThat(exportOnce("http://127.0.0.1:" + receiver.port() + "/v1/logs", false).isSuccess()).isFalse();
			assertThat(receiver.connections.get()).as("HTTP connections").isEqualTo(1);
			assertThat(exportOnce("http://127.0.0.1:" + receiver.port(), true).isSuccess()).isFalse();
			assertThat(receiver.connections.get()).as("HTTP and gRPC connections").isEqualTo(2);
		}
	}

	/**
	 * OkHttp, the HTTP exporter's default, leaves Nagle's algorithm on: the JDK's HttpClient
	 * is taken when it is there. Its answers complete on the JDK sender's threads.
	 */
	@Test
	void httpGoesThroughTheJdksHttpClientWhenItIsThere() throws IOException {
		try (ClosingReceiver receiver = new ClosingReceiver()) {
			LogRecordExporter exporter = OtlpExporters
				.of(settings("http://127.0.0.1:" + receiver.port() + "/v1/logs", false, "none"));
			try {
				CompletableResultCode result = exporter.export(List.of(record()));
				AtomicReference<String> answeredOn = new AtomicReference<>();
				result.whenComplete(() -> answeredOn.compareAndSet(null, Thread.currentThread().getName()));
				result.join(30, TimeUnit.SECONDS);
				assertThat(answeredOn.get()).startsWith("jdkhttp-");
			}
			finally {
				exporter.shutdown();
			}
		}
	}

	@Test
	void settingsOpenTelemetryAcceptsHaveNoProblem() {
		assertThat(OtlpExporters.problem(settings("https://collector/v1/logs", false, "gzip"))).isNull();
		assertThat(OtlpExporters.problem(settings("http://collector:4317", true, "none"))).isNull();
	}

	@Test
	void settingsOpenTelemetryRejectsSayWhy() {
		assertThat(OtlpExporters.problem(settings("ftp://collector/v1/logs", false, "none")))
			.isEqualTo("Invalid endpoint, must start with http:// or https://: ftp://collector/v1/logs");
		assertThat(OtlpExporters.problem(settings("not a url", true, "none")))
			.isEqualTo("Invalid endpoint, must be a URL: not a url");
		assertThat(OtlpExporters.problem(settings("http://collector:4318/v1/logs", false, "zstd")))
			.isEqualTo("Unsupported compressionMethod. Compression method must be \"none\" or one of: [gzip]");
		assertThat(OtlpExporters.problem(new OtlpSettings("http://collector:4317", true, Map.of(), "none",
				Duration.ofSeconds(-1), Map.of())))
			.isEqualTo("timeout < 0");
	}

	private static CompletableResultCode exportOnce(String endpoint, boolean grpc) {
		LogRecordExporter exporter = OtlpExporters.of(new OtlpSettings(endpoint, grpc, Map.of(), "none",
				Duration.ofSeconds(10), Map.of()));
		try {
			return exporter.export(List.of(record())).join(30, TimeUnit.SECONDS);
		}
		finally {
			exporter.shutdown();
		}
	}

	private static OtlpSettings settings(String endpoint, boolean grpc, String compression) {
		return new OtlpSettings(endpoint, grpc, Map.of("authorization", "Bearer secret"), compression,
				Duration.ofSeconds(3), Map.of());
	}

	private static DecodedLogRecord record() {
		return DecodedLogRecord.of(new OtlpRecord(1, "INFO", "unit", "line", null, -1, null, null, null, null),
				Resource.empty(), new HashMap<>());
	}

	/** Accepts each connection and closes it at once, counting them. */
	private static final class ClosingReceiver implements AutoCloseable {

		private final ServerSocket server = new ServerSocket(0);

		final AtomicInteger connections = new AtomicInteger();

		ClosingReceiver() throws IOException {
			Thread acceptor = new Thread(() -> {
				while (!this.server.isClosed()) {
					try (Socket socket = this.server.accept()) {
						// Counted before the close the client sees: the count is right once it has its answer.
						this.connections.incrementAndGet();
					}
					catch (IOException ex) {
						// Closed.
					}
				}
			}, "closing-receiver");
			acceptor.setDaemon(true);
			acceptor.start();
		}

		int port() {
			return this.server.getLocalPort();
		}

		@Override
		public void close() throws IOException {
			this.server.close();
		}

	}

}
