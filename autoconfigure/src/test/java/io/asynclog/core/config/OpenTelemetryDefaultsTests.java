package io.asynclog.core.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import io.asynclog.core.config.AsyncLogProperties.Transport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An otlp appender's defaults from Spring Boot's OpenTelemetry settings: Spring Boot 4's
 * names before the older ones, asynclog's own defaults when neither is set, the appender's
 * own settings always first, and a resource built as Spring Boot builds its own.
 */
class OpenTelemetryDefaultsTests {

	private static final String OTLP = "management.opentelemetry.logging.export.otlp.";

	private static final String OLD_OTLP = "management.otlp.logging.";

	@Test
	void asynclogsDefaultsWhenNothingIsSet() {
		AsyncLogProperties.Appender appender = applied(new MockEnvironment(), new AsyncLogProperties.Appender());
		assertThat(appender.getEndpoint()).isNull();
		assertThat(appender.getTransport()).isEqualTo(Transport.HTTP);
		assertThat(appender.getCompression()).isEqualTo("none");
		assertThat(appender.getTimeout()).isEqualTo(Duration.ofSeconds(10));
		assertThat(appender.getHeaders()).isEmpty();
		assertThat(appender.getResourceAttributes()).isEmpty();
	}

	@Test
	void springBootFourNamesComeBeforeTheOlderOnes() {
		MockEnvironment environment = new MockEnvironment().withProperty(OTLP + "endpoint", "http://new:4318/v1/logs")
			.withProperty(OLD_OTLP + "endpoint", "http://old:4318/v1/logs")
			.withProperty(OLD_OTLP + "transport", "grpc")
			.withProperty(OTLP + "compression", "GZIP")
			.withProperty(OLD_OTLP + "compression", "none")
			.withProperty(OLD_OTLP + "timeout", "3s")
			.withProperty(OLD_OTLP + "headers.Authorization", "Bearer old");
		AsyncLogProperties.Appender appender = applied(environment, new AsyncLogProperties.Appender());
		assertThat(appender.getEndpoint()).isEqualTo("http://new:4318/v1/logs");
		assertThat(appender.getTransport()).as("only the older name is set").isEqualTo(Transport.GRPC);
		assertThat(appender.getCompression()).as("in lower case").isEqualTo("gzip");
		assertThat(appender.getTimeout()).isEqualTo(Duration.ofSeconds(3));
		assertThat(appender.getHeaders()).containsExactly(Map.entry("Authorization", "Bearer old"));
	}

	@Test
	void headersComeFromTheFirstNameThatHasAny() {
		MockEnvironment environment = new MockEnvironment().withProperty(OTLP + "headers.X-Tenant", "new")
			.withProperty(OLD_OTLP + "headers.X-Other", "old");
		assertThat(applied(environment, new AsyncLogProperties.Appender()).getHeaders())
			.containsExactly(Map.entry("X-Tenant", "new"));
	}

	@Test
	void theAppendersOwnSettingsStay() {
		MockEnvironment environment = new MockEnvironment().withProperty(OTLP + "endpoint", "http://boot:4318/v1/logs")
			.withProperty(OTLP + "transport", "grpc")
			.withProperty(OTLP + "compression", "gzip")
			.withProperty(OTLP + "timeout", "3s")
			.withProperty(OTLP + "headers.X-Boot", "boot");
		AsyncLogProperties.Appender own = new AsyncLogProperties.Appender();
		own.setEndpoint("http://own:4318/v1/logs");
		own.setTransport(Transport.HTTP);
		own.setCompression("none");
		own.setTimeout(Duration.ofSeconds(1));
		own.setHeaders(new LinkedHashMap<>(Map.of("X-Own", "own")));
		AsyncLogProperties.Appender appender = applied(environment, own);
		assertThat(appender.getEndpoint()).isEqualTo("http://own:4318/v1/logs");
		assertThat(appender.getTransport()).isEqualTo(Transport.HTTP);
		assertThat(appender.getCompression()).isEqualTo("none");
		assertThat(appender.getTimeout()).isEqualTo(Duration.ofSeconds(1));
		assertThat(appender.getHeaders()).containsExactly(Map.entry("X-Own", "own"));
	}

	@Test
	void theResourceMergesSpringBootsAttributesTheAppendersAndTheApplicationName() {
		MockEnvironment environment = new MockEnvironment()
			.withProperty("management.opentelemetry.resource-attributes.deployment.environment", "prod")
			.withProperty("management.opentelemetry.resource-attributes.team", "boot")
			.withProperty("spring.application.name", "shop");
		AsyncLogProperties.Appender own = new AsyncLogProperties.Appender();
		own.setResourceAttributes(new LinkedHashMap<>(Map.of("team", "payments")));
		assertThat(applied(environment, own).getResourceAttributes()).containsOnly(
				Map.entry("deployment.environment", "prod"), Map.entry("team", "payments"),
				Map.entry("service.name", "shop"));
	}

	@Test
	void aServiceNameSetComesBeforeTheApplicationName() {
		MockEnvironment environment = new MockEnvironment()
			.withProperty("management.opentelemetry.resource-attributes.service.name", "billing")
			.withProperty("spring.application.name", "shop");
		assertThat(applied(environment, new AsyncLogProperties.Appender()).getResourceAttributes())
			.containsOnly(Map.entry("service.name", "billing"));
	}

	private static AsyncLogProperties.Appender applied(MockEnvironment environment, AsyncLogProperties.Appender appender) {
		new OpenTelemetryDefaults(environment).applyTo(appender);
		return appender;
	}

}
