package io.asynclog.loadtests.dashboard;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.knowm.xchart.AnnotationTextPanel;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import io.asynclog.loadtests.dashboard.PrometheusText.Sample;
import io.asynclog.loadtests.dashboard.PrometheusText.Scrape;
import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Machine;

/**
 * Drives bursty load against the demo app's {@code GET /log}, scrapes
 * {@code /actuator/prometheus} every 500 ms, and renders a 3x2 PNG of what the Grafana
 * dashboard ({@code docs/dashboards/asynclog-grafana.json}) shows: queue fill and peak, events
 * per second by level, drops per second by level, delivery lag quantiles, how busy each
 * background thread was, and the JVM's CPU.
 *
 * <p>Usage: {@code DashboardChart --url=http://127.0.0.1:PORT --out=chart.png [--duration=60]
 * [--threads=4] [--max-requests=200000] [--queue=REGEX] [--app-args="..."] [--csv=file.csv]}.
 * The URL must point at 127.0.0.1; the duration is capped at 300 s and the request count at
 * 200,000.
 *
 * @author asynclog
 */
public final class DashboardChart {

	static final int MAX_DURATION_SECONDS = 300;

	static final long MAX_REQUESTS = 200_000;

	static final long SCRAPE_INTERVAL_MILLIS = 500;

	static final List<String> LEVELS = List.of("fatal", "error", "warn", "info", "debug", "trace");

	static final int PANEL_WIDTH = 800;

	static final int PANEL_HEIGHT = 430;

	private static final String BUSY_SECONDS = "asynclog_thread_busy_time_seconds_total";

	private DashboardChart() {
	}

	/** Options from the command line. */
	record Options(URI baseUrl, int durationSeconds, Path output, int threads, long maxRequests, Pattern queue,
			String appArgs, Path csv) {

		static Options parse(String[] args) {
			Map<String, String> values = new LinkedHashMap<>();
			for (String arg : args) {
				int equals = arg.indexOf('=');
				if (!arg.startsWith("--") || equals < 0) {
					throw new IllegalArgumentException(arg.equals("--help") ? "help" : "expected --name=value, got " + arg);
				}
				values.put(arg.substring(2, equals), arg.substring(equals + 1));
			}
			String value = require(values, "url");
			URI url = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
			check("http".equals(url.getScheme()) && "127.0.0.1".equals(url.getHost()) && url.getPort() > 0,
					"The base URL must be http://127.0.0.1:<port>, was " + value);
			check(url.getPath() == null || url.getPath().isEmpty(), "The base URL must not have a path, was " + value);
			int duration = Integer.parseInt(values.getOrDefault("duration", "60"));
			check(duration >= 5 && duration <= MAX_DURATION_SECONDS,
					"--duration must be between 5 and " + MAX_DURATION_SECONDS + " seconds, was " + duration);
			int threads = Integer.parseInt(values.getOrDefault("threads", "4"));
			check(threads >= 1 && threads <= 16, "--threads must be between 1 and 16, was " + threads);
			long maxRequests = Long.parseLong(values.getOrDefault("max-requests", String.valueOf(MAX_REQUESTS)));
			check(maxRequests >= 1 && maxRequests <= MAX_REQUESTS, "--max-requests must be between 1 and " + MAX_REQUESTS);
			Pattern queue = Pattern.compile(values.getOrDefault("queue", ".*"));
			return new Options(url, duration, Path.of(require(values, "out")), threads, maxRequests, queue,
					values.getOrDefault("app-args", "(not given)"), values.containsKey("csv") ? Path.of(values.get("csv")) : null);
		}

		private static String require(Map<String, String> values, String name) {
			String value = values.get(name);
			check(value != null && !value.isBlank(), "--" + name + " is required");
			return value;
		}

		private static void check(boolean valid, String message) {
			if (!valid) {
				throw new IllegalArgumentException(message);
			}
		}

	}

