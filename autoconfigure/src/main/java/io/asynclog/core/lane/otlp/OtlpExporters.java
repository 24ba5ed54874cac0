package io.asynclog.core.lane.otlp;

import java.util.List;

import io.opentelemetry.common.ComponentLoader;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporterBuilder;
import io.opentelemetry.exporter.otlp.logs.OtlpGrpcLogRecordExporter;
import io.opentelemetry.exporter.otlp.logs.OtlpGrpcLogRecordExporterBuilder;
import io.opentelemetry.sdk.common.export.HttpSenderProvider;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;

/**
 * Builds OpenTelemetry's log record exporter for an {@link OtlpSender}, over HTTP/protobuf
 * or gRPC, and checks its settings as the builder will.
 *
 * @author asynclog
 */
final class OtlpExporters {

	private OtlpExporters() {
	}

	/**
	 * Builds the exporter, OpenTelemetry's own retries off: the sender is the one place that
	 * retries, so that order is kept. No connection is made until the first export.
	 */
	static LogRecordExporter of(OtlpSettings settings) {
		if (settings.grpc()) {
			OtlpGrpcLogRecordExporterBuilder builder = OtlpGrpcLogRecordExporter.builder()
				.setEndpoint(settings.endpoint())
				.setTimeout(settings.timeout())
				.setCompression(settings.compression())
				.setRetryPolicy(null);
			settings.headers().forEach(builder::addHeader);
			return builder.build();
		}
		OtlpHttpLogRecordExporterBuilder builder = OtlpHttpLogRecordExporter.builder()
			.setEndpoint(settings.endpoint())
			.setTimeout(settings.timeout())
			.setCompression(settings.compression())
			.setRetryPolicy(null)
			.setComponentLoader(new PreferJdkHttpSender(OtlpExporters.class.getClassLoader()));
		settings.headers().forEach(builder::addHeader);
		return builder.build();
	}

	/** What OpenTelemetry's exporter builder rejects in the settings, or {@code null}. */
	static String problem(OtlpSettings settings) {
		try {
			// Building connects nothing; the client's threads start with the first export.
			of(settings).shutdown();
			return null;
		}
		catch (RuntimeException ex) {
			return ex.getMessage();
		}
	}

	/**
	 * Finds OpenTelemetry's components as it would, but takes the JDK's HttpClient to send
	 * over HTTP when {@code opentelemetry-exporter-sender-jdk} is on the class path too: OkHttp,
	 * the exporter's default, leaves Nagle's algorithm on, so the end of each request body
	 * waits for the receiver's delayed acknowledgement (up to 40 ms on Linux), which held a
	 * loopback receiver to about 45,000 records a second.
	 */
	private static final class PreferJdkHttpSender implements ComponentLoader {

		private static final String JDK_HTTP_SENDER = "io.opentelemetry.exporter.sender.jdk.internal.JdkHttpSenderProvider";

		private final ComponentLoader loader;

		PreferJdkHttpSender(ClassLoader classLoader) {
			this.loader = ComponentLoader.forClassLoader(classLoader);
		}

		@Override
		public <T> Iterable<T> load(Class<T> type) {
			Iterable<T> found = this.loader.load(type);
			if (type != HttpSenderProvider.class) {
				return found;
			}
			for (T provider : found) {
				if (provider.getClass().getName().equals(JDK_HTTP_SENDER)) {
					return List.of(provider);
				}
			}
			return found;
		}

	}

}
