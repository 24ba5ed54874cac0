package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendLayout;

import io.asynclog.loadtests.http.ComparisonMatrix;
import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes the report of the {@code where-async-pays} matrix from the runner's raw CSV and run-info:
 * {@code http-where-async-pays.md} (lines per request, CPU placement, the slow sink, open-model
 * latency, the cost model's predictions against the measured figures, and the targets, computed
 * rather than asserted; a missed one says why, from the cost model) and the chart
 * {@code http-where-async-pays-tps.png}. The cost model reads the JMH suite's
 * {@code jmh-summary.csv} from the same directory. Usage: {@code RAW_CSV RUN_INFO REPORT_DIR}, as
 * {@link Page#main}.
 *
 * @author asynclog
 */
public final class WhereAsyncPaysReport {

	public static final String MARKDOWN = "http-where-async-pays.md";

	static final Page PAGE = new Page("WhereAsyncPaysReport", "http-where-async-pays");

	static final String TPS_CHART = "http-where-async-pays-tps.png";

	/** The twin the first table's ratio divides by. */
	static final String SYNC = "sync";

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
		RoundRuns runs = closedRuns(records);
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
		Target.table(md, targets(runs, model));

		List<RoundRuns.Row> rows = runs.rows();
		Fmt.table(md, "1. Lines per request (the app on one core, the load on the other)",
				List.of("lines", "configuration", "TPS", "× sync", "× logging off", "p99 ms", "app CPU µs/request", "lines"),
				rows.stream().filter((row) -> row.config().cores() == 1 && !row.config().slowSink() && !row.config().discard()),
				(row) -> new Object[] { row.config().linesPerRequest(), label(row.config()),
					Fmt.withSpread(row.over(RunRecord::tps)), Fmt.ratio(row.medianRatioTo(SYNC, RunRecord::tps)),
					Fmt.ratio(row.medianRatioTo(RunConfig.LOGGING_OFF, RunRecord::tps)), row.median(RunRecord::p99Ms),
					Fmt.number(cpuUsPerRequest(row)), linesCell(row) });
		Fmt.table(md, "2. CPU placement", List.of("lines", "mode", "one core TPS", "both cores TPS", "both / one",
				"app CPU % (both)", "Gatling CPU % (both)"), rows.stream().filter((row) -> row.config().cores() == 2),
				(row) -> {
					double one = runs.row(row.config().id().replace("/cores=2", ""))
						.map((c) -> c.over(RunRecord::tps).median())
						.orElse(Double.NaN);
					return new Object[] { row.config().linesPerRequest(), row.config().csvMode(), Fmt.number(one),
						Fmt.withSpread(row.over(RunRecord::tps)),
						Fmt.ratio(Stats.ratio(row.over(RunRecord::tps).median(), one)), row.median(RunRecord::appCpuPct),
						row.median(RunRecord::gatlingCpuPct) };
				});
		Fmt.table(md, "3. Slow sink", List.of("configuration", "TPS", "× logging off", "p50 ms", "p99 ms",
				"queue peak (slots)", "dropped", "lines"), rows.stream().filter((row) -> row.config().slowSink()),
				(row) -> new Object[] { label(row.config()), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratio(row.medianRatioTo(RunConfig.LOGGING_OFF, RunRecord::tps)), row.median(RunRecord::p50Ms),
					row.median(RunRecord::p99Ms), Fmt.number(row.worst(RunRecord::queuePeak)),
					Fmt.number(row.worst(RunRecord::queueDropped)), linesCell(row) });
		Fmt.table(md, "4. Open-model latency at shares of each configuration's own capacity",
				List.of("configuration", "rate /s", "% of its closed TPS", "p50 ms", "p99 ms", "p99.9 ms", "KO"),
				RoundRuns.groups(records.stream().filter((run) -> !run.closed()),
						(run) -> run.config() + "@" + (long) run.rate()).values().stream(),
				(open) -> {
					RunConfig config = RunConfig.parse(open.get(0).config());
					double rate = open.get(0).rate();
					double capacity = runs.row(config.id()).map((row) -> row.over(RunRecord::tps).median())
						.orElse(Double.NaN);
					return new Object[] { label(config), Fmt.number(rate), Fmt.number(100 * rate / capacity),
						Fmt.number(RoundRuns.over(open, RunRecord::p50Ms).median()),
						Fmt.number(RoundRuns.over(open, RunRecord::p99Ms).median()),
						Fmt.number(RoundRuns.over(open, RunRecord::p999Ms).median()),
						Fmt.number(open.stream().mapToDouble(RunRecord::requestsKo).max().orElse(0)) };
				});
		CostModel.JmhCosts jmh = model.jmh();
		String costs = "5. Cost model: predicted against measured TPS\n\nPer-line costs from `jmh-summary.csv`, µs of"
				+ " one core: format and encode `f` = " + Fmt.number(jmh.formatUs()) + " (" + CostModel.JmhCosts.FORMAT_ROW
				+ "), flushed write `w` = " + Fmt.number(jmh.writeUs()) + " (" + CostModel.JmhCosts.FLUSH_ROW
				+ " less `f`), hand-off `a` = " + Fmt.number(jmh.asyncLoggerHandOffUs()) + " for the async logger ("
				+ CostModel.JmhCosts.ASYNCLOG_ROW + ") and " + Fmt.number(jmh.asyncAppenderHandOffUs())
				+ " for the AsyncAppender (" + CostModel.JmhCosts.ASYNC_APPENDER_ROW + ")."
				+ " The model: [load-tests.md](../load-tests.md#the-cost-model).";
		Fmt.table(md, costs, List.of("configuration", "h µs", "logging µs/request", "predicted TPS", "measured TPS",
				"measured / predicted", "measured logging µs/line", "limited by"),
				rows.stream().filter((row) -> model.predict(row.config(), runs).isPresent()), (row) -> {
					CostModel.Prediction p = model.predict(row.config(), runs).get();
					double measuredPerLine = (cpuUsPerRequest(row) - p.httpUs()) / row.config().linesPerRequest();
					String ringFull = Double.isNaN(p.ringFullAfterSeconds()) ? ""
							: String.format(Locale.ROOT, " (ring full after %.0f s)", p.ringFullAfterSeconds());
					return new Object[] { label(row.config()), Fmt.number(p.httpUs()), Fmt.number(p.loggingUs()),
						Fmt.number(p.tps()), row.median(RunRecord::tps),
						Fmt.ratio(Stats.ratio(row.over(RunRecord::tps).median(), p.tps())), Fmt.number(measuredPerLine),
						p.bound() + ringFull };
				});
		md.append("![Measured and predicted TPS](").append(TPS_CHART).append(")\n\n");
		return md.toString();
	}

	static List<Target> targets(RoundRuns runs, CostModel model) {
		int lines = runs.rows().stream().mapToInt((c) -> c.config().linesPerRequest()).max().orElse(1);
		String options = (lines == 1) ? "" : "/lines=" + lines;
		Optional<RoundRuns.Row> sync = runs.row(ComparisonMatrix.PAYS_BASE.formatted("sync") + options);
		Optional<RoundRuns.Row> async = runs.row(ComparisonMatrix.PAYS_BASE.formatted("async-logger") + options);
		Optional<RoundRuns.Row> off = runs.row(RunConfig.LOGGING_OFF + options);
		return List.of(
				ratioTarget("%d lines per request, one core: async-logger TPS ≥ 1.6× sync".formatted(lines), async, sync,
						1.6, model, runs),
				ratioTarget("%d lines per request, one core: async-logger TPS ≥ 0.9× logging off".formatted(lines),
						async, off, 0.9, model, runs),
				slowSinkTarget(runs, model));
	}

	private static Target ratioTarget(String name, Optional<RoundRuns.Row> measured, Optional<RoundRuns.Row> against,
			double required, CostModel model, RoundRuns runs) {
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
		Optional<CostModel.Prediction> theirs = model.predict(against.get().config(), runs);
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

	private static Target slowSinkTarget(RoundRuns runs, CostModel model) {
		String name = "slow sink: async-logger p99 ≤ 1.5× logging off's, while sync stalls";
		Optional<RoundRuns.Row> async = runs.row(ComparisonMatrix.PAYS_BASE.formatted("async-logger") + "/sink=slow");
		Optional<RoundRuns.Row> sync = runs.row(ComparisonMatrix.PAYS_BASE.formatted("sync") + "/sink=slow");
		Optional<RoundRuns.Row> off = runs.row(RunConfig.LOGGING_OFF + "/sink=slow");
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
	private static void chart(RoundRuns runs, CostModel model, RunInfo info, Path dir) throws IOException {
		List<RoundRuns.Row> rows = runs.rows();
		List<String> labels = rows.stream().map((row) -> label(row.config())).toList();
		List<Double> measured = rows.stream().map((row) -> row.over(RunRecord::tps).median()).toList();
		List<Double> predicted = rows.stream()
			.map((row) -> model.predict(row.config(), runs).map(CostModel.Prediction::tps).orElse(0.0))
			.toList();
		// Math.max keeps a NaN median: such a chart gets the default axis.
		double top = Stream.concat(measured.stream(), predicted.stream()).reduce(0.0, Math::max);
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
		return Stream.of(config.csvMode(), (!config.immediateFlush() && !config.loggingOff()) ? "no flush" : null,
				(config.linesPerRequest() != 1) ? config.linesPerRequest() + " lines" : null,
				(config.cores() != 1) ? config.cores() + " cores" : null, config.slowSink() ? "slow sink" : null,
				config.discard() ? "discard" : null)
			.filter(Objects::nonNull)
			.collect(Collectors.joining(", "));
	}

	private static String linesCell(RoundRuns.Row row) {
		return row.linesOk() ? "ok" : "**mismatch**";
	}

	/**
	 * The closed-model run table of a {@code where-async-pays} matrix, each row with its
	 * {@code sync} and {@code logging-off} twins (the same options).
	 */
	static RoundRuns closedRuns(List<RunRecord> records) {
		return RoundRuns.of(records,
				(config) -> Map.of(SYNC, twin(config, SYNC), RunConfig.LOGGING_OFF, twin(config, RunConfig.LOGGING_OFF)));
	}

	/** The id of the configuration of another mode with the same options. */
	static String twin(RunConfig config, String mode) {
		String options = config.id().substring(config.baseId().length());
		if (mode.equals(RunConfig.LOGGING_OFF)) {
			return RunConfig.LOGGING_OFF + options.replace("/policy=discard", "");
		}
		String base = config.loggingOff() ? ComparisonMatrix.PAYS_BASE.formatted(mode)
				: mode + config.baseId().substring(config.baseId().indexOf('/'));
		return base + options;
	}

	/** The app's CPU time per request, in microseconds: the median over the rounds. */
	static double cpuUsPerRequest(RoundRuns.Row row) {
		return row.over((run) -> run.appCpuPct() / 100 * 1e6 / run.tps()).median();
	}

	/**
	 * Predicts each configuration's closed-model TPS from what one request costs the app's CPU
	 * ({@code docs/load-tests.md}, "The cost model"): {@code h + L (f + w)} in sync mode and
	 * {@code h + L (a + f + w)} in an async mode, as the background thread still formats and writes
	 * every line. With the app on one core all of it is paid on that core, so TPS is
	 * {@code 1 / cost}; async modes move the work off the request thread, not off the core. With
	 * two cores shared with the load generator, the app has {@code 2 - Gatling's share} of a core
	 * and an async logger's single background thread caps TPS at {@code 1 / (L (f + w))}. The
	 * slow sink adds a second appender ({@code f + w} more per line) and a reader that takes
	 * {@value #SLOW_SINK_BYTES_PER_SECOND} bytes a second of {@value #CONSOLE_LINE_BYTES}-byte
	 * lines: sync cannot pass that rate; an async logger passes it until its ring of
	 * {@value #RING_SLOTS} slots is full, then ({@code block}) falls to it, or ({@code discard})
	 * drops the excess.
	 *
	 * @param jmh the per-line costs from the JMH suite
	 * @param durationSeconds the measured seconds of each run
	 */
	record CostModel(JmhCosts jmh, double durationSeconds) {

		static final int SLOW_SINK_BYTES_PER_SECOND = 256 * 1024;

		/** One request line as the plain pattern prints it: about 80 bytes of prefix, 108 of message. */
		static final int CONSOLE_LINE_BYTES = 190;

		static final int RING_SLOTS = 262_144;

		/**
		 * One prediction and what it is made of.
		 * @param httpUs {@code h}
		 * @param loggingUs the logging CPU per request, {@code L (a + f + w)}
		 * @param bound what limits it: "one core", "two cores", "background thread" or "slow sink"
		 * @param ringFullAfterSeconds when the ring fills with the slow sink, or NaN
		 */
		record Prediction(double tps, double httpUs, double loggingUs, String bound, double ringFullAfterSeconds) {
		}

		/** The prediction of a configuration other than logging-off, if its logging-off twin ran. */
		Optional<Prediction> predict(RunConfig config, RoundRuns runs) {
			Optional<RoundRuns.Row> off = runs.row(RunConfig.LOGGING_OFF + lines(config));
			if (off.isEmpty() || config.loggingOff()) {
				return Optional.empty();
			}
			double http = cpuUsPerRequest(off.get());
			int lines = config.linesPerRequest();
			// Without the flush after each line, the write joins the buffer's: f alone is the JMH row's cost.
			double write = config.immediateFlush() ? this.jmh.writeUs() : 0;
			double perLine = (this.jmh.formatUs() + write) * (config.slowSink() ? 2 : 1);
			double handOff = this.jmh.handOffUs(config.mode());
			boolean asyncLogger = handOff > 0 && !config.mode().equals("async-appender");
			double logging = lines * (handOff + perLine);
			double cost = http + logging;
			double tps = 1e6 / cost;
			String bound = "one core";
			if (config.cores() == 2) {
				double gatling = runs.row(config.id())
					.map((row) -> row.over(RunRecord::gatlingCpuPct).median())
					.orElse(Double.NaN) / 100;
				tps = (2 - gatling) * 1e6 / cost;
				bound = "two cores, less the load generator's " + Fmt.number(gatling * 100) + "%";
				double background = 1e6 / (lines * perLine);
				if (asyncLogger && background < tps) {
					tps = background;
					bound = "the background thread";
				}
			}
			double ringFull = Double.NaN;
			double sink = (double) SLOW_SINK_BYTES_PER_SECOND / (lines * CONSOLE_LINE_BYTES);
			if (config.slowSink() && sink < tps && !asyncLogger) {
				tps = sink;
				bound = "slow sink";
			}
			else if (config.slowSink() && sink < tps) {
				ringFull = RING_SLOTS / (lines * (tps - sink));
				if (ringFull < this.durationSeconds && !config.discard()) {
					tps = (ringFull * tps + (this.durationSeconds - ringFull) * sink) / this.durationSeconds;
					bound = "slow sink, once the ring is full";
				}
			}
			return Optional.of(new Prediction(tps, http, logging, bound, ringFull));
		}

		/** The logging-off twin's options: the same lines per request, one core, no sink. */
		private static String lines(RunConfig config) {
			return (config.linesPerRequest() == 1) ? "" : "/lines=" + config.linesPerRequest();
		}

		/**
		 * The per-line costs the cost model takes from the JMH suite's summary
		 * ({@code jmh-summary.csv}), each from one named row, in microseconds of one core.
		 *
		 * @param formatUs formatting and encoding one line with a pattern like the plain one into a
		 * file's buffer ({@code LayoutBenchmark} row {@code D_P_C_T_X_M_EX}, Log4j2 sync, no flush)
		 * @param writeUs the write system call a flushed line adds ({@code D_P_C_T_X_M_EX_FLUSH} minus
		 * the row above)
		 * @param asyncLoggerHandOffUs one asynclog hand-off, caller and background thread together
		 * ({@code HandOffBenchmark.oneThread}, 108-byte message, a burst of 100,000 calls)
		 * @param asyncAppenderHandOffUs the same for Log4j2's AsyncAppender
		 */
		record JmhCosts(double formatUs, double writeUs, double asyncLoggerHandOffUs, double asyncAppenderHandOffUs) {

			static final String FILE = "jmh-summary.csv";

			static final String FORMAT_ROW = "LayoutBenchmark.log row=D_P_C_T_X_M_EX";

			static final String FLUSH_ROW = "LayoutBenchmark.log row=D_P_C_T_X_M_EX_FLUSH";

			static final String ASYNCLOG_ROW = "HandOffBenchmark.oneThread message=108;setup=asynclog";

			static final String ASYNC_APPENDER_ROW = "HandOffBenchmark.oneThread message=108;setup=log4j2-async-appender";

			private static final double BURST_CALLS = 100_000;

			/** Reads the summary, or gives NaN costs when it is missing. */
			static JmhCosts read(Path summary) throws IOException {
				if (!Files.isRegularFile(summary)) {
					return new JmhCosts(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
				}
				List<String> lines = Files.readAllLines(summary, StandardCharsets.UTF_8);
				double format = 1e6 / score(lines, FORMAT_ROW);
				double flushed = 1e6 / score(lines, FLUSH_ROW);
				return new JmhCosts(format, flushed - format, score(lines, ASYNCLOG_ROW) * 1000 / BURST_CALLS,
						score(lines, ASYNC_APPENDER_ROW) * 1000 / BURST_CALLS);
			}

			/** The score of the row named {@code "BENCHMARK PARAMETERS"}, or NaN. */
			private static double score(List<String> lines, String row) {
				for (String line : lines) {
					List<String> cells = RawCsvReader.split(line);
					if (cells.size() > 3 && (cells.get(0) + " " + cells.get(2)).equals(row)) {
						return Double.parseDouble(cells.get(3));
					}
				}
				return Double.NaN;
			}

			/** The hand-off of a mode, or 0 for sync and logging-off. */
			double handOffUs(String mode) {
				return switch (mode) {
					case "async-logger", "all-async" -> this.asyncLoggerHandOffUs;
					case "async-appender" -> this.asyncAppenderHandOffUs;
					default -> 0;
				};
			}

		}

	}

}
