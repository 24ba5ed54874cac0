package io.asynclog.loadtests.http.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.markers.SeriesMarkers;

import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Stats;


/**
 * Draws the report's PNG charts with XChart. Each chart has one bar per measured closed-model
 * configuration, grouped by number of appenders with logging-off last, coloured by mode; the
 * TPS and p99 charts add the min–max over the repeats as whiskers and logging-off's median as a
 * dashed reference line.
 *
 * @author asynclog
 */
public final class ComparisonCharts {

	static final String TPS = "http-comparison-tps.png";

	static final String P99 = "http-comparison-p99.png";

	static final String CPU = "http-comparison-cpu.png";

	static final String DISK = "http-comparison-disk.png";

	static final List<String> FILES = List.of(TPS, P99, CPU, DISK);

	static final int WIDTH = 1000;

	static final int HEIGHT = 600;

	private static final String X_TITLE = "configuration, grouped by appenders (flush and study pattern unless named)";

	private static final Map<String, Color> MODE_COLORS = Map.of(Comparison.SYNC, new Color(214, 39, 40),
			Comparison.ASYNC_APPENDER, new Color(255, 127, 14), Comparison.ASYNC_LOGGER, new Color(31, 119, 180),
			Comparison.ALL_ASYNC, new Color(44, 160, 44), Comparison.LOGGING_OFF, new Color(127, 127, 127));

	private static final Color OTHER_MODE = new Color(148, 103, 189);

	private ComparisonCharts() {
	}

	/** One x position: a configuration, or a gap between groups ({@code row} null). */
	record Slot(String label, RoundRuns.Row row) {

		/** A figure of the slot's runs; none in a gap. */
		Stats over(ToDoubleFunction<RunRecord> metric) {
			return (this.row != null) ? this.row.over(metric) : Stats.EMPTY;
		}

		/** The figure's median, {@code null} where there is none: XChart draws no bar there. */
		Double median(ToDoubleFunction<RunRecord> metric) {
			Stats stats = over(metric);
			return stats.measured() ? stats.median() : null;
		}

	}

	static void write(Comparison comparison, RunInfo info, Path dir) throws IOException {
		List<Slot> slots = slots(comparison);
		String where = " \u2014 " + info.machine() + ", " + info.date();
		double offTps = comparison.loggingOff().map((off) -> off.over(RunRecord::tps).median()).orElse(Double.NaN);
		double offP99 = comparison.loggingOff().map((off) -> off.over(RunRecord::p99Ms).median()).orElse(Double.NaN);

		String tpsTitle = "Throughput, " + info.users() + " closed-model users" + where;
		save(modeBars(tpsTitle, "TPS: median, whisker = min\u2013max", slots, RunRecord::tps, true, offTps,
				"#,##0", WIDTH, HEIGHT), tpsTitle, dir.resolve(TPS), WIDTH, HEIGHT);

		String p99Title = "p99 response time, " + info.users() + " closed-model users" + where;
		save(modeBars(p99Title, "p99 ms: median, whisker = min\u2013max", slots, RunRecord::p99Ms, true, offP99,
				"#,##0.#", WIDTH, HEIGHT), p99Title, dir.resolve(P99), WIDTH, HEIGHT);

		String cpuTitle = "CPU, percent of one core (median)" + where;
		save(cpu(cpuTitle, slots), cpuTitle, dir.resolve(CPU), WIDTH, HEIGHT);

		String writesTitle = "App write system calls per second (median)" + where;
		String bytesTitle = "App bytes written to storage, MB/s (median)" + where;
		int panel = 380;
		CategoryChart writes = modeBars(writesTitle, "writes/s", slots, RunRecord::appWriteSyscallsPerS, false, Double.NaN,
				"#,##0", WIDTH, panel);
		if (writes != null) {
			// The lower panel has the same bars in the same places and carries the legend.
			writes.getStyler().setLegendVisible(false);
			writes.getStyler().setXAxisTitleVisible(false);
		}
		CategoryChart bytes = modeBars(bytesTitle, "MB/s (10^6 bytes)", slots, (run) -> run.appWriteBytesPerS() * 1e-6,
				false, Double.NaN, "#,##0.##", WIDTH, panel);
		// XChart's grid: two cells of the first chart's size, one above the other.
		BitmapEncoder.saveBitmap(List.of(orNote(writes, writesTitle, WIDTH, panel), orNote(bytes, bytesTitle, WIDTH, panel)),
				2, 1, dir.resolve(DISK).toString(), BitmapFormat.PNG);
	}

