package io.asynclog.demo;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import io.asynclog.autoconfigure.test.AutoConfigureAsyncLogging;

import static io.asynclog.demo.DashboardMetricsTests.SHIPPING;
import static io.asynclog.demo.DashboardMetricsTests.dashboard;
import static io.asynclog.demo.DashboardMetricsTests.dashboardExpressions;
import static io.asynclog.demo.DashboardMetricsTests.metricNames;
import static io.asynclog.demo.DashboardMetricsTests.scrape;
import static io.asynclog.demo.DashboardMetricsTests.scrapedNames;
import static io.asynclog.demo.DashboardMetricsTests.thisBackend;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard's shipping row reads meters a remote appender publishes: with the
 * demo's kafka profile (appender 'ship') and no broker to reach (port 1 on loopback, as in
 * KafkaProfileTests), every metric the dashboard queries, and every metric its variables
 * list values of, is in the scrape, and so are the remote appender's drop series the
 * drops panel sums.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "demo.kafka.bootstrap-servers=127.0.0.1:1", "logging.level.org.apache.kafka=error",
				// A spool directory belongs to one application: not the profile's, which another test
				// JVM may hold at the same time.
				"asynclog.appenders.ship.spool.directory=target/shipping-dashboard-tests-spool" })
@ActiveProfiles("kafka")
// The demo shows asynclog's queues: keep them in this test context.
@AutoConfigureAsyncLogging
class ShippingDashboardMetricsTests {

	private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)");

	private static final Pattern REASON = Pattern.compile("reason=\"([^\"]*)\"");

	@LocalServerPort
	int port;

	@Test
	void everyMetricTheDashboardQueriesIsInTheScrapeOfAnAppWithARemoteAppender() throws Exception {
		List<String> samples = scrape(this.port);
		Set<String> scraped = scrapedNames(samples);
		Set<String> queried = metricNames(dashboardExpressions());
		assertThat(queried).as("the shipping row's queries")
			.contains(SHIPPING + "records_sent_total", SHIPPING + "records_acknowledged_total",
					SHIPPING + "records_failed_total", SHIPPING + "records_waiting", SHIPPING + "lane_records",
					SHIPPING + "lane_capacity", SHIPPING + "spool_records", SHIPPING + "spool_bytes",
					SHIPPING + "spool_oldest_age_seconds", "asynclog_events_dropped_total");
		assertThat(scraped).containsAll(thisBackend(queried));
		assertThat(scraped).as("the metrics the dashboard's variables list values of")
			.containsAll(variableMetrics());
		Set<String> reasons = new TreeSet<>();
		for (String sample : samples) {
			if (sample.startsWith("asynclog_events_dropped_total{") && sample.contains("appender=\"ship\"")) {
				Matcher reason = REASON.matcher(sample);
				assertThat(reason.find()).as(sample).isTrue();
				reasons.add(reason.group(1));
			}
		}
		assertThat(reasons).as("the remote appender's drop series, there before its first drop")
			.contains("lane-full", "spool-full", "spool-torn", "appender-stopped");
	}

	private static Set<String> variableMetrics() throws Exception {
		List<String> queries = JsonPath.read(dashboard(), "$.templating.list[?(@.type == 'query')].query.query");
		Set<String> metrics = new TreeSet<>();
		for (String query : queries) {
			Matcher matcher = LABEL_VALUES.matcher(query);
			assertThat(matcher.find()).as(query).isTrue();
			metrics.add(matcher.group(1));
		}
		assertThat(metrics).as("the appender variable's").contains(SHIPPING + "lane_capacity");
		return metrics;
	}

}
