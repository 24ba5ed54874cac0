package io.asynclog.loadtests.dashboard;

import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

import io.asynclog.loadtests.dashboard.DashboardChart.Options;
import io.asynclog.loadtests.dashboard.PrometheusText.Sample;
import io.asynclog.loadtests.dashboard.PrometheusText.Scrape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Offline tests of the parser, the quantile estimate and the option checks (no app, no network).
 *
 * @author asynclog
 */
class DashboardChartTests {

	private static final String SCRAPE = """
			# HELP asynclog_queue_capacity Slots in the queue
			# TYPE asynclog_queue_capacity gauge
			asynclog_queue_capacity{queue="async-logger",type="ring-buffer"} 128.0
			asynclog_queue_remaining{queue="async-logger",type="ring-buffer"} 96.0
			asynclog_delivery_lag_seconds_bucket{queue="async-logger",le="0.001"} 10
			asynclog_delivery_lag_seconds_bucket{queue="async-logger",le="+Inf"} 12
			log4j2_events_total{level="info"} 1.5E3
			odd{path="a\\"b\\\\c",empty=""} NaN 1700000000000
			jvm_threads_live_threads 24.0
			""";

	@Test
	void parsesSamplesLabelsAndSpecialValues() {
		Scrape scrape = PrometheusText.parse(SCRAPE);
		assertEquals(7, scrape.samples().size());
		Sample capacity = scrape.named("asynclog_queue_capacity").get(0);
		assertEquals(Map.of("queue", "async-logger", "type", "ring-buffer"), capacity.labels());
		assertEquals(128.0, capacity.value());
		assertEquals(1500.0, scrape.named("log4j2_events_total").get(0).value());
		Sample odd = scrape.named("odd").get(0);
		assertEquals("a\"b\\c", odd.label("path"));
		assertEquals("", odd.label("empty"));
		assertTrue(Double.isNaN(odd.value()));
		assertEquals(Map.of(), scrape.named("jvm_threads_live_threads").get(0).labels());
		assertEquals(Double.POSITIVE_INFINITY,
				PrometheusText.parseValue(scrape.named("asynclog_delivery_lag_seconds_bucket").get(1).label("le")));
		assertEquals(Map.of("async-logger", 96.0), scrape.sumBy("asynclog_queue_remaining", "queue", (s) -> true));
	}

	@Test
	void rejectsMalformedLines() {
		assertThrows(IllegalArgumentException.class, () -> PrometheusText.parse("metric{a=\"b\" 1"));
		assertThrows(IllegalArgumentException.class, () -> PrometheusText.parse("metric{a=b} 1"));
	}

	@Test
	void quantileInterpolatesLikeHistogramQuantile() {
		NavigableMap<Double, Double> buckets = new TreeMap<>(
				Map.of(0.001, 50.0, 0.002, 90.0, 0.004, 100.0, Double.POSITIVE_INFINITY, 100.0));
		assertEquals(0.001, Histograms.quantile(0.5, buckets), 1e-12);
		assertEquals(0.00175, Histograms.quantile(0.8, buckets), 1e-12);
		assertEquals(0.0038, Histograms.quantile(0.99, buckets), 1e-12);
		assertTrue(Double.isNaN(Histograms.quantile(0.99, new TreeMap<>(Map.of(Double.POSITIVE_INFINITY, 0.0)))));
		// Observations above the highest finite bound report that bound, as PromQL does.
		NavigableMap<Double, Double> overflow = new TreeMap<>(Map.of(0.001, 1.0, Double.POSITIVE_INFINITY, 10.0));
		assertEquals(0.001, Histograms.quantile(0.99, overflow), 1e-12);
	}

	@Test
	void deltaSubtractsEarlierScrape() {
		NavigableMap<Double, Double> delta = Histograms.delta(Map.of(0.001, 5.0, Double.POSITIVE_INFINITY, 6.0),
				Map.of(0.001, 9.0, Double.POSITIVE_INFINITY, 12.0));
		assertEquals(List.of(4.0, 6.0), List.copyOf(delta.values()));
	}

	@Test
	void optionsAcceptOnlyLoopbackAndBoundedRuns() {
		Options options = Options.parse(new String[] { "http://127.0.0.1:8099", "30", "out.png" });
		assertEquals(30, options.durationSeconds());
		assertEquals(DashboardChart.MAX_REQUESTS, options.maxRequests());
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=http://localhost:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=http://10.0.0.1:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=https://127.0.0.1:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=http://127.0.0.1:8099", "--out=x.png", "--duration=301" }));
		assertThrows(IllegalArgumentException.class, () -> Options
			.parse(new String[] { "--url=http://127.0.0.1:8099", "--out=x.png", "--max-requests=200001" }));
	}

}