	/** Measured configurations grouped by appenders (ascending, unknown last), gaps between groups, logging-off last. */
	static List<Slot> slots(Comparison comparison) {
		Map<Integer, List<RoundRuns.Row>> groups = new TreeMap<>();
		List<RoundRuns.Row> off = new ArrayList<>();
		for (RoundRuns.Row row : comparison.measuredClosed()) {
			if (row.config().loggingOff()) {
				off.add(row);
			}
			else {
				groups.computeIfAbsent(row.config().appenders(), (k) -> new ArrayList<>()).add(row);
			}
		}
		List<List<RoundRuns.Row>> ordered = new ArrayList<>(groups.values());
		if (!off.isEmpty()) {
			ordered.add(off);
		}
		List<Slot> slots = new ArrayList<>();
		for (List<RoundRuns.Row> group : ordered) {
			if (!slots.isEmpty()) {
				// Distinct blank labels: XChart draws a category per list entry.
				slots.add(new Slot(" ".repeat(slots.size() + 1), null));
			}
			group.forEach((row) -> slots.add(new Slot(label(row.config().id()), row)));
		}
		return slots;
	}

	/** The config id without the default {@code flush} and {@code study} parts. */
	static String label(String config) {
		return Arrays.stream(config.split("/"))
			.filter((part) -> !part.equals("flush") && !part.equals(Comparison.STUDY_PATTERN))
			.collect(Collectors.joining("/"));
	}

