package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;

import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Stats;

/**
 * Draws the {@code logback} matrix's charts with XChart: {@code http-logback-tps.png}, each
 * configuration's median TPS coloured by mode with the min–max over the rounds as whiskers, and
 * {@code http-logback-lost.png}, the request lines that never reached the console, in percent of
 * the lines logged, median with min–max.
 *
 * @author asynclog
 */
final class LogbackChart {

	static final String TPS = "http-logback-tps.png";

	static final String LOST = "http-logback-lost.png";

	private static final int WIDTH = 1000;

	private static final int HEIGHT = 560;

	private static final String X_TITLE = "configuration (Logback, Spring Boot's console, 20 lines a request,"
			+ " two shared cores)";

	private LogbackChart() {
	}

	static void write(RoundRuns runs, RunInfo info, Path dir) throws IOException {
		String where = " \u2014 " + info.machine() + ", " + info.date();
		String tpsTitle = "Throughput on Logback, " + info.users() + " closed-model users" + where;
		ComparisonCharts.saveRoundsTps(tpsTitle, X_TITLE, runs, (row) -> LogbackMarkdown.label(row.config()), dir.resolve(TPS), WIDTH, HEIGHT);

		String lostTitle = "Request (INFO) lines that never reached the console, % of the lines logged" + where;
		ComparisonCharts.save(lost(lostTitle, runs), lostTitle, dir.resolve(LOST), WIDTH, HEIGHT);
	}

	/** Bars of the lost share with min–max whiskers; {@code null} when no configuration logged lines. */
	static CategoryChart lost(String title, RoundRuns runs) {
		List<String> labels = new ArrayList<>();
		List<Double> median = new ArrayList<>();
		List<Double> middle = new ArrayList<>();
		List<Double> halfRange = new ArrayList<>();
		double top = 0;
		for (RoundRuns.Row row : runs.rows()) {
			Stats lost = row.over(LogbackRuns::lostPct);
			if (!lost.measured()) {
				continue;
			}
			labels.add(LogbackMarkdown.label(row.config()));
			median.add(lost.median());
			middle.add((lost.min() + lost.max()) / 2);
			halfRange.add((lost.max() - lost.min()) / 2);
			top = Math.max(top, lost.max());
		}
		if (labels.isEmpty()) {
			return null;
		}
		CategoryChart chart = Charts.plainBars(title, X_TITLE, "% of the request lines logged", WIDTH, HEIGHT);
		CategoryStyler styler = chart.getStyler();
		styler.setOverlapped(true);
		styler.setYAxisDecimalPattern("0.#");
		// A run that lost nothing still gets a readable axis.
		styler.setYAxisMax(Math.max(1.0, top * 1.15));
		styler.setLabelsVisible(true);
		styler.setErrorBarsColor(Color.BLACK);
		chart.addSeries("lost (median over the rounds)", labels, median).setFillColor(new Color(214, 39, 40));
		Charts.whiskers(chart, "min\u2013max over the rounds", labels, middle, halfRange);
		return chart;
	}

}
