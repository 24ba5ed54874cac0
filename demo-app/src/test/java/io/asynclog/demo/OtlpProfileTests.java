package io.asynclog.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The demo's otlp profile with no collector to reach (port 1 on loopback, where nothing
 * listens): the application starts and answers, the records wait for the collector, and
 * the health and the asynclog endpoint say so, as with the kafka profile. A real
 * receiver is covered by the auto-configuration's OtlpShippingTests.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "asynclog.appenders.otel.endpoint=http://127.0.0.1:1/v1/logs",
				"asynclog.health.shipping-stall=1s", "logging.level.io.opentelemetry=off",
				"asynclog.appenders.otel.spool.directory=target/otlp-profile-tests-spool" })
@ActiveProfiles("otlp")
class OtlpProfileTests {

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void withTheCollectorDownTheDemoServesAndTheHealthSaysWhy() throws Exception {
		assertThat(get("/log").statusCode()).isEqualTo(200);
		await("the health DEGRADED").atMost(Duration.ofSeconds(30))
			.until(() -> get("/actuator/health").body().contains("\"DEGRADED\""));
		HttpResponse<String> response = get("/actuator/health");
		assertThat(response.statusCode()).as("a collector outage keeps the instance in the load balancer")
			.isEqualTo(200);
		DocumentContext health = JsonPath.parse(response.body());
		assertThat(health.<List<String>>read("$.components.asynclog.details.reasons"))
			.anySatisfy((reason) -> assertThat(reason).startsWith("appender 'otel' has ")
				.contains("records waiting for otlp (http://127.0.0.1:1/v1/logs), none acknowledged for"));
		DocumentContext endpoint = JsonPath.parse(get("/actuator/asynclog").body());
		assertThat(endpoint.read("$.appenders[?(@.name == 'otel')].shipping.system", List.class))
			.containsExactly("otlp");
		assertThat(endpoint.read("$.appenders[?(@.name == 'otel')].shipping.acknowledged", List.class))
			.containsExactly(0);
		assertThat(endpoint.read("$.appenders[?(@.name == 'otel')].shipping.waiting", List.class))
			.as("records handed to the exporter, waiting for the collector").singleElement()
			.satisfies((waiting) -> assertThat(((Number) waiting).longValue()).isPositive());
		// Nothing waits for the collector: another request is answered at once.
		assertThat(get("/log").statusCode()).isEqualTo(200);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
