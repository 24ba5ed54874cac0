package io.asynclog.bothbackends;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.logging.LoggingSystemProperty;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;
import io.asynclog.fixtures.LoopbackOtlp;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adding a remote appender adds a destination, on both backends and in every mode: Spring
 * Boot's console and {@code logging.file.name} keep receiving every line, in order, next to
 * the receiver. Spring Boot's own {@code logging.console.enabled=false} silences the console,
 * and {@code asynclog.loggers.root.appenders} sets the root's appenders exactly.
 */
@ExtendWith(OutputCaptureExtension.class)
class RemoteAppenderAddsADestinationTests {

	private static final int LINES = 200;

	private static final Log log = LogFactory.getLog("com.example.Orders");

	@TempDir
	Path dir;

	private LoopbackOtlp receiver;

	@BeforeEach
	void startReceiver() throws IOException {
		this.receiver = LoopbackOtlp.http();
	}

	@AfterEach
	void stopReceiver() {
		this.receiver.close();
		// Spring Boot turns logging.console.enabled=false into this system property and leaves it
		// set for whatever application the JVM starts next.
		System.clearProperty(LoggingSystemProperty.CONSOLE_THRESHOLD.getEnvironmentVariableName());
	}

	@ParameterizedTest
	@ValueSource(strings = { "sync", "async-logger", "async-appender" })
	void theConsoleAndTheFileKeepEveryLine(String mode, CapturedOutput output) {
		Path file = this.dir.resolve("boot.log");
		List<String> lines = logLines(file, "asynclog.mode=" + mode);
		assertThat(placed(TestApplications.lines(file))).as("logging.file.name, in order").isEqualTo(lines);
		assertThat(placed(output.getOut().lines().toList())).as("the console, in order").isEqualTo(lines);
		BackendUnderTest backend = BackendUnderTest.running();
		String route = "asynclog: logger 'root' writes to ";
		assertThat(output.getOut().lines().filter((line) -> line.contains(route)))
			.as("the start-up report")
			.singleElement()
			.satisfies((line) -> assertThat(line.substring(line.indexOf(route) + route.length()).split(", "))
				.containsExactlyInAnyOrder(backend.springBootConsole(), backend.springBootFile(), "ship"));
	}

	@Test
	void springBootsOwnKeySilencesTheConsole(CapturedOutput output) {
		Path file = this.dir.resolve("boot.log");
		List<String> lines = logLines(file, "logging.console.enabled=false");
		assertThat(placed(TestApplications.lines(file))).as("logging.file.name").isEqualTo(lines);
		assertThat(placed(output.getOut().lines().toList())).as("the console").isEmpty();
	}

	@Test
	void claimingTheRootsAppendersShipsOnly(CapturedOutput output) {
		Path file = this.dir.resolve("boot.log");
		logLines(file, "asynclog.loggers.root.appenders=ship");
		// Log4j2 never starts the unused file appender; Logback's has created the file before asynclog
		// detaches it.
		List<String> written = Files.exists(file) ? TestApplications.lines(file) : List.of();
		assertThat(placed(written)).as("logging.file.name, which no logger writes to").isEmpty();
		assertThat(placed(output.getOut().lines().toList())).as("the console").isEmpty();
	}

	/**
	 * Logs {@value #LINES} lines through an application with an otlp appender, waits until the
	 * receiver has them all and stops the application, which drains every queue.
	 */
	private List<String> logLines(Path file, String... more) {
		List<String> properties = new ArrayList<>(List.of("logging.file.name=" + file,
				"asynclog.appenders.ship.type=otlp", "asynclog.appenders.ship.endpoint=" + this.receiver.endpoint(),
				"asynclog.appenders.ship.spool.directory=" + this.dir.resolve("spool")));
		properties.addAll(List.of(more));
		List<String> lines = IntStream.range(0, LINES).mapToObj((i) -> "placed order " + i).toList();
		try (ConfigurableApplicationContext context = Apps.run(properties.toArray(String[]::new))) {
			lines.forEach(log::info);
			Awaitility.await()
				.atMost(Duration.ofSeconds(30))
				.until(() -> placed(this.receiver.records().stream().map(LoopbackOtlp.Received::body).toList()),
						lines::equals);
		}
		return lines;
	}

	private static List<String> placed(List<String> lines) {
		return lines.stream()
			.filter((line) -> line.contains("placed order "))
			.map((line) -> line.substring(line.indexOf("placed order ")))
			.toList();
	}

}
