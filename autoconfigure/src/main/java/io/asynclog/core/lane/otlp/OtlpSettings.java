package io.asynclog.core.lane.otlp;

import java.time.Duration;
import java.util.Map;

import io.asynclog.core.config.AsyncLogProperties;

/**
 * Where and how an otlp appender sends: the settings each backend hands to
 * {@link OtlpSender}, resolved from {@code asynclog.appenders.<name>.*} and Spring Boot's
 * {@code management.opentelemetry.*}.
 *
 * @param endpoint the OTLP endpoint: the full URL for HTTP, such as
 * {@code http://127.0.0.1:4318/v1/logs}; scheme, host and port for gRPC
 * @param grpc whether to send over gRPC instead of HTTP/protobuf
 * @param headers headers sent with every request
 * @param compression {@code gzip} or {@code none}
 * @param timeout how long one export may take
 * @param resourceAttributes the resource's attributes, {@code service.name} among them
 * @author asynclog
 */
public record OtlpSettings(String endpoint, boolean grpc, Map<String, String> headers, String compression,
		Duration timeout, Map<String, String> resourceAttributes) {

	/** The settings of an otlp appender, as bound with Spring Boot's defaults. */
	public static OtlpSettings of(AsyncLogProperties.Appender appender) {
		return new OtlpSettings(appender.getEndpoint(), appender.getTransport() == AsyncLogProperties.Transport.GRPC,
				Map.copyOf(appender.getHeaders()), appender.getCompression(), appender.getTimeout(),
				Map.copyOf(appender.getResourceAttributes()));
	}

}
