package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes the report of the {@code logback} matrix from the runner's raw CSV and run-info:
 * {@code http-logback.md} and its two charts. Each configuration's twins are Logback sync and
 * Logback's {@code AsyncAppender} with the same options; the targets: asynclog's async-logger on
 * Logback at least as fast as the AsyncAppender, and without dropping an INFO line where the
 * AsyncAppender drops them. Usage: {@code RAW_CSV RUN_INFO REPORT_DIR}, as {@link Page#main}.
 *
 * @author asynclog
 */
public final class LogbackReport {

	public static final String MARKDOWN = "http-logback.md";

	static final Page PAGE = new Page("LogbackReport", "http-logback");

	static final String TPS_CHART = "http-logback-tps.png";

	static final String LOST_CHART = "http-logback-lost.png";

	static final String SYNC = "sync";

	static final String ASYNC_APPENDER = RunConfig.LOGBACK_ASYNC_APPENDER;

	private static final int WIDTH = 1000;

	private static final int HEIGHT = 560;

	private static final String X_TITLE = "configuration (Logback, Spring Boot's console, 20 lines a request,"
			+ " two shared cores)";

	private LogbackReport() {
	}

	public static void main(String[] args) throws IOException {
		PAGE.main(args, LogbackReport::render);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		PAGE.write(rawCsv, runInfo, reportDir, LogbackReport::render);
	}

	private static String render(List<RunRecord> records, RunInfo info, Path dir) throws IOException {
		RoundRuns runs = RoundRuns.of(records,
				(config) -> Map.of(SYNC, twinId(config, SYNC), ASYNC_APPENDER, twinId(config, ASYNC_APPENDER)));
		String tpsTitle = "Throughput on Logback, " + info.users() + " closed-model users" + info.where();
		ComparisonCharts.saveRoundsTps(tpsTitle, X_TITLE, runs, (row) -> label(row.config()), dir.resolve(TPS_CHART),
				WIDTH, HEIGHT);
		String lostTitle = "Request (INFO) lines that never reached the console, % of the lines logged" + info.where();
		ComparisonCharts.save(lostChart(lostTitle, runs), lostTitle, dir.resolve(LOST_CHART), WIDTH, HEIGHT);

		StringBuilder md = PAGE.head("HTTP comparison on Logback: sync, Logback's AsyncAppender and asynclog", info, dir);
		Page.rounds(md, info);
		md.append("- App: `").append(info.get("app.logback_jar")).append("`, Spring Boot's console only, the app and"
				+ " Gatling sharing both cores (`cores=2`).\n\n");
		Target.table(md, List.of(throughput(runs), nothingDropped(runs)));
		Fmt.table(md, "Logback, Spring Boot's console, two shared cores, 20 lines a request", List.of("configuration",
				"TPS", "× sync", "× AsyncAppender", "p99 ms", "lines lost", "lost %", "out of order, worst run",
				"jump back ms", "peak queue", "dropped, counted", "CPU µs/request: request threads", "background threads",
				"other threads", "line check"), runs.rows().stream(),
				(row) -> new Object[] { label(row.config()), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratioWithSpread(row.ratioTo(SYNC, RunRecord::tps)),
					Fmt.ratioWithSpread(row.ratioTo(ASYNC_APPENDER, RunRecord::tps)), row.median(RunRecord::p99Ms),
					Fmt.withSpread(row.over(LogbackReport::lost)), Fmt.percent(row.over(LogbackReport::lostPct).median()),
					Fmt.percent(row.worst(LogbackReport::outOfOrderPct)), Fmt.number(row.worst(RunRecord::maxJumpBackMs)),
					Fmt.number(row.worst(RunRecord::peakRingUsed)), Fmt.number(row.worst(RunRecord::queueDropped)),
					Fmt.number(row.usPerRequest(RunRecord::cpuRequestS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuLoggingBgS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuOtherS)), lineCheck(row) });
		md.append("![TPS per configuration](").append(TPS_CHART).append(")\n\n");
		md.append("![Request lines lost per configuration](").append(LOST_CHART).append(")\n\n");
		return md.toString();
	}

	/**
	 * The configuration with the same options (lines, placement, sink, backend) in another mode,
	 * with its default queue-full policy: the peers a discarding ring is compared with.
	 */
	static String twinId(RunConfig config, String mode) {
		String options = config.id().substring(config.baseId().length()).replace("/policy=discard", "");
		return mode + "/1/flush/" + RunConfig.BOOT_PATTERN + options;
	}

	/** The row of this mode ({@code logging-off} for the ceiling) with the default queue-full policy. */
	private static Optional<RoundRuns.Row> row(RoundRuns runs, String mode) {
		return runs.rows()
			.stream()
			.filter((row) -> row.config().csvMode().equals(mode) && !row.config().discard())
			.findFirst();
	}

	/** Request lines that never reached the log: expected minus found, 0 for a run that logs none. */
	static double lost(RunRecord run) {
		if (Double.isNaN(run.linesExpected()) || Double.isNaN(run.linesFound()) || run.linesExpected() <= 0) {
			return (run.linesExpected() == 0) ? 0 : Double.NaN;
		}
		return Math.max(0, run.linesExpected() - run.linesFound());
	}

	/** Lost request lines in percent of the lines logged; NaN for a run that logs none. */
	static double lostPct(RunRecord run) {
		return (run.linesExpected() > 0) ? 100 * lost(run) / run.linesExpected() : Double.NaN;
	}

	/** Request lines out of order, percent of the lines that reached the log; NaN when none did. */
	static double outOfOrderPct(RunRecord run) {
		return (run.linesFound() > 0) ? 100 * run.outOfOrderLines() / run.linesFound() : Double.NaN;
	}

	/**
	 * Whether every round's line check passed; a discarding ring's check is that the lines missing
	 * are exactly the drops it counted. Recomputed here so that a CSV from before the runner
	 * checked this holds the discard row to the same rule.
	 */
	static boolean linesOk(RoundRuns.Row row) {
		return row.runs()
			.stream()
			.allMatch((run) -> row.config().discard() ? !Double.isNaN(lost(run)) && lost(run) == run.queueDropped()
					: run.linesOk());
	}

	/** The median over the rounds of asynclog's TPS over the AsyncAppender's of the same round, at least 1. */
	static Target throughput(RoundRuns runs) {
		String name = "asynclog async-logger on Logback: TPS ≥ Logback AsyncAppender's (per round)";
		Optional<RoundRuns.Row> asynclog = row(runs, "async-logger");
		Stats ratio = asynclog.map((row) -> row.ratioTo(ASYNC_APPENDER, RunRecord::tps)).orElse(Stats.EMPTY);
		if (!ratio.measured()) {
			return Target.notMeasured(name);
		}
		String figures = Fmt.ratioOverRounds(ratio) + "; " + Fmt.withSpread(asynclog.get().over(RunRecord::tps))
				+ " TPS against " + row(runs, ASYNC_APPENDER).map((row) -> Fmt.withSpread(row.over(RunRecord::tps)))
					.orElse(Fmt.DASH);
		double margin = ratio.median() - 1.0;
		return Target.of(name, margin >= 0, figures,
				Target.by(margin >= 0, "over", "short", margin) + String.format(Locale.ROOT, " (%+.0f%%)", 100 * margin));
	}

	/**
	 * In every asynclog run every request line reached the console and the ring counted no drop;
	 * measured only if the AsyncAppender lost INFO lines in some run (otherwise the load never
	 * filled its queue and the comparison says nothing).
	 */
	static Target nothingDropped(RoundRuns runs) {
		String name = "asynclog async-logger on Logback drops no INFO line where Logback's AsyncAppender drops them";
		Optional<RoundRuns.Row> asynclog = row(runs, "async-logger");
		Optional<RoundRuns.Row> asyncAppender = row(runs, ASYNC_APPENDER);
		if (asynclog.isEmpty() || asyncAppender.isEmpty() || !asynclog.get().over(LogbackReport::lost).measured()
				|| !asyncAppender.get().over(LogbackReport::lost).measured()) {
			return Target.notMeasured(name);
		}
		RoundRuns.Row ours = asynclog.get();
		RoundRuns.Row theirs = asyncAppender.get();
		double ourLost = ours.over(LogbackReport::lost).max();
		Stats theirLost = theirs.over(LogbackReport::lost);
		double ourDropped = Double.isNaN(ours.worst(RunRecord::queueDropped)) ? 0 : ours.worst(RunRecord::queueDropped);
		String figures = String.format(Locale.ROOT,
				"asynclog: %s lines lost, %s counted as dropped, worst of %d runs; AsyncAppender: %s INFO lines lost"
						+ " (%s%% of its lines), median of %d runs (%s–%s), none counted",
				Fmt.number(ourLost), Fmt.number(ourDropped), ours.rounds(), Fmt.number(theirLost.median()),
				Fmt.number(theirs.over(LogbackReport::lostPct).median()), theirs.rounds(), Fmt.number(theirLost.min()),
				Fmt.number(theirLost.max()));
		if (ourLost > 0 || ourDropped > 0 || !linesOk(ours)) {
			return new Target(name, Target.Status.MISSED, figures,
					"asynclog lost " + Fmt.number(Math.max(ourLost, ourDropped)) + " lines in its worst run");
		}
		if (theirLost.max() <= 0) {
			return new Target(name, Target.Status.NOT_MEASURED, figures,
					"the AsyncAppender dropped nothing: the load never filled its queue");
		}
		return new Target(name, Target.Status.MET, figures,
				"none lost, against " + Fmt.number(theirLost.median()) + " (median) lost by the AsyncAppender");
	}

	private static CategoryChart lostChart(String title, RoundRuns runs) {
		List<RoundRuns.Row> rows = runs.rows().stream().filter((row) -> row.over(LogbackReport::lostPct).measured()).toList();
		if (rows.isEmpty()) {
			return null;
		}
		List<String> labels = rows.stream().map((row) -> label(row.config())).toList();
		List<Stats> lost = rows.stream().map((row) -> row.over(LogbackReport::lostPct)).toList();
		CategoryChart chart = Charts.plainBars(title, X_TITLE, "% of the request lines logged", WIDTH, HEIGHT);
		CategoryStyler styler = chart.getStyler();
		styler.setOverlapped(true);
		styler.setYAxisDecimalPattern("0.#");
		// A run that lost nothing still gets a readable axis.
		styler.setYAxisMax(Math.max(1.0, lost.stream().mapToDouble(Stats::max).max().orElse(0) * 1.15));
		styler.setLabelsVisible(true);
		styler.setErrorBarsColor(Color.BLACK);
		chart.addSeries("lost (median over the rounds)", labels, lost.stream().map(Stats::median).toList())
			.setFillColor(new Color(214, 39, 40));
		ComparisonCharts.whiskers(chart, "min\u2013max over the rounds", labels, lost);
		return chart;
	}

	/** The row's name: what writes Boot's console. */
	static String label(RunConfig config) {
		String label = switch (config.csvMode()) {
			case "sync" -> "Logback sync (asynclog sync)";
			case RunConfig.LOGBACK_ASYNC_APPENDER -> "Logback AsyncAppender (queue 256)";
			case "async-logger" -> config.discard() ? "asynclog async-logger, discard" : "asynclog async-logger";
			case RunConfig.LOGGING_OFF -> "logging-off (ceiling)";
			default -> config.csvMode();
		};
		return (config.linesPerRequest() != 20) ? label + ", " + config.linesPerRequest() + " lines" : label;
	}

	/** A lossy configuration passes its check with lines missing: say so rather than a bare "ok". */
	private static String lineCheck(RoundRuns.Row row) {
		if (!linesOk(row)) {
			return "**failed**";
		}
		if (row.config().discard()) {
			return "ok, every drop counted";
		}
		return row.config().lossCounted() ? "ok, losses counted" : "ok, all written";
	}

}
