package io.asynclog.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.asynclog.autoconfigure.test.AutoConfigureAsyncLogging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The demo app over real HTTP: each request's line reaches the log file through the
 * async-logger ring buffer, and the actuator answers. Runs on Logback in demo-app and on
 * Log4j2 in demo-app-log4j2; the endpoint must name the backend the module is built for.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "logging.file.name=" + DemoApplicationTests.LOG_FILE)
// The demo shows asynclog's queues: keep them in this test context.
@AutoConfigureAsyncLogging
class DemoApplicationTests {

	// Spring Boot configures logging before @DynamicPropertySource values exist, so the file
	// is fixed here and emptied before the context starts.
	static final String LOG_FILE = "target/demo-test-logs/demo.log";

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void removeOldLogs() throws IOException {
		Files.deleteIfExists(Path.of(LOG_FILE));
	}

	@Test
	void everyRequestLogsOneLineAsynchronously() throws Exception {
		DocumentContext endpoint = JsonPath.parse(get("/actuator/asynclog").body());
		assertThat(endpoint.read("$.backend", String.class)).isEqualTo(DemoRuns.EXPECTED_BACKEND);
		assertThat(endpoint.<List<String>>read("$.queues[*].name")).containsExactly("async-logger");
		for (int i = 0; i < 20; i++) {
			assertThat(get("/log").statusCode()).isEqualTo(200);
		}
		await().atMost(Duration.ofSeconds(20)).until(() -> handledLines().size() == 20);
		assertThat(handledLines()).allMatch((line) -> line.matches(".* INFO .*LogController +: request \\d{10} handled \\.+"));
	}

	@Test
	void actuatorHealthIsUpWithTheQueueDetails() throws Exception {
		HttpResponse<String> health = get("/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		DocumentContext json = JsonPath.parse(health.body());
		assertThat(json.read("$.status", String.class)).isEqualTo("UP");
		assertThat(json.read("$.components.asynclog.status", String.class)).isEqualTo("UP");
		assertThat(json.read("$.components.asynclog.details.queues.async-logger.type", String.class))
			.isEqualTo("ring-buffer");
	}

	@Test
	void asynclogEndpointDescribesWhatRuns() throws Exception {
		HttpResponse<String> response = get("/actuator/asynclog");
		assertThat(response.statusCode()).isEqualTo(200);
		DocumentContext json = JsonPath.parse(response.body());
		assertThat(json.read("$.backend", String.class)).isEqualTo(DemoRuns.EXPECTED_BACKEND);
		assertThat(json.read("$.mode", String.class)).isEqualTo("async-logger");
		assertThat(json.read("$.waitStrategy", String.class)).isEqualTo("timeout");
		assertThat(json.read("$.queueFullPolicy", String.class)).isEqualTo("block");
		assertThat(json.read("$.shutdownTimeout", String.class)).isEqualTo("PT10S");
		assertThat(json.read("$.queues[0].name", String.class)).isEqualTo("async-logger");
		// Each backend's default ring: Log4j2 reuses its slots, Logback's queued events cost GC.
		assertThat(json.read("$.queues[0].capacity", Integer.class))
			.isEqualTo(DemoRuns.EXPECTED_BACKEND.equals("log4j2") ? 16384 : 4096);
		assertThat(json.<Map<String, Object>>read("$.queues[0]")).containsOnlyKeys("name", "type", "capacity",
				"remaining", "used", "peak", "dropped", "busy");
		// The ring's thread's busy share since the thread started (the endpoint's first reading).
		assertThat(json.<Map<String, Object>>read("$.queues[0].busy")).containsOnlyKeys("share", "over");
		assertThat(json.read("$.queues[0].busy.share", Double.class)).isBetween(0.0, 1.0);
		// Spring Boot's file appender: 'File' on Log4j2, 'FILE' on Logback.
		assertThat(json.<List<String>>read("$.appenders[?(@.name =~ /(?i)file/)].fileName")).containsExactly(LOG_FILE);
		assertThat(json.<List<Boolean>>read("$.appenders[*].async")).containsOnly(true);
	}

	private List<String> handledLines() throws IOException {
		return Files.readAllLines(Path.of(LOG_FILE)).stream().filter((line) -> line.contains("handled")).toList();
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
