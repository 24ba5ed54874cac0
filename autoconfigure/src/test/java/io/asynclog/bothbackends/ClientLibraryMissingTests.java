package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.SeparateJvm;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that declares a kafka appender but lacks kafka-clients, as one that added
 * only the starter does: start-up stops with a failure analysis naming the property, the
 * value and the dependency to add, on either backend. It runs in a JVM of its own, whose
 * class path is the test's without kafka-clients.
 */
class KafkaWithoutClientsTests {

	@TempDir
	Path dir;

	@Test
	void aKafkaAppenderWithoutKafkaClientsStopsStartUpNamingTheDependency() throws InterruptedException {
		try (SeparateJvm app = SeparateJvm.startWithout("kafka-clients-", KafkaWithoutClientsTests.App.class.getName(),
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
