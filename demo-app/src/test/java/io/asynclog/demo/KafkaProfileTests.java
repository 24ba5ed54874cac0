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
 * The demo's kafka profile with no broker to reach (port 1 on loopback, where nothing
 * listens): the application starts and answers, the records wait in the appender's spool,
 * and the health and the asynclog endpoint say so. A broker outage is a trouble of the log
 * pipeline: the health is DEGRADED and answers 200, so that the load balancer keeps the
 * instance. The broker itself is covered by the auto-configuration's KafkaShippingTests.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "demo.kafka.bootstrap-servers=127.0.0.1:1", "asynclog.health.shipping-stall=1s",
				"logging.level.org.apache.kafka=error",
				// Not the profile's asynclog-spool/ship, which PipelineHealthTests' JVM may hold at the
				// same time: a spool directory belongs to one application.
				"asynclog.appenders.ship.spool.directory=target/kafka-profile-tests-spool" })
@ActiveProfiles("kafka")
class KafkaProfileTests {

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void withTheBrokerDownTheDemoServesAndTheHealthSaysWhy() throws Exception {
		assertThat(get("/log").statusCode()).isEqualTo(200);
		await("the health DEGRADED").atMost(Duration.ofSeconds(30))
			.until(() -> get("/actuator/health").body().contains("\"DEGRADED\""));
		HttpResponse<String> response = get("/actuator/health");
		assertThat(response.statusCode()).as("a broker outage keeps the instance in the load balancer").isEqualTo(200);
		DocumentContext health = JsonPath.parse(response.body());
		assertThat(health.<String>read("$.status")).isEqualTo("DEGRADED");
		assertThat(health.<String>read("$.components.asynclog.status")).isEqualTo("DEGRADED");
		assertThat(health.<List<String>>read("$.components.asynclog.details.reasons"))
			.anySatisfy((reason) -> assertThat(reason).startsWith("appender 'ship' has ")
				.contains("records waiting for kafka (asynclog-demo), none acknowledged for"));
		DocumentContext endpoint = JsonPath.parse(get("/actuator/asynclog").body());
		assertThat(endpoint.read("$.appenders[?(@.name == 'ship')].shipping.destination", List.class))
			.containsExactly("asynclog-demo");
		assertThat(endpoint.read("$.appenders[?(@.name == 'ship')].shipping.acknowledged", List.class))
			.containsExactly(0);
		assertThat(endpoint.read("$.appenders[?(@.name == 'ship')].shipping.spool.records", List.class))
			.as("records kept in the spool").singleElement()
			.satisfies((kept) -> assertThat(((Number) kept).longValue()).isPositive());
		// Nothing waits for the broker: another request is answered at once.
		assertThat(get("/log").statusCode()).isEqualTo(200);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

}
