package io.asynclog.loadtests.jmh;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;

import io.asynclog.loadtests.report.Charts;

/**
 * The report's bar charts, drawn with XChart: one bar per setup, asynclog's in its own colour.
 * Axes are linear: XChart's bars always start at zero, which a logarithmic axis cannot show.
 */
final class JmhCharts {

	private static final Color ASYNCLOG = new Color(0x2E7D32);

	private static final Color OTHERS = new Color(0x5C6BC0);

	private JmhCharts() {
	}

	/** Draws a horizontal-label bar chart of the values that are known. */
	static void bars(Path file, String title, String yTitle, Map<String, Double> values)
			throws IOException {
		List<String> labels = new ArrayList<>();
		List<Double> ours = new ArrayList<>();
		List<Double> theirs = new ArrayList<>();
		values.forEach((label, value) -> {
			if (value != null && !value.isNaN()) {
				labels.add(label);
				boolean asynclog = label.startsWith("asynclog");
				ours.add(asynclog ? value : 0.0);
				theirs.add(asynclog ? 0.0 : value);
			}
		});
		CategoryChart chart = chart(title, yTitle, 30);
		chart.getStyler().setOverlapped(true);
		chart.getStyler().setSeriesColors(new Color[] { OTHERS, ASYNCLOG });
		chart.addSeries("other setups", labels, theirs);
		chart.addSeries("asynclog", labels, ours);
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	/**
	 * Draws bars grouped by setup, one series per condition (thread count, rate). A value that
	 * is not known draws no bar.
	 * @param series condition to one value per setup, in the order of {@code setups}
	 */
	static void groupedBars(Path file, String title, String yTitle, List<String> setups, Map<String, List<Double>> series)
			throws IOException {
		CategoryChart chart = chart(title, yTitle, 20);
		// Series are conditions, not setups: asynclog's green stays out of them.
		chart.getStyler().setSeriesColors(new Color[] { OTHERS, new Color(0xF9A825), new Color(0x8D6E63) });
		series.forEach((name, values) -> chart.addSeries(name, setups,
				values.stream().map((value) -> (value == null || value.isNaN()) ? 0.0 : value).toList()));
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	/** The pages' plain bars, 1000 x 560, the legend below: a tall bar would hide under a legend inside the plot. */
	private static CategoryChart chart(String title, String yTitle, int labelRotation) {
		CategoryChart chart = Charts.plainBars(title, "", yTitle, 1000, 560);
		chart.getStyler().setXAxisLabelRotation(labelRotation);
		chart.getStyler().setYAxisDecimalPattern("#,###");
		return chart;
	}

}
