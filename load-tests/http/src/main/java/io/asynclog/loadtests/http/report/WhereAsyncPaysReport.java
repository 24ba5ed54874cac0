package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;

import io.asynclog.loadtests.http.ComparisonMatrix;
import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes the report of the {@code where-async-pays} matrix from the runner's raw CSV and
 * run-info: {@code http-where-async-pays.md} (lines per request, CPU placement, the slow sink,
 * open-model latency, the cost model's predictions against the measured figures, and the targets,
 * computed rather than asserted; a missed one says why, from the cost model) and the chart
 * {@code http-where-async-pays-tps.png}, with a copy of both inputs next to them. The cost model
 * reads the JMH suite's {@code jmh-summary.csv} from the same directory.
 *
 * <p>Usage from the command line: {@code WhereAsyncPaysReport RAW_CSV RUN_INFO REPORT_DIR}.
 *
 * @author asynclog
 */
public final class WhereAsyncPaysReport {

	public static final String MARKDOWN = "http-where-async-pays.md";

	static final Page PAGE = new Page("WhereAsyncPaysReport", "http-where-async-pays");

	static final String TPS_CHART = "http-where-async-pays-tps.png";

	private static final int WIDTH = 1400;

	private static final int HEIGHT = 650;

	private WhereAsyncPaysReport() {
	}

	public static void main(String[] args) throws IOException {
		PAGE.main(args, WhereAsyncPaysReport::render);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		PAGE.write(rawCsv, runInfo, reportDir, WhereAsyncPaysReport::render);
	}

	private static String render(List<RunRecord> records, RunInfo info, Path dir) throws IOException {
		PaysRuns runs = PaysRuns.of(records);
		double duration = Double.parseDouble(info.durationSeconds().replace(Fmt.DASH, "20"));
		CostModel model = new CostModel(CostModel.JmhCosts.read(dir.resolve(CostModel.JmhCosts.FILE)), duration);
		chart(runs, model, info, dir);

		StringBuilder md = PAGE.head("HTTP comparison, part two: where async logging pays", info, dir);
		md.append("- Each closed-model run: ").append(info.users()).append(" users, ").append(info.durationSeconds())
			.append(" s after ").append(info.warmupSeconds()).append(" s of warm-up; ").append(info.repeats())
			.append(" repeats, medians (min–max). Open model: ").append(info.openRate())
			.append(" of each configuration's median closed-model TPS, one run each.\n");
		md.append("- Placement: ").append(info.pinning()).append("; `cores=2`: both CPUs for both. Slow sink: a console"
				+ " read at ").append(info.get("slow_sink.bytes_per_s")).append(" bytes/s.\n\n");
		md.append("## Targets\n\n");
		Target.table(md, targets(runs, model));

		md.append("## 1. Lines per request (the app on one core, the load on the other)\n\n");
		Fmt.tableHead(md, "lines", "configuration", "TPS", "× sync", "× logging off", "p99 ms", "app CPU µs/request",
				"lines");
		for (RoundRuns.Row row : runs.closed().rows()) {
			RunConfig config = row.config();
			if (config.cores() == 1 && !config.slowSink() && !config.discard()) {
				Fmt.tableRow(md, config.linesPerRequest(), label(config), Fmt.withSpread(row.over(RunRecord::tps)),
						Fmt.ratio(row.medianRatioTo(PaysRuns.SYNC, RunRecord::tps)),
						Fmt.ratio(row.medianRatioTo(RunConfig.LOGGING_OFF, RunRecord::tps)), row.median(RunRecord::p99Ms),
						Fmt.number(PaysRuns.cpuUsPerRequest(row)), linesCell(row));
			}
		}
		md.append("\n## 2. CPU placement\n\n");
		Fmt.tableHead(md, "lines", "mode", "one core TPS", "both cores TPS", "both / one", "app CPU % (both)",
				"Gatling CPU % (both)");
		for (RoundRuns.Row row : runs.closed().rows()) {
			RunConfig config = row.config();
			if (config.cores() == 2) {
				double one = runs.closed(config.id().replace("/cores=2", ""))
					.map((c) -> c.over(RunRecord::tps).median())
					.orElse(Double.NaN);
				Fmt.tableRow(md, config.linesPerRequest(), config.csvMode(), Fmt.number(one),
						Fmt.withSpread(row.over(RunRecord::tps)),
						Fmt.ratio(Stats.ratio(row.over(RunRecord::tps).median(), one)), row.median(RunRecord::appCpuPct),
						row.median(RunRecord::gatlingCpuPct));
			}
		}
		md.append("\n## 3. Slow sink\n\n");
		Fmt.tableHead(md, "configuration", "TPS", "× logging off", "p50 ms", "p99 ms", "queue peak (slots)", "dropped",
				"lines");
		for (RoundRuns.Row row : runs.closed().rows()) {
			if (row.config().slowSink()) {
				Fmt.tableRow(md, label(row.config()), Fmt.withSpread(row.over(RunRecord::tps)),
						Fmt.ratio(row.medianRatioTo(RunConfig.LOGGING_OFF, RunRecord::tps)), row.median(RunRecord::p50Ms),
						row.median(RunRecord::p99Ms), Fmt.number(row.worst(RunRecord::queuePeak)),
						Fmt.number(row.worst(RunRecord::queueDropped)), linesCell(row));
			}
		}
		md.append("\n## 4. Open-model latency at shares of each configuration's own capacity\n\n");
		Fmt.tableHead(md, "configuration", "rate /s", "% of its closed TPS", "p50 ms", "p99 ms", "p99.9 ms", "KO");
		for (PaysRuns.Open row : runs.open()) {
			Fmt.tableRow(md, label(row.config()), Fmt.number(row.rate()), Fmt.number(row.percentOfCapacity()),
					Fmt.number(row.p50Ms().median()), Fmt.number(row.p99Ms().median()),
					Fmt.number(row.p999Ms().median()), Fmt.number(row.ko()));
		}
		md.append("\n## 5. Cost model: predicted against measured TPS\n\n");
		CostModel.JmhCosts jmh = model.jmh();
		md.append("Per-line costs from `jmh-summary.csv`, µs of one core: format and encode `f` = ")
			.append(Fmt.number(jmh.formatUs())).append(" (").append(CostModel.JmhCosts.FORMAT_ROW)
			.append("), flushed write `w` = ").append(Fmt.number(jmh.writeUs())).append(" (")
			.append(CostModel.JmhCosts.FLUSH_ROW).append(" less `f`), hand-off `a` = ")
			.append(Fmt.number(jmh.asyncLoggerHandOffUs())).append(" for the async logger (")
			.append(CostModel.JmhCosts.ASYNCLOG_ROW).append(") and ").append(Fmt.number(jmh.asyncAppenderHandOffUs()))
			.append(" for the AsyncAppender (").append(CostModel.JmhCosts.ASYNC_APPENDER_ROW).append(").")
			.append(" The model: [load-tests.md](../load-tests.md#the-cost-model).\n\n");
		Fmt.tableHead(md, "configuration", "h µs", "logging µs/request", "predicted TPS", "measured TPS",
				"measured / predicted", "measured logging µs/line", "limited by");
		for (RoundRuns.Row row : runs.closed().rows()) {
			Optional<CostModel.Prediction> prediction = model.predict(row.config(), runs);
			if (prediction.isPresent()) {
				CostModel.Prediction p = prediction.get();
				double measuredPerLine = (PaysRuns.cpuUsPerRequest(row) - p.httpUs()) / row.config().linesPerRequest();
				String ringFull = Double.isNaN(p.ringFullAfterSeconds()) ? ""
						: String.format(Locale.ROOT, " (ring full after %.0f s)", p.ringFullAfterSeconds());
				Fmt.tableRow(md, label(row.config()), Fmt.number(p.httpUs()), Fmt.number(p.loggingUs()),
						Fmt.number(p.tps()), row.median(RunRecord::tps),
						Fmt.ratio(Stats.ratio(row.over(RunRecord::tps).median(), p.tps())), Fmt.number(measuredPerLine),
						p.bound() + ringFull);
			}
		}
		md.append("\n![Measured and predicted TPS](").append(TPS_CHART).append(")\n\n");
		return md.toString();
	}

