package io.asynclog.it.log4j2;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.log4j2.Log4J2LoggingSystem;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A web application switched to Log4j2 the documented way, started from this module's class
 * path: asynclog makes Log4j2 asynchronous, as before the starter followed the backend.
 */
class Log4j2ApplicationTests {

	@TempDir
	Path dir;

	@Test
	void log4j2IsTheBackendAndRequestLinesGoThroughItsRing() throws Exception {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = SpringApplication.run(Log4j2Application.class,
				"--server.port=0", "--server.address=127.0.0.1", "--logging.file.name=" + log,
				"--management.endpoints.web.exposure.include=asynclog")) {
			assertThat(context.getBean(LoggingSystem.class)).isInstanceOf(Log4J2LoggingSystem.class);
			LoggingBackend backend = LoggingBackends.running(context.getClassLoader());
			assertThat(backend).as("asynclog's backend for the logging system Spring Boot chose").isNotNull();
			assertThat(backend.name()).isEqualTo("log4j2");
			assertThat(LoggerContext.getContext(false).getConfiguration().getRootLogger())
				.isInstanceOf(AsyncLoggerConfig.class);

			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(get(port, "/greet?name=grace").body()).isEqualTo("hello grace\n");
			HttpResponse<String> endpoint = get(port, "/actuator/asynclog");
			assertThat(endpoint.statusCode()).isEqualTo(200);
			DocumentContext json = JsonPath.parse(endpoint.body());
			assertThat(json.read("$.backend", String.class)).isEqualTo("log4j2");
			assertThat(json.read("$.mode", String.class)).isEqualTo("async-logger");
			assertThat(json.read("$.queues[0].name", String.class)).isEqualTo("async-logger");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> Files.exists(log) && Files.readString(log).contains("greeted grace"));
		}
	}

	private static HttpResponse<String> get(int port, String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
					HttpResponse.BodyHandlers.ofString());
	}

}
