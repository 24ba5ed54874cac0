package io.asynclog.loadtests.dashboard;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

import javax.imageio.ImageIO;

import io.asynclog.loadtests.dashboard.DashboardChart.Options;
import io.asynclog.loadtests.dashboard.DashboardChart.Point;
import io.asynclog.loadtests.dashboard.PrometheusText.Sample;
import io.asynclog.loadtests.dashboard.PrometheusText.Scrape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Offline tests of the parser, the quantile estimate, the option checks and the rendering (no app,
 * no network).
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

	/**
	 * The busy panel: the rate of each thread's busy seconds between two scrapes, in percent, a
	 * queue's and a lane's apart, and the JVM's CPU.
	 */
	@Test
	void busyPercentIsTheRateOfBusySecondsPerThread() {
		Scrape before = PrometheusText.parse("""
				asynclog_thread_busy_time_seconds_total{lane="none",queue="async-logger"} 10.0
				asynclog_thread_busy_time_seconds_total{lane="ship",queue="none"} 1.0
				process_cpu_usage 0.25
				""");
		Scrape after = PrometheusText.parse("""
				asynclog_thread_busy_time_seconds_total{lane="none",queue="async-logger"} 10.4
				asynclog_thread_busy_time_seconds_total{lane="ship",queue="none"} 1.05
				process_cpu_usage 0.5
				""");
		List<Point> points = DashboardChart.points(
				List.of(new DashboardChart.TimedScrape(0, before, 0), new DashboardChart.TimedScrape(0.5, after, 0)),
				java.util.regex.Pattern.compile(".*"));
		assertEquals(80.0, points.get(0).busyPercent().get("queue async-logger"), 1e-9);
		assertEquals(10.0, points.get(0).busyPercent().get("lane ship"), 1e-9);
		assertEquals(2, points.get(0).busyPercent().size());
		assertEquals(50.0, points.get(0).processCpuPercent(), 1e-9);
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
		assertEquals(0.001, PrometheusText.quantile(0.5, buckets), 1e-12);
		assertEquals(0.00175, PrometheusText.quantile(0.8, buckets), 1e-12);
		assertEquals(0.0038, PrometheusText.quantile(0.99, buckets), 1e-12);
		assertTrue(Double.isNaN(PrometheusText.quantile(0.99, new TreeMap<>(Map.of(Double.POSITIVE_INFINITY, 0.0)))));
		// Observations above the highest finite bound report that bound, as PromQL does.
		NavigableMap<Double, Double> overflow = new TreeMap<>(Map.of(0.001, 1.0, Double.POSITIVE_INFINITY, 10.0));
		assertEquals(0.001, PrometheusText.quantile(0.99, overflow), 1e-12);
	}

	@Test
	void deltaSubtractsEarlierScrape() {
		NavigableMap<Double, Double> delta = PrometheusText.increase(Map.of(0.001, 5.0, Double.POSITIVE_INFINITY, 6.0),
				Map.of(0.001, 9.0, Double.POSITIVE_INFINITY, 12.0));
		assertEquals(List.of(4.0, 6.0), List.copyOf(delta.values()));
	}

	@Test
	void optionsAcceptOnlyLoopbackAndBoundedRuns() {
		Options options = Options.parse(new String[] { "--url=http://127.0.0.1:8099", "--duration=30", "--out=out.png" });
		assertEquals(30, options.durationSeconds());
		assertEquals(DashboardChart.MAX_REQUESTS, options.maxRequests());
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=http://localhost:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "http://127.0.0.1:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=http://10.0.0.1:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=https://127.0.0.1:8099", "--out=x.png" }));
		assertThrows(IllegalArgumentException.class,
				() -> Options.parse(new String[] { "--url=http://127.0.0.1:8099", "--out=x.png", "--duration=301" }));
		assertThrows(IllegalArgumentException.class, () -> Options
			.parse(new String[] { "--url=http://127.0.0.1:8099", "--out=x.png", "--max-requests=200001" }));
	}

	@Test
	void panelsKeepTheirTitlesAndSeries() {
		List<XYChart> panels = DashboardChart.panels(points(0));
		assertEquals(List.of("Queue fill % = 100*(capacity-remaining)/capacity, peak % = 100*peak/capacity",
				"Events/s by level (rate of log4j2_events_total) and client requests/s",
				"Dropped events/s by level (rate of asynclog_events_dropped_total) - no drops",
				"Delivery lag (ms) from asynclog_delivery_lag_seconds_bucket increase per interval",
				"Background threads busy % = 100*rate(asynclog_thread_busy_time_seconds_total)",
				"CPU of the demo app's JVM (process_cpu_usage), % of all cores"),
				panels.stream().map(XYChart::getTitle).toList());
		assertEquals(List.of("fill % [async-logger]", "peak % (over the peak window) [async-logger]"),
				List.copyOf(panels.get(0).getSeriesMap().keySet()));
		assertEquals(List.of("info", "client GET /log requests/s"), List.copyOf(panels.get(1).getSeriesMap().keySet()));
		assertEquals(List.of("all levels"), List.copyOf(panels.get(2).getSeriesMap().keySet()));
		assertEquals(List.of("p50", "p99", "max (asynclog_delivery_lag_seconds_max)"),
				List.copyOf(panels.get(3).getSeriesMap().keySet()));
		assertEquals(List.of("queue async-logger"), List.copyOf(panels.get(4).getSeriesMap().keySet()));
		assertEquals(List.of("process CPU %"), List.copyOf(panels.get(5).getSeriesMap().keySet()));
		for (XYChart panel : panels) {
			assertEquals(DashboardChart.PANEL_WIDTH, panel.getWidth());
			assertEquals(DashboardChart.PANEL_HEIGHT, panel.getHeight());
		}
		// With drops, the panel shows them per level and loses the "no drops" note.
		XYChart drops = DashboardChart.panels(points(25)).get(2);
		assertEquals("Dropped events/s by level (rate of asynclog_events_dropped_total)", drops.getTitle());
		assertEquals(List.of("all levels", "warn"), List.copyOf(drops.getSeriesMap().keySet()));
	}

	@Test
	void renderWritesTheHeaderOverTheSixPanels(@TempDir Path dir) throws IOException {
		List<String> header = List.of("Title line", "Machine: test", "demo-app args: none", "Load: none");
		Path png = dir.resolve("sub/chart.png");
		DashboardChart.render(points(25), header, png);
		BufferedImage image = ImageIO.read(png.toFile());
		int headerHeight = DashboardChart.headerHeight(header);
		assertEquals(2 * DashboardChart.PANEL_WIDTH, image.getWidth());
		assertEquals(headerHeight + 3 * DashboardChart.PANEL_HEIGHT, image.getHeight());
		// The header's title (at the top, about 20 px high) and its text panel (at the bottom), then
		// each grid cell, hold something drawn.
		assertEquals("Title line", DashboardChart.header(header).getTitle());
		assertTrue(inked(image, 0, 0, image.getWidth(), 40), "header title");
		assertTrue(inked(image, 0, 40, image.getWidth(), headerHeight), "header lines");
		for (int cell = 0; cell < 6; cell++) {
			int x = (cell % 2) * DashboardChart.PANEL_WIDTH;
			int y = headerHeight + (cell / 2) * DashboardChart.PANEL_HEIGHT;
			assertTrue(inked(image, x, y, x + DashboardChart.PANEL_WIDTH, y + DashboardChart.PANEL_HEIGHT),
					"panel " + cell);
		}
	}

	/** 40 half-second intervals of made-up values, with {@code warn} drops from {@code dropsFrom} on. */
	private static List<Point> points(int dropsFrom) {
		List<Point> points = new ArrayList<>();
		for (int i = 1; i <= 40; i++) {
			double drops = (dropsFrom > 0 && i >= dropsFrom) ? 10 * i : 0;
			points.add(new Point(i / 2.0, Map.of("async-logger", (double) (i % 10)), Map.of("async-logger", 12.5),
					Map.of("info", 100.0 * i), Map.of("warn", drops), 100.0 * i, 0.5, 2.0 + i % 3, 8.0, 50 * i,
					Map.of("queue async-logger", 2.0 * i), 30.0 + i % 5));
		}
		return points;
	}

	/** Whether the area has dark pixels, such as text, axes or lines, and is not blank white. */
	private static boolean inked(BufferedImage image, int x0, int y0, int x1, int y1) {
		for (int y = y0; y < y1; y++) {
			for (int x = x0; x < x1; x++) {
				int rgb = image.getRGB(x, y);
				if (((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 3 * 128) {
					return true;
				}
			}
		}
		return false;
	}

}
