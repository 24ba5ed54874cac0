package io.asynclog.core.lane.otlp;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.ClassUtils;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogPropertiesValidator.PatternSyntax;
import io.asynclog.core.config.DestinationCheck;

/**
 * Checks an {@code otlp} appender's settings at start-up: the exporter on the class path,
 * the endpoint, the compression, the timeout and the headers, the last three with
 * OpenTelemetry's exporter builder itself. Loads without OpenTelemetry on the class path, so
 * that a missing dependency gets its own clear message.
 *
 * @author asynclog
 */
public final class OtlpSettingsCheck implements DestinationCheck {

	public static final String OTLP_EXPORTER = "io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter";

	private static final List<String> COMPRESSIONS = List.of("gzip", "none");

	@Override
	public AsyncLogProperties.AppenderType type() {
		return AsyncLogProperties.AppenderType.OTLP;
	}

	@Override
	public void check(String prefix, AsyncLogProperties.Appender appender, PatternSyntax patterns) {
		if (!ClassUtils.isPresent(OTLP_EXPORTER, OtlpSettingsCheck.class.getClassLoader())) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "type", "otlp",
					"an otlp appender sends through OpenTelemetry's exporter, which is not on the class path",
					"otlp once the dependency io.opentelemetry:opentelemetry-exporter-otlp is added"
							+ " (its version is managed by Spring Boot); or console, file, rolling-file or kafka");
		}
		rejectKafkaSettings(prefix, appender);
		String endpoint = appender.getEndpoint();
		if (endpoint == null || endpoint.isBlank()) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "endpoint", "",
					"an otlp appender needs the endpoint its records go to, and"
							+ " management.opentelemetry.logging.export.otlp.endpoint is not set either",
					"an http or https URL, such as http://127.0.0.1:4318/v1/logs (grpc: http://127.0.0.1:4317)");
		}
		if (!isHttpUrl(endpoint)) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "endpoint", endpoint,
					"it is not an http or https URL with a host",
					"an http or https URL, such as http://127.0.0.1:4318/v1/logs (grpc: http://127.0.0.1:4317)");
		}
		if (!COMPRESSIONS.contains(appender.getCompression())) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "compression", appender.getCompression(),
					"OpenTelemetry's exporter does not know it", "gzip or none");
		}
		if (appender.getTimeout().isNegative() || appender.getTimeout().isZero()) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "timeout",
					DurationStyle.SIMPLE.print(appender.getTimeout()),
					"an export needs time to be answered", "a positive duration, such as 10s");
		}
		appender.getHeaders().forEach((name, value) -> {
			if (name.isBlank() || !name.chars().allMatch(OtlpSettingsCheck::isTokenChar)) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "headers.[" + name + "]", value,
						"'" + name + "' is not an HTTP header name",
						"letters, digits and !#$%&'*+-.^_`|~, such as headers.[authorization]=Bearer ...");
			}
		});
		String problem = Exporter.problem(OtlpSettings.of(appender));
		if (problem != null) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "endpoint", endpoint,
					"OpenTelemetry's exporter rejects the settings: " + problem,
					"an http or https URL, such as http://127.0.0.1:4318/v1/logs");
		}
	}

	private static void rejectKafkaSettings(String prefix, AsyncLogProperties.Appender appender) {
		Map<String, Object> notForOtlp = new LinkedHashMap<>();
		notForOtlp.put("pattern", appender.getPattern());
		notForOtlp.put("format", appender.getFormat());
		notForOtlp.put("topic", appender.getTopic());
		notForOtlp.put("bootstrap-servers", appender.getBootstrapServers());
		notForOtlp.put("key", appender.getKey());
		notForOtlp.put("producer", appender.getProducer().isEmpty() ? null : appender.getProducer());
		notForOtlp.forEach((setting, value) -> {
			if (value != null) {
				throw AsyncLogConfigurationException.invalidValue(prefix + setting, String.valueOf(value),
						"an otlp record carries the message, level, logger, thread, exception and MDC as OTLP"
								+ " fields, and has no " + setting,
						"endpoint, transport, headers, compression, timeout, resource-attributes, lane.* and spool.*");
			}
		});
	}

	private static boolean isHttpUrl(String endpoint) {
		try {
			URI uri = new URI(endpoint);
			return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
		}
		catch (URISyntaxException ex) {
			return false;
		}
	}

	private static boolean isTokenChar(int c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
	}

	/** Checks with OpenTelemetry's builder; a class of its own, so that the check loads without it. */
	private static final class Exporter {

		static String problem(OtlpSettings settings) {
			return OtlpExporters.problem(settings);
		}

	}

}
