package io.asynclog.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard in docs/dashboards only queries metrics the running demo app
 * publishes on /actuator/prometheus.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "logging.file.name=target/dashboard-test-logs/demo.log")
class DashboardMetricsTests {

	private static final Path DASHBOARD = Path.of("../docs/dashboards/asynclog-grafana.json");

	private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(\\()?");

	private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset");

	@LocalServerPort
	int port;

	@Test
	void everyMetricTheDashboardQueriesIsInTheScrape() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		// One request, so that the request path has logged through the queue.
		http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/log")).build(),
				HttpResponse.BodyHandlers.discarding());
		HttpResponse<String> scrape = http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/prometheus")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(scrape.statusCode()).isEqualTo(200);
		Set<String> scraped = new TreeSet<>();
		for (String line : scrape.body().split("\n")) {
			if (!line.isBlank() && !line.startsWith("#")) {
				scraped.add(line.split("[{ ]", 2)[0]);
			}
		}
		Set<String> queried = metricNames(dashboardExpressions());
		assertThat(queried).as("the dashboard's core queries").contains("asynclog_queue_capacity",
				"asynclog_queue_remaining", "asynclog_queue_peak", "asynclog_events_dropped_total",
				"log4j2_events_total", "asynclog_delivery_lag_seconds_bucket",
				"asynclog_appender_errors_total");
		assertThat(queried).as("the events panel reads either backend's counter").contains("logback_events_total");
		// Spring Boot's events counter is named after the backend that runs: this app runs Log4j2.
		Set<String> thisBackend = new TreeSet<>(queried);
		thisBackend.remove("logback_events_total");
		assertThat(scraped).containsAll(thisBackend);
	}

	private static List<String> dashboardExpressions() throws IOException {
		return JsonPath.read(Files.readString(DASHBOARD), "$..panels[*].targets[*].expr");
	}

	/**
	 * The metric names of PromQL expressions: what remains once strings, label matchers,
	 * ranges, grouping clauses and dashboard variables are cut out, minus function names and
	 * keywords.
	 */
	static Set<String> metricNames(List<String> expressions) {
		Set<String> names = new TreeSet<>();
		for (String expression : expressions) {
			String stripped = expression.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "")
				.replaceAll("\\{[^}]*}", "")
				.replaceAll("\\[[^]]*]", "")
				.replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", "")
				.replaceAll("\\$\\{?\\w+}?", "");
			Matcher matcher = IDENTIFIER.matcher(stripped);
			while (matcher.find()) {
				boolean call = matcher.group(2) != null;
				if (!call && !KEYWORDS.contains(matcher.group(1))) {
					names.add(matcher.group(1));
				}
			}
		}
		return names;
	}

}
