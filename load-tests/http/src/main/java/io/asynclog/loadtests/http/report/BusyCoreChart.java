package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Charts;

/**
 * Draws the busy-core charts with XChart: {@code http-busy-core-tps.png}, every configuration's
 * median TPS coloured by mode with the min–max over the rounds as whiskers (the study report's
 * {@link ComparisonCharts#modeBars}), and {@code http-busy-core-cpu.png}, the app's CPU per
 * request stacked by thread group.
 *
 * @author asynclog
 */
final class BusyCoreChart {

	static final String TPS = "http-busy-core-tps.png";

	static final String CPU = "http-busy-core-cpu.png";

	private static final int WIDTH = 1200;

	private static final int HEIGHT = 620;

	private static final String X_TITLE = "configuration (20 lines a request; console = Spring Boot's, file = one"
			+ " buffered rolling file)";

	private BusyCoreChart() {
	}

	static void write(RoundRuns runs, RunInfo info, Path dir) throws IOException {
		String where = " \u2014 " + info.machine() + ", " + info.date();
		String tpsTitle = "Throughput, " + info.users() + " closed-model users" + where;
		ComparisonCharts.saveRoundsTps(tpsTitle, X_TITLE, runs, BusyCoreChart::label, dir.resolve(TPS), WIDTH, HEIGHT);

		String cpuTitle = "App CPU per request by thread group (median)" + where;
		ComparisonCharts.save(cpu(cpuTitle, runs), cpuTitle, dir.resolve(CPU), WIDTH, HEIGHT);
	}

	/**
	 * Stacked bars: request threads, logging threads, GC, JIT and the other threads; {@code null}
	 * when none was measured.
	 */
	static CategoryChart cpu(String title, RoundRuns runs) {
		List<String> labels = new ArrayList<>();
		List<List<Double>> groups = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
				new ArrayList<>());
		double top = 0;
		for (RoundRuns.Row row : runs.rows()) {
			if (Double.isNaN(row.usPerRequest(RunRecord::cpuRequestS))) {
				continue;
			}
			labels.add(label(row));
			double[] values = { row.usPerRequest(RunRecord::cpuRequestS),
					zeroIfNaN(row.usPerRequest(RunRecord::cpuLoggingBgS)), zeroIfNaN(row.usPerRequest(RunRecord::cpuGcS)),
					zeroIfNaN(row.usPerRequest(RunRecord::cpuJitS)), zeroIfNaN(row.usPerRequest(RunRecord::cpuOtherS)) };
			double sum = 0;
			for (int group = 0; group < values.length; group++) {
				groups.get(group).add(values[group]);
				sum += values[group];
			}
			top = Math.max(top, sum);
		}
		if (labels.isEmpty()) {
			return null;
		}
		CategoryChart chart = Charts.plainBars(title, X_TITLE, "CPU \u00b5s per request", WIDTH, HEIGHT);
		CategoryStyler styler = chart.getStyler();
		styler.setLegendLayout(LegendLayout.Horizontal);
		styler.setPlotGridVerticalLinesVisible(false);
		styler.setXAxisLabelRotation(35);
		styler.setStacked(true);
		styler.setYAxisDecimalPattern("#,##0");
		styler.setYAxisMax(top * 1.12);
		chart.addSeries("request threads (http-nio-*-exec-*)", labels, groups.get(0)).setFillColor(new Color(31, 119, 180));
		chart.addSeries("logging threads", labels, groups.get(1)).setFillColor(new Color(255, 127, 14));
		chart.addSeries("GC", labels, groups.get(2)).setFillColor(new Color(44, 160, 44));
		chart.addSeries("JIT", labels, groups.get(3)).setFillColor(new Color(148, 103, 189));
		chart.addSeries("other threads (poller, VM, ...)", labels, groups.get(4)).setFillColor(new Color(160, 160, 160));
		return chart;
	}

	/** Mode, sink, placement and backend in a few words, for an axis. */
	static String label(RoundRuns.Row row) {
		String sink = row.config().bootConsole() ? "console" : "file";
		String cores = (row.config().cores() == 2) ? ", 2 cores" : "";
		String backend = (row.config().logback() && !row.config().csvMode().equals(RunConfig.LOGBACK_ASYNC_APPENDER))
				? "Logback " : "";
		return backend + BusyCoreMarkdown.label(row.config()) + ", " + sink + cores;
	}

	private static double zeroIfNaN(double value) {
		return Double.isNaN(value) ? 0 : value;
	}

}
