package io.asynclog.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The HTTP answers of the health while a trouble of the log pipeline lasts, on the real
 * embedded server: the demo's kafka profile with no broker to reach (port 1 on loopback), so
 * that its record waits and the {@code asynclog} health has the shipping reason alone.
 * Shared: demo-app runs it on Logback, demo-app-log4j2 on Log4j2
 * ({@link DemoRuns#EXPECTED_BACKEND}).
 */
class PipelineHealthTests {

	private static final String SHIPPING_REASON = "appender 'ship' has ";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private int port;

	/**
	 * By default: DEGRADED and 200 on the aggregate, on {@code /actuator/health/asynclog}
	 * and on a readiness group that includes {@code asynclog}; liveness, which does not
	 * include it, stays UP.
	 */
	@Test
	void byDefaultAPipelineTroubleIsDegradedAndAnswers200() throws Exception {
		try (ConfigurableApplicationContext context = run("--management.endpoint.health.probes.enabled=true",
				"--management.endpoint.health.group.readiness.include=readinessState,asynclog",
				"--management.endpoint.health.group.readiness.show-details=always")) {
			this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
			await("the asynclog health DEGRADED").atMost(Duration.ofSeconds(30))
				.until(() -> status("/actuator/health/asynclog").equals("DEGRADED"));
			Map<String, HttpResponse<String>> answers = get("/actuator/health", "/actuator/health/asynclog",
					"/actuator/health/readiness", "/actuator/health/liveness");
			answers.forEach((path, answer) -> assertThat(answer.statusCode()).as(path).isEqualTo(200));

			DocumentContext health = JsonPath.parse(answers.get("/actuator/health").body());
			assertThat(health.<String>read("$.status")).as("the aggregate ranks DEGRADED above UP")
				.isEqualTo("DEGRADED");
			assertThat(health.<String>read("$.components.asynclog.status")).isEqualTo("DEGRADED");
			assertThat(health.<String>read("$.components.asynclog.description")).isNotBlank();
			assertThat(health.<List<String>>read("$.components.asynclog.details.reasons"))
				.anySatisfy((reason) -> assertThat(reason).startsWith(SHIPPING_REASON));
			assertThat(health.<String>read("$.components.diskSpace.status")).as("the other contributors").isEqualTo("UP");

			DocumentContext asynclog = JsonPath.parse(answers.get("/actuator/health/asynclog").body());
			assertThat(asynclog.<String>read("$.status")).isEqualTo("DEGRADED");
			assertThat(asynclog.<List<String>>read("$.details.reasons"))
				.anySatisfy((reason) -> assertThat(reason).startsWith(SHIPPING_REASON));

			DocumentContext readiness = JsonPath.parse(answers.get("/actuator/health/readiness").body());
			assertThat(readiness.<String>read("$.status")).isEqualTo("DEGRADED");
			assertThat(readiness.<String>read("$.components.asynclog.status")).isEqualTo("DEGRADED");

			String liveness = answers.get("/actuator/health/liveness").body();
			assertThat(JsonPath.<String>read(liveness, "$.status")).isEqualTo("UP");
			assertThat(liveness).doesNotContain("asynclog");
		}
	}

	/**
	 * {@code asynclog.health.pipeline-status=down}: DOWN and 503 on the aggregate and on
	 * {@code /actuator/health/asynclog}, with the same reason.
	 */
	@Test
	void anOperatorCanOptInToDownAnd503() throws Exception {
		try (ConfigurableApplicationContext context = run("--asynclog.health.pipeline-status=down")) {
			this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
			await("the asynclog health DOWN").atMost(Duration.ofSeconds(30))
				.until(() -> status("/actuator/health/asynclog").equals("DOWN"));
			Map<String, HttpResponse<String>> answers = get("/actuator/health", "/actuator/health/asynclog");
			answers.forEach((path, answer) -> assertThat(answer.statusCode()).as(path).isEqualTo(503));
			DocumentContext health = JsonPath.parse(answers.get("/actuator/health").body());
			assertThat(health.<String>read("$.status")).isEqualTo("DOWN");
			assertThat(health.<List<String>>read("$.components.asynclog.details.reasons"))
				.anySatisfy((reason) -> assertThat(reason).startsWith(SHIPPING_REASON));
			assertThat(JsonPath.<String>read(answers.get("/actuator/health/asynclog").body(), "$.status"))
				.isEqualTo("DOWN");
			assertThat(get("/log").get("/log").statusCode()).as("the application still serves").isEqualTo(200);
		}
	}

	private static ConfigurableApplicationContext run(String... more) throws IOException {
		// A spool of its own: a spool directory belongs to one application, and another test's
		// JVM may run the kafka profile at the same time.
		Path spool = Files.createTempDirectory("pipeline-health-spool");
		List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.profiles.active=kafka",
				"--demo.kafka.bootstrap-servers=127.0.0.1:1", "--asynclog.health.shipping-stall=1s",
				"--logging.level.org.apache.kafka=error", "--asynclog.appenders.ship.spool.directory=" + spool));
		args.addAll(List.of(more));
		return new SpringApplication(DemoApplication.class).run(args.toArray(String[]::new));
	}

	private String status(String path) throws Exception {
		return JsonPath.read(get(path).get(path).body(), "$.status");
	}

	private Map<String, HttpResponse<String>> get(String... paths) throws Exception {
		Map<String, HttpResponse<String>> answers = new LinkedHashMap<>();
		for (String path : paths) {
			answers.put(path, this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString()));
		}
		return answers;
	}

}
