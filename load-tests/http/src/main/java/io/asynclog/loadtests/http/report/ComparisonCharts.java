package io.asynclog.loadtests.http.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.markers.SeriesMarkers;

import io.asynclog.loadtests.http.report.HttpComparisonReport.Comparison;
import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Stats;

/**
 * The bar charts the HTTP comparison pages share, drawn with XChart: one bar per configuration
 * coloured by mode, with the min–max over the rounds as whiskers and a dashed reference line where
 * asked, and a chart that says so where no configuration has the figure.
 *
 * @author asynclog
 */
final class ComparisonCharts {

	private static final Map<String, Color> MODE_COLORS = Map.of(Comparison.SYNC, new Color(214, 39, 40),
			Comparison.ASYNC_APPENDER, new Color(255, 127, 14), Comparison.ASYNC_LOGGER, new Color(31, 119, 180),
			Comparison.ALL_ASYNC, new Color(44, 160, 44), Comparison.LOGGING_OFF, new Color(127, 127, 127));

	private static final Color OTHER_MODE = new Color(148, 103, 189);

	private ComparisonCharts() {
	}

	/** One x position: a configuration, or a gap between groups ({@code row} null). */
	record Slot(String label, RoundRuns.Row row) {

		Stats over(ToDoubleFunction<RunRecord> metric) {
			return (this.row != null) ? this.row.over(metric) : Stats.EMPTY;
		}

		/** The figure's median, {@code null} where there is none: XChart draws no bar there. */
		Double median(ToDoubleFunction<RunRecord> metric) {
			Stats stats = over(metric);
			return stats.measured() ? stats.median() : null;
		}

	}

	/**
	 * Bars of one metric, one series per mode so that each mode has its colour. The series overlap,
	 * and each slot has a value in one series only, so every bar is centred on its label. Returns
	 * {@code null} when no configuration has the metric.
	 * @param spread whether to draw the min–max as whiskers
	 * @param reference logging-off's median as a dashed line, or NaN for none
	 */
	static CategoryChart modeBars(String title, String xTitle, String yTitle, List<Slot> slots,
			ToDoubleFunction<RunRecord> metric, boolean spread, double reference, String decimals, int width,
			int height) {
		List<String> labels = slots.stream().map(Slot::label).toList();
		// The modes in the order of their first slots, whether or not that slot has the metric.
		Map<String, List<Double>> values = new LinkedHashMap<>();
		slots.stream().filter((s) -> s.row() != null).forEach((s) -> values.put(mode(s.row()), new ArrayList<>()));
		double top = Double.isNaN(reference) ? 0 : reference;
		for (Slot slot : slots) {
			Stats stats = slot.over(metric);
			values.forEach((mode, y) -> y.add((stats.measured() && mode.equals(mode(slot.row()))) ? stats.median() : null));
			if (stats.measured()) {
				top = Math.max(top, spread ? stats.max() : stats.median());
			}
		}
		values.values().removeIf((y) -> y.stream().allMatch(Objects::isNull));
		if (values.isEmpty()) {
			return null;
		}
		CategoryChart chart = bars(title, xTitle, yTitle, width, height, decimals, top);
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
			whiskers(chart, "min\u2013max over repeats", labels, slots.stream().map((slot) -> slot.over(metric)).toList());
		}
		return chart;
	}

	/** Saves a matrix's TPS chart: one bar per configuration in run order, the min–max over the rounds. */
	static void saveRoundsTps(String title, String xTitle, RoundRuns runs, Function<RoundRuns.Row, String> label,
			Path file, int width, int height) throws IOException {
		List<Slot> slots = runs.rows().stream().map((row) -> new Slot(label.apply(row), row)).toList();
		save(slots.isEmpty() ? null : modeBars(title, xTitle, "TPS: median, whisker = min\u2013max over the rounds",
				slots, RunRecord::tps, true, Double.NaN, "#,##0", width, height), title, file, width, height);
	}

	/**
	 * Whiskers from min to max. XChart 3.8 rejects null in a series with error bars: where nothing
	 * was measured the whisker is NaN, which draws nothing.
	 */
	static void whiskers(CategoryChart chart, String name, List<String> labels, List<Stats> stats) {
		Charts.whiskers(chart, name, labels,
				stats.stream().map((s) -> s.measured() ? (s.min() + s.max()) / 2 : Double.NaN).toList(),
				stats.stream().map((s) -> s.measured() ? (s.max() - s.min()) / 2 : 0.0).toList());
	}

	/** The mode a configuration's bar is coloured by, as its runs recorded it. */
	private static String mode(RoundRuns.Row row) {
		return row.runs().get(0).mode();
	}

	static CategoryChart bars(String title, String xTitle, String yTitle, int width, int height, String decimals,
			double top) {
		CategoryChart chart = Charts.plainBars(title, xTitle, yTitle, width, height);
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