	/**
	 * Bars of one metric, one series per mode so that each mode has its colour. The series overlap,
	 * and each slot has a value in one series only, so every bar is centred on its label. Returns
	 * {@code null} when no configuration has the metric.
	 */
	static CategoryChart modeBars(String title, String yTitle, List<Slot> slots, ToDoubleFunction<RunRecord> metric,
			boolean spread, double reference, String decimals, int width, int height) {
		List<String> labels = slots.stream().map(Slot::label).toList();
		Set<String> modes = new LinkedHashSet<>();
		slots.stream().filter((s) -> s.row() != null).forEach((s) -> modes.add(mode(s.row())));
		double top = Double.isNaN(reference) ? 0 : reference;
		boolean any = false;
		Map<String, List<Double>> values = new LinkedHashMap<>();
		for (String mode : modes) {
			List<Double> y = new ArrayList<>();
			for (Slot slot : slots) {
				Stats stats = (slot.row() != null && mode.equals(mode(slot.row()))) ? slot.over(metric) : Stats.EMPTY;
				y.add(stats.measured() ? stats.median() : null);
				if (stats.measured()) {
					any = true;
					top = Math.max(top, spread ? stats.max() : stats.median());
				}
			}
			if (y.stream().anyMatch(Objects::nonNull)) {
				values.put(mode, y);
			}
		}
		if (!any) {
			return null;
		}
		CategoryChart chart = base(title, yTitle, width, height, decimals, top);
		chart.getStyler().setOverlapped(true);
		// The reference line goes first so that the bars are drawn over it and their labels stay legible.
		if (!Double.isNaN(reference)) {
			CategorySeries line = chart.addSeries("logging-off median", labels,
					labels.stream().map((l) -> reference).toList());
			line.setChartCategorySeriesRenderStyle(CategorySeriesRenderStyle.Line);
			line.setMarker(SeriesMarkers.NONE);
			line.setLineColor(Color.DARK_GRAY);
			line.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
					new float[] { 6f, 4f }, 0f));
		}
		values.forEach((mode, y) -> chart.addSeries(mode, labels, y)
			.setFillColor(MODE_COLORS.getOrDefault(mode, OTHER_MODE)));
		if (spread) {
			addSpread(chart, labels, slots, metric);
		}
		return chart;
	}

	/**
	 * Draws and saves the TPS chart of a matrix measured in interleaved rounds: each
	 * configuration's median TPS coloured by mode, the min–max over the rounds as whiskers.
	 * @param runs the run table, one bar per row in run order
	 */
	static void saveRoundsTps(String title, String xTitle, RoundRuns runs, Function<RoundRuns.Row, String> label,
			Path file, int width, int height) throws IOException {
		List<Slot> slots = runs.rows().stream().map((row) -> new Slot(label.apply(row), row)).toList();
		CategoryChart tps = slots.isEmpty() ? null
				: modeBars(title, "TPS: median, whisker = min\u2013max over the rounds", slots, RunRecord::tps, true,
						Double.NaN, "#,##0", width, height);
		if (tps != null) {
			tps.setXAxisTitle(xTitle);
		}
		save(tps, title, file, width, height);
	}

	/** The mode a configuration's bar is coloured by, as its runs recorded it. */
	private static String mode(RoundRuns.Row row) {
		return row.runs().get(0).mode();
	}

	/**
	 * Whiskers from min to max: an invisible line series at the middle of the range whose
	 * symmetric error bar is half the range. XChart 3.8 rejects {@code null} in a series with
	 * error bars, so slots without a value hold NaN, which draws nothing.
	 */
	private static void addSpread(CategoryChart chart, List<String> labels, List<Slot> slots,
			ToDoubleFunction<RunRecord> metric) {
		List<Double> middle = new ArrayList<>();
		List<Double> errors = new ArrayList<>();
		for (Slot slot : slots) {
			Stats stats = slot.over(metric);
			middle.add(stats.measured() ? (stats.min() + stats.max()) / 2 : Double.NaN);
			errors.add(stats.measured() ? (stats.max() - stats.min()) / 2 : 0.0);
		}
		Charts.whiskers(chart, "min\u2013max over repeats", labels, middle, errors);
	}

	/** App and Gatling CPU side by side per configuration; {@code null} when neither was measured. */
	static CategoryChart cpu(String title, List<Slot> slots) {
		List<String> labels = slots.stream().map(Slot::label).toList();
		List<Double> app = slots.stream().map((slot) -> slot.median(RunRecord::appCpuPct)).toList();
		List<Double> gatling = slots.stream().map((slot) -> slot.median(RunRecord::gatlingCpuPct)).toList();
		double top = Stream.concat(app.stream(), gatling.stream()).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
			.max()
			.orElse(0);
		boolean hasApp = app.stream().anyMatch(Objects::nonNull);
		boolean hasGatling = gatling.stream().anyMatch(Objects::nonNull);
		if (!hasApp && !hasGatling) {
			return null;
		}
		CategoryChart chart = base(title, "% of one core (200 = two cores)", WIDTH, HEIGHT, "#,##0", top);
		if (hasApp) {
			chart.addSeries("app (demo app JVM)", labels, app).setFillColor(new Color(31, 119, 180));
		}
		if (hasGatling) {
			chart.addSeries("Gatling (load generator)", labels, gatling).setFillColor(new Color(150, 150, 150));
		}
		return chart;
	}

	private static CategoryChart base(String title, String yTitle, int width, int height, String decimals,
			double top) {
		CategoryChart chart = Charts.plainBars(title, X_TITLE, yTitle, width, height);
		CategoryStyler styler = chart.getStyler();
		styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
		styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
		styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
		styler.setLegendLayout(LegendLayout.Horizontal);
		styler.setXAxisLabelRotation(35);
		styler.setAvailableSpaceFill(0.75);
		styler.setYAxisDecimalPattern(decimals);
		styler.setYAxisMax((top > 0) ? top * 1.12 : 1.0);
		styler.setLabelsVisible(true);
		styler.setLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
		styler.setLabelsPosition(0.5);
		styler.setErrorBarsColor(Color.BLACK);
		return chart;
	}

	static void save(CategoryChart chart, String title, Path file, int width, int height) throws IOException {
		BitmapEncoder.saveBitmap(orNote(chart, title, width, height), file.toString(), BitmapFormat.PNG);
	}

	/**
	 * The chart, or when there is none a chart of only a title saying so: XChart paints no bar
	 * chart without series, but an XY chart without series, of which the axes are hidden here.
	 */
	static Chart<?, ?> orNote(CategoryChart chart, String title, int width, int height) {
		if (chart != null) {
			return chart;
		}
		String note = title + ": no closed-model configuration has this figure";
		XYChart empty = Charts.titleOnly(new XYChartBuilder().width(width).height(height).title(note).build());
		empty.getStyler().setChartTitleFont(Charts.titleFont(note, width));
		return empty;
	}

}
