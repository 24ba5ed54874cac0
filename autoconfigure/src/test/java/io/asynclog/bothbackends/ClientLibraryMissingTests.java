package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.SeparateJvm;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that declares a remote appender but lacks its client library, as one that
 * added only the starter does: start-up stops with a failure analysis naming the property,
 * the value and the dependency to add, on either backend. Each runs in a JVM of its own,
 * whose class path is the test's without that library.
 */
class ClientLibraryMissingTests {

	@TempDir
	Path dir;

	@Test
	void aKafkaAppenderWithoutKafkaClientsStopsStartUpNamingTheDependency() throws InterruptedException {
		try (SeparateJvm app = SeparateJvm.startWithout("kafka-clients-", ClientLibraryMissingTests.App.class.getName(),
				this.dir, "kafka-without-clients", "asynclog.appenders.shipping.type=kafka",
				"asynclog.appenders.shipping.topic=app-logs",
				"asynclog.appenders.shipping.bootstrap-servers=127.0.0.1:9092")) {
			assertThat(app.awaitExit(Duration.ofSeconds(60))).isNotZero();
			String output = String.join("\n", app.stdout()) + "\n" + String.join("\n", app.stderr());
			assertThat(output).doesNotContain("NoClassDefFoundError")
				.contains("APPLICATION FAILED TO START")
				.contains("Invalid value 'kafka' for property 'asynclog.appenders.shipping.type'")
				.contains("kafka-clients, which is not on the class path")
				.contains("org.apache.kafka:kafka-clients");
		}
	}

	@Test
	void anOtlpAppenderWithoutOpenTelemetrysExporterStopsStartUpNamingTheDependency() throws InterruptedException {
		try (SeparateJvm app = SeparateJvm.startWithout("opentelemetry-exporter-otlp-1.",
				ClientLibraryMissingTests.App.class.getName(), this.dir, "otlp-without-exporter",
				"asynclog.appenders.shipping.type=otlp",
				"asynclog.appenders.shipping.endpoint=http://127.0.0.1:4318/v1/logs")) {
			assertThat(app.awaitExit(Duration.ofSeconds(60))).isNotZero();
			String output = String.join("\n", app.stdout()) + "\n" + String.join("\n", app.stderr());
			assertThat(output).doesNotContain("NoClassDefFoundError")
				.contains("APPLICATION FAILED TO START")
				.contains("Invalid value 'otlp' for property 'asynclog.appenders.shipping.type'")
				.contains("OpenTelemetry's exporter, which is not on the class path")
				.contains("io.opentelemetry:opentelemetry-exporter-otlp");
		}
	}

	/**
	 * Runs a Spring Boot application with the given properties.
	 */
	public static final class App {

		private App() {
		}

		public static void main(String[] args) {
			String[] properties = java.util.Arrays.copyOfRange(args, 1, args.length);
			Apps.run(properties).close();
		}

	}

}