	static List<Target> targets(PaysRuns runs, CostModel model) {
		int lines = runs.closed().rows().stream().mapToInt((c) -> c.config().linesPerRequest()).max().orElse(1);
		String options = (lines == 1) ? "" : "/lines=" + lines;
		Optional<RoundRuns.Row> sync = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("sync") + options);
		Optional<RoundRuns.Row> async = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("async-logger") + options);
		Optional<RoundRuns.Row> off = runs.closed(RunConfig.LOGGING_OFF + options);
		return List.of(
				ratioTarget("%d lines per request, one core: async-logger TPS ≥ 1.6× sync".formatted(lines), async, sync,
						1.6, model, runs),
				ratioTarget("%d lines per request, one core: async-logger TPS ≥ 0.9× logging off".formatted(lines),
						async, off, 0.9, model, runs),
				slowSinkTarget(runs, model));
	}

	private static Target ratioTarget(String name, Optional<RoundRuns.Row> measured, Optional<RoundRuns.Row> against,
			double required, CostModel model, PaysRuns runs) {
		if (measured.isEmpty() || against.isEmpty()) {
			return Target.notMeasured(name);
		}
		double tps = measured.get().over(RunRecord::tps).median();
		double againstTps = against.get().over(RunRecord::tps).median();
		double ratio = Stats.ratio(tps, againstTps);
		String figures = "%s TPS against %s: %s".formatted(Fmt.number(tps), Fmt.number(againstTps), Fmt.ratio(ratio));
		if (ratio >= required) {
			return Target.of(name, true, figures, "");
		}
		Optional<CostModel.Prediction> mine = model.predict(measured.get().config(), runs);
		Optional<CostModel.Prediction> theirs = against.get().config().loggingOff() ? Optional.empty()
				: model.predict(against.get().config(), runs);
		String why = "no logging-off run to set the model's h";
		if (mine.isPresent()) {
			CostModel.Prediction p = mine.get();
			double predictedAgainst = theirs.map(CostModel.Prediction::tps).orElse(1e6 / p.httpUs());
			why = String.format(Locale.ROOT, "one core: h = %s µs + %s µs of logging a request; the model predicts %s"
					+ " against %s (%s)", Fmt.number(p.httpUs()), Fmt.number(p.loggingUs()), Fmt.number(p.tps()),
					Fmt.number(predictedAgainst), Fmt.ratio(p.tps() / predictedAgainst));
		}
		return Target.of(name, false, figures, why);
	}

	private static Target slowSinkTarget(PaysRuns runs, CostModel model) {
		String name = "slow sink: async-logger p99 ≤ 1.5× logging off's, while sync stalls";
		Optional<RoundRuns.Row> async = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("async-logger") + "/sink=slow");
		Optional<RoundRuns.Row> sync = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("sync") + "/sink=slow");
		Optional<RoundRuns.Row> off = runs.closed(RunConfig.LOGGING_OFF + "/sink=slow");
		if (async.isEmpty() || sync.isEmpty() || off.isEmpty()) {
			return Target.notMeasured(name);
		}
		double asyncP99 = async.get().over(RunRecord::p99Ms).median();
		double offP99 = off.get().over(RunRecord::p99Ms).median();
		double syncTps = sync.get().over(RunRecord::tps).median();
		double offTps = off.get().over(RunRecord::tps).median();
		double p99Ratio = Stats.ratio(asyncP99, offP99);
		double sinkTps = (double) CostModel.SLOW_SINK_BYTES_PER_SECOND / CostModel.CONSOLE_LINE_BYTES;
		boolean syncStalls = syncTps <= 1.2 * sinkTps;
		String figures = String.format(Locale.ROOT,
				"async-logger p99 %s ms against logging off %s ms (%s); sync %s TPS, %s of logging off, against the"
						+ " sink's %s lines/s",
				Fmt.number(asyncP99), Fmt.number(offP99), Fmt.ratio(p99Ratio), Fmt.number(syncTps),
				Fmt.ratio(Stats.ratio(syncTps, offTps)), Fmt.number(sinkTps));
		if (p99Ratio <= 1.5 && syncStalls) {
			return Target.of(name, true, figures, "");
		}
		String why = !syncStalls ? "sync did not fall to the sink's rate, so nothing stalled"
				: String.format(Locale.ROOT, "one core: the background thread writes both appenders' lines on the"
						+ " request threads' core; the model predicts %s TPS against logging off's %s",
						model.predict(async.get().config(), runs).map((p) -> Fmt.number(p.tps())).orElse(Fmt.DASH),
						Fmt.number(offTps));
		return Target.of(name, false, figures, why);
	}

	/**
	 * Every closed-model configuration's measured TPS next to the cost model's prediction, so that
	 * where the model holds and where it is off shows at a glance.
	 */
	private static void chart(PaysRuns runs, CostModel model, RunInfo info, Path dir) throws IOException {
		List<String> labels = new ArrayList<>();
		List<Double> measured = new ArrayList<>();
		List<Double> predicted = new ArrayList<>();
		double top = 0;
		for (RoundRuns.Row row : runs.closed().rows()) {
			double predictedTps = model.predict(row.config(), runs).map(CostModel.Prediction::tps).orElse(0.0);
			double tps = row.over(RunRecord::tps).median();
			labels.add(label(row.config()));
			measured.add(tps);
			predicted.add(predictedTps);
			top = Math.max(top, Math.max(tps, predictedTps));
		}
		String title = "Measured and predicted TPS, " + info.users() + " closed-model users" + info.where();
		CategoryChart chart = Charts.plainBars(title,
				"configuration (one file, flushed, plain pattern, one core, one line a request unless named)", "TPS",
				WIDTH, HEIGHT);
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
		ComparisonCharts.save(labels.isEmpty() ? null : chart, title, dir.resolve(TPS_CHART), WIDTH, HEIGHT);
	}

	/** The configuration without the base every row shares. */
	static String label(RunConfig config) {
		List<String> parts = new ArrayList<>();
		parts.add(config.csvMode());
		if (!config.immediateFlush() && !config.loggingOff()) {
			parts.add("no flush");
		}
		if (config.linesPerRequest() != 1) {
			parts.add(config.linesPerRequest() + " lines");
		}
		if (config.cores() != 1) {
			parts.add(config.cores() + " cores");
		}
		if (config.slowSink()) {
			parts.add("slow sink");
		}
		if (config.discard()) {
			parts.add("discard");
		}
		return String.join(", ", parts);
	}

	private static String linesCell(RoundRuns.Row row) {
		return row.linesOk() ? "ok" : "**mismatch**";
	}

}
