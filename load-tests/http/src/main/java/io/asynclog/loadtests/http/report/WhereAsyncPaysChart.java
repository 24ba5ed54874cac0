package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;

import io.asynclog.loadtests.report.Charts;

/**
 * Draws {@code http-where-async-pays-tps.png}: every closed-model configuration's measured TPS
 * next to the cost model's prediction, so that where the model holds and where it is off
 * shows at a glance.
 *
 * @author asynclog
 */
final class WhereAsyncPaysChart {

	static final String TPS = "http-where-async-pays-tps.png";

	private static final int WIDTH = 1400;

	private static final int HEIGHT = 650;

	private WhereAsyncPaysChart() {
	}

	static void write(PaysRuns runs, CostModel model, RunInfo info, Path dir) throws IOException {
		List<String> labels = new ArrayList<>();
		List<Double> measured = new ArrayList<>();
		List<Double> predicted = new ArrayList<>();
		double top = 0;
		for (RoundRuns.Row row : runs.closed().rows()) {
			Optional<CostModel.Prediction> prediction = model.predict(row.config(), runs);
			double predictedTps = prediction.map(CostModel.Prediction::tps).orElse(0.0);
			labels.add(WhereAsyncPaysMarkdown.label(row.config()));
			double tps = row.over(RunRecord::tps).median();
			measured.add(tps);
			predicted.add(predictedTps);
			top = Math.max(top, Math.max(tps, predictedTps));
		}
		String title = "Measured and predicted TPS, " + info.users() + " closed-model users \u2014 " + info.machine()
				+ ", " + info.date();
		CategoryChart chart = Charts.plainBars(title,
				"configuration (one file, flushed, plain pattern, one core, one line a request unless named)", "TPS", WIDTH,
				HEIGHT);
		CategoryStyler styler = chart.getStyler();
		styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
		styler.setLegendLayout(LegendLayout.Horizontal);
		styler.setXAxisLabelRotation(35);
		styler.setYAxisDecimalPattern("#,##0");
		styler.setYAxisMax((top > 0) ? top * 1.12 : 1.0);
		styler.setLabelsVisible(true);
		styler.setLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
		if (!labels.isEmpty()) {
			chart.addSeries("measured (median)", labels, measured).setFillColor(new Color(31, 119, 180));
			chart.addSeries("cost model prediction (none for logging-off)", labels, predicted)
				.setFillColor(new Color(180, 180, 180));
		}
		ComparisonCharts.save(labels.isEmpty() ? null : chart, title, dir.resolve(TPS), WIDTH, HEIGHT);
	}

}
