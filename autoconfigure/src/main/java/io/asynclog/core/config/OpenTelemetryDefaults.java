package io.asynclog.core.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Spring Boot's own OpenTelemetry settings, as the defaults of an otlp appender: an
 * application that already exports traces or metrics to a collector names it once. Read
 * from {@code management.opentelemetry.logging.export.otlp.*} (Spring Boot 4), then the older
 * {@code management.otlp.logging.*}; the resource from
 * {@code management.opentelemetry.resource-attributes} and {@code spring.application.name},
 * as Spring Boot builds the resource of its own exporters.
 *
 * @author asynclog
 */
final class OpenTelemetryDefaults {

	private static final String[] OTLP_PREFIXES = { "management.opentelemetry.logging.export.otlp.",
			"management.otlp.logging." };

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final Binder binder;

	OpenTelemetryDefaults(Environment environment) {
		this.binder = Binder.get(environment);
	}

	void applyTo(AsyncLogProperties.Appender appender) {
		if (appender.getEndpoint() == null) {
			appender.setEndpoint(first("endpoint", String.class));
		}
		if (appender.getTransport() == null) {
			AsyncLogProperties.Transport transport = first("transport", AsyncLogProperties.Transport.class);
			appender.setTransport((transport != null) ? transport : AsyncLogProperties.Transport.HTTP);
		}
		if (appender.getCompression() == null) {
			String compression = first("compression", String.class);
			appender.setCompression((compression != null) ? compression.toLowerCase(java.util.Locale.ROOT) : "none");
		}
		if (appender.getTimeout() == null) {
			Duration timeout = first("timeout", Duration.class);
			appender.setTimeout((timeout != null) ? timeout : TIMEOUT);
		}
		if (appender.getHeaders().isEmpty()) {
			for (String prefix : OTLP_PREFIXES) {
				Map<String, String> headers = this.binder.bind(prefix + "headers", Bindable.mapOf(String.class, String.class))
					.orElse(Map.of());
				if (!headers.isEmpty()) {
					appender.setHeaders(new LinkedHashMap<>(headers));
					break;
				}
			}
		}
		Map<String, String> resource = new LinkedHashMap<>(this.binder
			.bind("management.opentelemetry.resource-attributes", Bindable.mapOf(String.class, String.class))
			.orElse(Map.of()));
		resource.putAll(appender.getResourceAttributes());
		if (!resource.containsKey("service.name")) {
			this.binder.bind("spring.application.name", String.class)
				.ifBound((name) -> resource.put("service.name", name));
		}
		appender.setResourceAttributes(resource);
	}

	private <T> T first(String name, Class<T> type) {
		for (String prefix : OTLP_PREFIXES) {
			T value = this.binder.bind(prefix + name, type).orElse(null);
			if (value != null) {
				return value;
			}
		}
		return null;
	}

}
