package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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

	@ParameterizedTest(name = "{1}")
	@CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
			kafka-clients-                 | kafka | topic=app-logs                         | kafka-clients, which is not       | org.apache.kafka:kafka-clients
			opentelemetry-exporter-otlp-1. | otlp  | endpoint=http://127.0.0.1:4318/v1/logs | OpenTelemetry's exporter, which is not | io.opentelemetry:opentelemetry-exporter-otlp
			""")
	void aRemoteAppenderWithoutItsClientStopsStartUpNamingTheDependency(String missingJar, String type,
			String setting, String why, String dependency) throws InterruptedException {
		try (SeparateJvm app = SeparateJvm.startWithout(missingJar, ClientLibraryMissingTests.App.class.getName(),
				this.dir, type + "-without-client", "asynclog.appenders.shipping.type=" + type,
				"asynclog.appenders.shipping." + setting)) {
			assertThat(app.awaitExit(Duration.ofSeconds(60))).isNotZero();
			String output = String.join("\n", app.stdout()) + "\n" + String.join("\n", app.stderr());
			assertThat(output).doesNotContain("NoClassDefFoundError")
				.contains("APPLICATION FAILED TO START")
				.contains("Invalid value '" + type + "' for property 'asynclog.appenders.shipping.type'")
				.contains(why)
				.contains(dependency);
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