	/** One scrape, with the time it was taken (seconds since the start of the run). */
	record TimedScrape(double seconds, Scrape scrape, long clientRequests) {
	}

	/** The values plotted for one scrape interval. */
	record Point(double seconds, Map<String, Double> fillPercent, Map<String, Double> peakPercent,
			Map<String, Double> eventsPerSecond, Map<String, Double> dropsPerSecond, double clientRequestsPerSecond,
			double lagP50Millis, double lagP99Millis, double lagMaxMillis, double lagCount,
			Map<String, Double> busyPercent, double processCpuPercent) {
	}

	public static void main(String[] args) throws Exception {
		System.setProperty("java.awt.headless", "true");
		Options options;
		try {
			options = Options.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage().equals("help") ? "" : "error: " + ex.getMessage());
			System.err.println("usage: DashboardChart --url=http://127.0.0.1:PORT --out=chart.png [--duration=60] "
					+ "[--threads=4] [--max-requests=200000] [--queue=REGEX] [--app-args=\"...\"] [--csv=file.csv]");
			System.exit(2);
			return;
		}
		run(options);
	}

	static void run(Options options) throws Exception {
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(2))
			.build();
		URI prometheus = options.baseUrl().resolve("/actuator/prometheus");
		// Fail early, before any load, if the app is not there or exposes no asynclog queue.
		Scrape first = scrape(client, prometheus);
		if (first.named("asynclog_queue_capacity").isEmpty()) {
			throw new IllegalStateException("No asynclog_queue_capacity in " + prometheus);
		}

		BurstLoad load = new BurstLoad(options.baseUrl().resolve("/log"), options.maxRequests());
		long start = System.nanoTime();
		long deadline = start + options.durationSeconds() * 1_000_000_000L;
		List<TimedScrape> scrapes = new ArrayList<>();
		scrapes.add(new TimedScrape(0, first, 0));
		load.start(options.threads(), start, deadline);
		int failedScrapes = 0;
		System.out.printf(Locale.ROOT, "Driving %s for %d s with %d threads (%s); scraping %s every %d ms%n",
				options.baseUrl().resolve("/log"), options.durationSeconds(), options.threads(), BurstLoad.describe(),
				prometheus, SCRAPE_INTERVAL_MILLIS);
		for (long tick = 1;; tick++) {
			long next = start + tick * SCRAPE_INTERVAL_MILLIS * 1_000_000L;
			if (next > deadline) {
				break;
			}
			long wait = next - System.nanoTime();
			if (wait > 0) {
				Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
			}
			double seconds = (System.nanoTime() - start) / 1e9;
			long requests = load.sent();
			try {
				scrapes.add(new TimedScrape(seconds, scrape(client, prometheus), requests));
			}
			catch (IOException ex) {
				failedScrapes++;
			}
			if (tick % 20 == 0) {
				System.out.printf(Locale.ROOT, "  t=%5.1f s  requests=%d%n", seconds, requests);
			}
		}
		load.stopAndJoin();

		List<Point> points = points(scrapes, options.queue());
		summary(points, load, scrapes.size(), failedScrapes).forEach(System.out::println);
		if (options.csv() != null) {
			writeCsv(points, options.csv());
			System.out.println("Wrote " + options.csv());
		}
		List<String> header = List.of(
				"asynclog demo app under bursty load: what the Grafana dashboard shows, from /actuator/prometheus scraped every "
						+ SCRAPE_INTERVAL_MILLIS + " ms ("
						+ ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
						+ ")",
				"Machine: " + Machine.describe() + "   JDK: " + System.getProperty("java.vm.name") + " "
						+ System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")",
				"demo-app args: " + options.appArgs(),
				"Load: GET /log from " + options.threads() + " threads, " + BurstLoad.describe() + "; duration "
						+ options.durationSeconds() + " s; " + load.sent() + " requests sent, " + load.failed()
						+ " failed");
		render(points, header, options.output());
		System.out.println("Wrote " + options.output());
	}

	static Scrape scrape(HttpClient client, URI prometheus) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(prometheus)
			.timeout(Duration.ofSeconds(5))
			.header("Accept", "text/plain;version=0.0.4")
			.GET()
			.build();
		HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		if (response.statusCode() != 200) {
			throw new IOException("HTTP " + response.statusCode() + " from " + prometheus);
		}
		return PrometheusText.parse(response.body());
	}

	static List<Point> points(List<TimedScrape> scrapes, Pattern queuePattern) {
		Predicate<Sample> queue = (sample) -> sample.label("queue") != null
				&& queuePattern.matcher(sample.label("queue")).matches();
		List<Point> points = new ArrayList<>();
		for (int i = 1; i < scrapes.size(); i++) {
			TimedScrape previous = scrapes.get(i - 1);
			TimedScrape current = scrapes.get(i);
			double dt = current.seconds() - previous.seconds();
			Scrape now = current.scrape();
			Scrape before = previous.scrape();

			Map<String, Double> remaining = now.sumBy("asynclog_queue_remaining", "queue", queue);
			Map<String, Double> peak = now.sumBy("asynclog_queue_peak", "queue", queue);
			Map<String, Double> fill = new TreeMap<>();
			Map<String, Double> peakPercent = new TreeMap<>();
			now.sumBy("asynclog_queue_capacity", "queue", queue).forEach((name, slots) -> {
				if (slots > 0) {
					fill.put(name, 100 * (slots - remaining.getOrDefault(name, slots)) / slots);
					peakPercent.put(name, 100 * peak.getOrDefault(name, 0.0) / slots);
				}
			});

			NavigableMap<Double, Double> buckets = PrometheusText.increase(buckets(before, queue), buckets(now, queue));
			double max = now.named("asynclog_delivery_lag_seconds_max", queue).stream().mapToDouble(Sample::value).max()
				.orElse(Double.NaN);
			// A queue's threads are labelled lane="none", a lane's queue="none".
			Map<String, Double> busy = new TreeMap<>();
			rates(before, now, BUSY_SECONDS, "queue", queue.and((s) -> "none".equals(s.label("lane"))), dt)
				.forEach((name, rate) -> busy.put("queue " + name, 100 * rate));
			rates(before, now, BUSY_SECONDS, "lane", (s) -> "none".equals(s.label("queue")), dt)
				.forEach((name, rate) -> busy.put("lane " + name, 100 * rate));
			double cpu = now.named("process_cpu_usage").stream().mapToDouble(Sample::value).findFirst().orElse(Double.NaN);
			points.add(new Point(current.seconds(), fill, peakPercent,
					rates(before, now, "log4j2_events_total", "level", (sample) -> true, dt),
					rates(before, now, "asynclog_events_dropped_total", "level", queue, dt),
					(current.clientRequests() - previous.clientRequests()) / dt,
					1000 * PrometheusText.quantile(0.50, buckets), 1000 * PrometheusText.quantile(0.99, buckets), 1000 * max,
					buckets.isEmpty() ? 0 : buckets.lastEntry().getValue(), busy, 100 * cpu));
		}
		return points;
	}

	/** Per second increase of a counter between two scrapes, grouped by one label. */
	private static Map<String, Double> rates(Scrape before, Scrape now, String name, String label, Predicate<Sample> filter,
			double dt) {
		Map<String, Double> result = new TreeMap<>();
		PrometheusText.increase(before.sumBy(name, label, filter), now.sumBy(name, label, filter))
			.forEach((key, increase) -> result.put(key, increase / dt));
		return result;
	}

	private static Map<Double, Double> buckets(Scrape scrape, Predicate<Sample> queue) {
		Map<Double, Double> result = new TreeMap<>();
		for (Sample sample : scrape.named("asynclog_delivery_lag_seconds_bucket", queue)) {
			result.merge(PrometheusText.parseValue(sample.label("le")), sample.value(), Double::sum);
		}
		return result;
	}

	static List<String> summary(List<Point> points, BurstLoad load, int scrapes, int failedScrapes) {
		double totalDrops = 0;
		double totalEvents = 0;
		for (int i = 0; i < points.size(); i++) {
			double dt = points.get(i).seconds() - ((i == 0) ? 0 : points.get(i - 1).seconds());
			totalDrops += sum(points.get(i).dropsPerSecond()) * dt;
			totalEvents += sum(points.get(i).eventsPerSecond()) * dt;
		}
		Map.Entry<String, Double> busiest = points.stream()
			.flatMap((p) -> p.busyPercent().entrySet().stream())
			.reduce(Map.entry("none", 0.0), (a, b) -> (b.getValue() > a.getValue()) ? b : a);
		return List.of(
				String.format(Locale.ROOT, "Requests sent: %d (%d failed); scrapes: %d (%d failed)", load.sent(),
						load.failed(), scrapes, failedScrapes),
				String.format(Locale.ROOT, "Events logged (all levels, from log4j2_events_total): %.0f; highest rate %.0f/s",
						totalEvents, points.stream().mapToDouble((p) -> sum(p.eventsPerSecond())).max().orElse(0)),
				String.format(Locale.ROOT, "Queue fill: max %.2f %% at a scrape, non-zero at %d of %d scrapes; peak gauge max %.2f %%",
						highest(points, Point::fillPercent),
						points.stream().filter((p) -> p.fillPercent().values().stream().anyMatch((v) -> v > 0)).count(),
						points.size(), highest(points, Point::peakPercent)),
				String.format(Locale.ROOT, "Dropped events: %.0f", totalDrops),
				String.format(Locale.ROOT, "Delivery lag: highest p99 over a 500 ms interval %.3f ms; highest _max gauge %.3f ms",
						points.stream().mapToDouble(Point::lagP99Millis).filter((d) -> !Double.isNaN(d)).max().orElse(Double.NaN),
						points.stream().mapToDouble(Point::lagMaxMillis).filter((d) -> !Double.isNaN(d)).max().orElse(Double.NaN)),
				String.format(Locale.ROOT, "Background threads busy: highest %.1f %% over a 500 ms interval (%s)",
						busiest.getValue(), busiest.getKey()));
	}

	private static double sum(Map<String, Double> values) {
		return values.values().stream().mapToDouble((d) -> d).sum();
	}

	private static double highest(List<Point> points, Function<Point, Map<String, Double>> values) {
		return points.stream().flatMap((p) -> values.apply(p).values().stream()).mapToDouble((d) -> d).max().orElse(0);
	}

	/** The keys of one of the points' maps, in the order they first appear. */
	private static Set<String> keys(List<Point> points, Function<Point, Map<String, Double>> values) {
		Set<String> keys = new LinkedHashSet<>();
		points.forEach((p) -> keys.addAll(values.apply(p).keySet()));
		return keys;
	}

	static void writeCsv(List<Point> points, Path csv) throws IOException {
		Set<String> queues = keys(points, Point::fillPercent);
		Set<String> threads = keys(points, Point::busyPercent);
		Files.createDirectories(csv.toAbsolutePath().getParent());
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8))) {
			StringBuilder header = new StringBuilder("seconds");
			queues.forEach((q) -> header.append(",fill_pct[").append(q).append("],peak_pct[").append(q).append(']'));
			LEVELS.forEach((l) -> header.append(",events_per_s[").append(l).append(']'));
			LEVELS.forEach((l) -> header.append(",drops_per_s[").append(l).append(']'));
			header.append(",client_requests_per_s,lag_count,lag_p50_ms,lag_p99_ms,lag_max_ms");
			threads.forEach((t) -> header.append(",busy_pct[").append(t).append(']'));
			out.println(header.append(",process_cpu_pct"));
			for (Point p : points) {
				StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%.3f", p.seconds()));
				queues.forEach((q) -> line.append(String.format(Locale.ROOT, ",%.4f,%.4f",
						p.fillPercent().getOrDefault(q, Double.NaN), p.peakPercent().getOrDefault(q, Double.NaN))));
				LEVELS.forEach((l) -> line.append(String.format(Locale.ROOT, ",%.2f", p.eventsPerSecond().getOrDefault(l, 0.0))));
				LEVELS.forEach((l) -> line.append(String.format(Locale.ROOT, ",%.2f", p.dropsPerSecond().getOrDefault(l, 0.0))));
				line.append(String.format(Locale.ROOT, ",%.2f,%.0f,%.4f,%.4f,%.4f", p.clientRequestsPerSecond(),
						p.lagCount(), p.lagP50Millis(), p.lagP99Millis(), p.lagMaxMillis()));
				threads.forEach((t) -> line.append(String.format(Locale.ROOT, ",%.2f", p.busyPercent().getOrDefault(t, Double.NaN))));
				out.println(line.append(String.format(Locale.ROOT, ",%.2f", p.processCpuPercent())));
			}
		}
	}

	/** Writes the header strip (its first line the title) over the 3x2 grid of panels as a PNG. */
	static void render(List<Point> points, List<String> header, Path output) throws IOException {
		// XChart's own grid takes cells of one size only, so the full-width header strip (itself an
		// XChart chart) and the panels are drawn into one image here.
		BufferedImage strip = BitmapEncoder.getBufferedImage(header(header));
		BufferedImage image = new BufferedImage(2 * PANEL_WIDTH, strip.getHeight() + 3 * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = image.createGraphics();
		try {
			g.drawImage(strip, 0, 0, null);
			List<XYChart> panels = panels(points);
			for (int i = 0; i < panels.size(); i++) {
				g.drawImage(BitmapEncoder.getBufferedImage(panels.get(i)), (i % 2) * PANEL_WIDTH,
						strip.getHeight() + (i / 2) * PANEL_HEIGHT, null);
			}
		}
		finally {
			g.dispose();
		}
		Files.createDirectories(output.toAbsolutePath().getParent());
		ImageIO.write(image, "png", output.toFile());
	}

	static List<XYChart> panels(List<Point> points) {
		double[] x = points.stream().mapToDouble(Point::seconds).toArray();

		XYChart fill = chart("Queue fill % = 100*(capacity-remaining)/capacity, peak % = 100*peak/capacity", "%");
		for (String queue : keys(points, Point::fillPercent)) {
			line(fill, "fill % [" + queue + "]", x, y(points, (p) -> p.fillPercent().getOrDefault(queue, Double.NaN)), null);
			line(fill, "peak % (over the peak window) [" + queue + "]", x,
					y(points, (p) -> p.peakPercent().getOrDefault(queue, Double.NaN)), SeriesLines.DASH_DASH);
		}

		XYChart events = chart("Events/s by level (rate of log4j2_events_total) and client requests/s", "events/s");
		for (String level : activeLevels(points, Point::eventsPerSecond, "info")) {
			line(events, level, x, y(points, (p) -> p.eventsPerSecond().getOrDefault(level, 0.0)), null);
		}
		line(events, "client GET /log requests/s", x, y(points, Point::clientRequestsPerSecond), SeriesLines.DASH_DASH);

		XYChart drops = chart("Dropped events/s by level (rate of asynclog_events_dropped_total)", "drops/s");
		double[] totalDrops = y(points, (p) -> sum(p.dropsPerSecond()));
		line(drops, "all levels", x, totalDrops, null);
		for (String level : activeLevels(points, Point::dropsPerSecond, null)) {
			line(drops, level, x, y(points, (p) -> p.dropsPerSecond().getOrDefault(level, 0.0)), SeriesLines.DASH_DASH);
		}
		if (Arrays.stream(totalDrops).allMatch((d) -> d == 0)) {
			drops.getStyler().setYAxisMax(1.0);
			drops.setTitle(drops.getTitle() + " - no drops");
		}

		XYChart lag = chart("Delivery lag (ms) from asynclog_delivery_lag_seconds_bucket increase per interval", "ms");
		line(lag, "p50", x, y(points, Point::lagP50Millis), null);
		line(lag, "p99", x, y(points, Point::lagP99Millis), null);
		line(lag, "max (asynclog_delivery_lag_seconds_max)", x, y(points, Point::lagMaxMillis), SeriesLines.DOT_DOT);

		XYChart busy = chart("Background threads busy % = 100*rate(asynclog_thread_busy_time_seconds_total)", "%");
		Set<String> threads = keys(points, Point::busyPercent);
		for (String thread : threads) {
			line(busy, thread, x, y(points, (p) -> p.busyPercent().getOrDefault(thread, Double.NaN)), null);
		}
		if (threads.isEmpty()) {
			busy.setTitle(busy.getTitle() + " - no series");
			line(busy, "none", x, new double[x.length], null);
		}
		busy.getStyler().setYAxisMax(100.0);

		XYChart cpu = chart("CPU of the demo app's JVM (process_cpu_usage), % of all cores", "%");
		line(cpu, "process CPU %", x, y(points, Point::processCpuPercent), null);
		cpu.getStyler().setYAxisMax(100.0);
		return List.of(fill, events, drops, lag, busy, cpu);
	}

	private static double[] y(List<Point> points, ToDoubleFunction<Point> value) {
		return points.stream().mapToDouble(value).toArray();
	}

	/** The header strip: an XChart chart with no series, axes or plot, the lines after the title in a text panel. */
	static XYChart header(List<String> lines) {
		XYChart chart = Charts.titleOnly(
				new XYChartBuilder().width(2 * PANEL_WIDTH).height(headerHeight(lines)).title(lines.get(0)).build());
		XYStyler styler = chart.getStyler();
		styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
		styler.setPlotBackgroundColor(Color.WHITE);
		styler.setAnnotationTextPanelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
		styler.setAnnotationTextPanelBackgroundColor(Color.WHITE);
		styler.setAnnotationTextPanelBorderColor(Color.WHITE);
		if (lines.size() > 1) {
			// Screen-space (0, 0) puts the panel at the bottom left, under the title.
			chart.addAnnotation(new AnnotationTextPanel(String.join("\n", lines.subList(1, lines.size())), 0, 0, true));
		}
		return chart;
	}

	/** The header strip's height: room for the title and each further line of 14-point text. */
	static int headerHeight(List<String> lines) {
		return 44 + 22 * (lines.size() - 1);
	}

	private static List<String> activeLevels(List<Point> points, Function<Point, Map<String, Double>> values, String always) {
		return LEVELS.stream()
			.filter((level) -> level.equals(always) || points.stream().anyMatch((p) -> values.apply(p).getOrDefault(level, 0.0) > 0))
			.toList();
	}

	private static XYChart chart(String title, String yTitle) {
		XYChart chart = new XYChartBuilder().width(PANEL_WIDTH)
			.height(PANEL_HEIGHT)
			.title(title)
			.xAxisTitle("seconds since start")
			.yAxisTitle(yTitle)
			.build();
		chart.getStyler().setLegendPosition(LegendPosition.OutsideS);
		chart.getStyler().setLegendLayout(LegendLayout.Horizontal);
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		chart.getStyler().setYAxisMin(0.0);
		chart.getStyler().setMarkerSize(0);
		chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
		return chart;
	}

	private static void line(XYChart chart, String name, double[] x, double[] y, BasicStroke style) {
		XYSeries series = chart.addSeries(name, x, y);
		series.setMarker(SeriesMarkers.NONE);
		if (style != null) {
			series.setLineStyle(style);
		}
	}

}
