package io.asynclog.it.logback;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A fresh web application, started from this module's class path (spring-boot-starter-web
 * and the asynclog starter, no exclusions): Spring Boot runs on Logback, and asynclog makes
 * Logback asynchronous.
 */
class LogbackApplicationTests {

	@TempDir
	Path dir;

	@Test
	void springBootsDefaultLogbackIsTheBackendAndRequestLinesReachTheFile() throws Exception {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = SpringApplication.run(LogbackApplication.class,
				"--server.port=0", "--server.address=127.0.0.1", "--logging.file.name=" + log,
				"--management.endpoints.web.exposure.include=asynclog")) {
			assertThat(context.getBean(LoggingSystem.class)).isInstanceOf(LogbackLoggingSystem.class);
			LoggingBackend backend = LoggingBackends.running(context.getClassLoader());
			assertThat(backend).as("asynclog's backend for the logging system Spring Boot chose").isNotNull();
			assertThat(backend.name()).isEqualTo("logback");

			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(get(port, "/greet?name=ada").body()).isEqualTo("hello ada\n");
			HttpResponse<String> endpoint = get(port, "/actuator/asynclog");
			assertThat(endpoint.statusCode()).isEqualTo(200);
			DocumentContext json = JsonPath.parse(endpoint.body());
			assertThat(json.read("$.backend", String.class)).isEqualTo("logback");
			assertThat(json.read("$.mode", String.class)).isEqualTo("async-logger");
			assertThat(json.read("$.queues[0].type", String.class)).isEqualTo("ring-buffer");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> Files.exists(log) && Files.readString(log).contains("greeted ada"));
		}
	}

	private static HttpResponse<String> get(int port, String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
					HttpResponse.BodyHandlers.ofString());
	}

}
