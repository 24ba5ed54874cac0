package io.asynclog.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.asynclog.autoconfigure.test.AutoConfigureAsyncLogging;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard in docs/dashboards only queries metrics the running demo app
 * publishes on /actuator/prometheus. The shipping row's meters ({@value #SHIPPING}*) are only
 * published by an application with a remote appender: {@link ShippingDashboardMetricsTests}
 * checks them, with the demo's kafka profile.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "logging.file.name=target/dashboard-test-logs/demo.log")
// The demo shows asynclog's queues: keep them in this test context.
@AutoConfigureAsyncLogging
class DashboardMetricsTests {

	private static final Path DASHBOARD = Path.of("../docs/dashboards/asynclog-grafana.json");

	static final String SHIPPING = "asynclog_shipping_";

	private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(\\()?");

	private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset");

	@LocalServerPort
	int port;

	@Test
	void everyMetricTheDashboardQueriesIsInTheScrape() throws Exception {
		Set<String> scraped = scrapedNames(scrape(this.port));
		Set<String> queried = metricNames(dashboardExpressions());
		assertThat(queried).as("the dashboard's core queries").contains("asynclog_queue_capacity",
				"asynclog_queue_remaining", "asynclog_queue_peak", "asynclog_events_dropped_total",
				"log4j2_events_total", "asynclog_delivery_lag_seconds_bucket",
				"asynclog_appender_errors_total");
		assertThat(queried).as("the events panel reads either backend's counter").contains("logback_events_total");
		Set<String> thisApp = thisBackend(queried);
		thisApp.removeIf((name) -> name.startsWith(SHIPPING));
		assertThat(scraped).containsAll(thisApp);
	}

	/**
	 * The queried names less Logback's events counter: Spring Boot's events counter is named
	 * after the backend that runs, and this app runs Log4j2.
	 */
	static Set<String> thisBackend(Set<String> queried) {
		Set<String> thisBackend = new TreeSet<>(queried);
		thisBackend.remove("logback_events_total");
		return thisBackend;
	}

	/**
	 * Scrapes /actuator/prometheus after one request, so that the request path has logged
	 * through the queue.
	 * @param port the app's port
	 * @return the scrape's sample lines
	 */
	static List<String> scrape(int port) throws IOException, InterruptedException {
		HttpClient http = HttpClient.newHttpClient();
		http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/log")).build(),
				HttpResponse.BodyHandlers.discarding());
		HttpResponse<String> scrape = http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/prometheus")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(scrape.statusCode()).isEqualTo(200);
		return Arrays.stream(scrape.body().split("\n"))
			.filter((line) -> !line.isBlank() && !line.startsWith("#"))
			.toList();
	}

	static Set<String> scrapedNames(List<String> samples) {
		Set<String> names = new TreeSet<>();
		for (String sample : samples) {
			names.add(sample.split("[{ ]", 2)[0]);
		}
		return names;
	}

	static String dashboard() throws IOException {
		return Files.readString(DASHBOARD);
	}

	static List<String> dashboardExpressions() throws IOException {
		return JsonPath.read(dashboard(), "$..panels[*].targets[*].expr");
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
