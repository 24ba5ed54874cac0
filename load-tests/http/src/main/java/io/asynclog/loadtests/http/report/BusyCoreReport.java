package io.asynclog.loadtests.http.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
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
 * Writes the report of the {@code busy-core} matrix from the runner's raw CSV and run-info:
 * {@code http-busy-core.md} and its two charts. Every ratio divides by the sync twin with the same
 * sink, placement and lines; the page's figures come first from CPU per request, and its targets
 * are computed rather than asserted: each one met or missed, and by how much. Usage:
 * {@code RAW_CSV RUN_INFO REPORT_DIR}, as {@link Page#main}.
 *
 * @author asynclog
 */
public final class BusyCoreReport {

	public static final String MARKDOWN = "http-busy-core.md";

	static final Page PAGE = new Page("BusyCoreReport", "http-busy-core");

	static final String TPS_CHART = "http-busy-core-tps.png";

	static final String CPU_CHART = "http-busy-core-cpu.png";

	static final int WIDTH = 1200;

	static final int HEIGHT = 620;

	/** The twin every ratio of the busy-core pages divides by. */
	static final String SYNC = "sync";

	private static final String LOGBACK = "/backend=" + RunConfig.LOGBACK;

	private static final String X_TITLE = "configuration (20 lines a request; console = Spring Boot's, file = one"
			+ " buffered rolling file)";

	private BusyCoreReport() {
	}

	public static void main(String[] args) throws IOException {
		PAGE.main(args, BusyCoreReport::render);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		PAGE.write(rawCsv, runInfo, reportDir, BusyCoreReport::render);
	}

	private static String render(List<RunRecord> records, RunInfo info, Path dir) throws IOException {
		RoundRuns runs = runs(records);
		String tpsTitle = "Throughput, " + info.users() + " closed-model users" + info.where();
		ComparisonCharts.saveRoundsTps(tpsTitle, X_TITLE, runs, BusyCoreReport::chartLabel, dir.resolve(TPS_CHART),
				WIDTH, HEIGHT);
		String cpuTitle = "App CPU per request by thread group (median)" + info.where();
		ComparisonCharts.save(cpuChart(cpuTitle, runs), cpuTitle, dir.resolve(CPU_CHART), WIDTH, HEIGHT);

		StringBuilder md = PAGE.head("HTTP comparison, part three: a busy core", info, dir);
		Page.rounds(md, info);
		md.append("- Placement: ").append(info.pinning()).append("; `cores=2`: both CPUs for both.\n\n");
		Target.table(md, targets(runs));
		List<RoundRuns.Row> left = new ArrayList<>(runs.rows());
		int number = 1;
		for (boolean logback : List.of(false, true)) {
			String backend = logback ? "Logback" : "Log4j2";
			Predicate<RunConfig> on = (config) -> config.logback() == logback;
			number = section(md, number, backend + ", one busy core: Spring Boot's console", left,
					on.and((config) -> config.cores() == 1 && config.bootConsole() && config.ringSize() == 0
							&& !config.metersOff()));
			number = section(md, number, backend + ", one busy core: one buffered rolling file", left,
					on.and((config) -> config.cores() == 1 && !config.bootConsole() && config.ringSize() == 0));
			number = section(md, number, backend + ", two cores shared with the load: Spring Boot's console", left,
					on.and((config) -> config.cores() == 2 && config.ringSize() == 0));
		}
		number = section(md, number, "Ring sizes: async-logger, Spring Boot's console, one busy core", left,
				(config) -> config.ringSize() != 0);
		section(md, number, "Other configurations", left, (config) -> true);
		md.append("![TPS per configuration](").append(TPS_CHART).append(")\n\n");
		md.append("![CPU per request by thread group](").append(CPU_CHART).append(")\n\n");
		return md.toString();
	}

	static RoundRuns runs(List<RunRecord> records) {
		return RoundRuns.of(records, (config) -> Map.of(SYNC, syncTwinId(config)));
	}

	/**
	 * The sync configuration with the same sink, placement and lines: what the ratio divides by.
	 * A ring size, a wait strategy or the meters switch has no sync counterpart and is left out;
	 * Log4j2's thread-locals off has one, sync with them off.
	 */
	static String syncTwinId(RunConfig config) {
		String options = config.id()
			.substring(config.baseId().length())
			.replaceAll("/ring=\\d+", "")
			.replaceAll("/wait=[a-z-]+", "")
			.replace("/meters=off", "");
		if (config.loggingOff()) {
			return (config.bootConsole() ? ComparisonMatrix.BOOT_CONSOLE_BASE : ComparisonMatrix.NO_FLUSH_FILE_BASE)
				.formatted("sync") + options;
		}
		return "sync" + config.baseId().substring(config.baseId().indexOf('/')) + options;
	}

	/** CPU µs per request of all the app's threads, median and min–max over the rounds. */
	static Stats cpuUs(RoundRuns.Row row) {
		return row.over(BusyCoreReport::cpuPerRequestUs);
	}

	static Stats cpuToSync(RoundRuns.Row row) {
		return row.ratioTo(SYNC, BusyCoreReport::cpuPerRequestUs);
	}

	static Stats tpsToSync(RoundRuns.Row row) {
		return row.ratioTo(SYNC, RunRecord::tps);
	}

	static double allocKb(RoundRuns.Row row) {
		return row.over((run) -> RoundRuns.perRequest(run, run.allocBytes()) / 1024).median();
	}

	/**
	 * CPU µs per request of the whole app: the process's CPU over the window, every thread
	 * counted, those that ended during it included.
	 */
	static double cpuPerRequestUs(RunRecord run) {
		return RoundRuns.perRequest(run, run.appCpuPct() / 100 * run.durationS()) * 1e6;
	}

	/** Request lines out of order, percent of the run's request lines; NaN for a run without lines. */
	static double outOfOrderPct(RunRecord run) {
		return (run.linesExpected() > 0) ? 100 * run.outOfOrderLines() / run.linesExpected() : Double.NaN;
	}

	static List<Target> targets(RoundRuns runs) {
		int lines = runs.rows().stream().mapToInt((row) -> row.config().linesPerRequest()).max().orElse(20);
		String options = "/lines=" + lines;
		String console = "/sink=boot-console";
		String asyncLogger = ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options;
		List<Target> targets = new ArrayList<>();
		targets.add(defaultModeFirst(runs));
		for (String backend : List.of("", LOGBACK)) {
			String name = backend.isEmpty() ? "Log4j2" : "Logback";
			targets.add(cpuAndTps(name + ", one core, console: async-logger CPU ≤ 0.9× sync's, TPS ≥ 1.1×",
					runs.row(asyncLogger + console + backend), 0.9, 1.1));
			targets.add(cpuAndTps(name + ", one core, buffered file: async-logger CPU ≤ 0.9× sync's, TPS ≥ 1.1×",
					runs.row(ComparisonMatrix.NO_FLUSH_FILE_BASE.formatted("async-logger") + options + backend),
					0.9, 1.1));
		}
		targets.add(noRowBelowSync(runs));
		for (String backend : List.of("", LOGBACK)) {
			targets.add(cpuAndTps((backend.isEmpty() ? "Log4j2" : "Logback")
					+ ", two cores: async-logger TPS ≥ 1.5× sync, CPU ≤ 1.0× sync's",
					runs.row(asyncLogger + "/cores=2" + console + backend), 1.0, 1.5));
		}
		for (String backend : List.of("", LOGBACK)) {
			targets.add(allocation((backend.isEmpty() ? "Log4j2" : "Logback")
					+ ", one core, console: async-logger allocates ≤ sync", runs.row(asyncLogger + console + backend),
					runs.row(ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("sync") + options + console + backend)));
		}
		for (String cores : List.of("", "/cores=2")) {
			targets.add(beatsLogbackAsyncAppender(runs, cores.isEmpty() ? "one core" : "two cores",
					asyncLogger + cores + console + LOGBACK, ComparisonMatrix.BOOT_CONSOLE_BASE
						.formatted(RunConfig.LOGBACK_ASYNC_APPENDER) + options + cores + console + LOGBACK));
		}
		targets.add(order(runs));
		targets.add(everyLineWritten(runs));
		if (runs.row(asyncLogger + console + "/meters=off").isPresent()) {
			targets.add(metersCost(runs, asyncLogger + console, asyncLogger + console + "/meters=off"));
		}
		return List.copyOf(targets);
	}

	/** The asynchronous rows: neither sync nor logging-off, nor Logback's own appender. */
	private static boolean asynclogAsync(RunConfig config) {
		return !config.loggingOff() && !config.csvMode().equals("sync")
				&& !config.csvMode().equals(RunConfig.LOGBACK_ASYNC_APPENDER);
	}

	/** Each asynclog mode's median TPS ratio to sync against async-logger's in the same table. */
	static Target defaultModeFirst(RoundRuns runs) {
		String name = "async-logger (the default) at least as fast as every other asynclog mode, every row";
		List<String> behind = new ArrayList<>();
		List<String> compared = new ArrayList<>();
		for (RoundRuns.Row row : runs.rows()) {
			RunConfig config = row.config();
			Optional<RoundRuns.Row> asyncLogger = runs.row(config.id().replaceFirst("^[a-z-]+/", "async-logger/"))
				.filter((other) -> tpsToSync(other).measured());
			if (asynclogAsync(config) && !config.csvMode().equals("async-logger") && tpsToSync(row).measured()
					&& asyncLogger.isPresent()) {
				double ours = tpsToSync(asyncLogger.get()).median();
				double theirs = tpsToSync(row).median();
				String pair = String.format(Locale.ROOT, "%s: %s against %s's %s", chartLabel(asyncLogger.get()),
						Fmt.ratio(ours), config.csvMode(), Fmt.ratio(theirs));
				compared.add(pair);
				if (ours < theirs) {
					behind.add(pair);
				}
			}
		}
		if (compared.isEmpty()) {
			return Target.notMeasured(name);
		}
		return Target.of(name, behind.isEmpty(), "TPS × sync, medians: " + String.join("; ", compared),
				behind.isEmpty() ? "ahead on every row" : "behind on " + behind.size() + " of " + compared.size());
	}

	/** CPU per request at most {@code mostCpu}× sync's and TPS at least {@code leastTps}× sync, both as per-round ratio medians. */
	private static Target cpuAndTps(String name, Optional<RoundRuns.Row> row, double mostCpu, double leastTps) {
		if (row.isEmpty() || !tpsToSync(row.get()).measured() || !cpuToSync(row.get()).measured()) {
			return Target.notMeasured(name);
		}
		Stats cpu = cpuToSync(row.get());
		Stats tps = tpsToSync(row.get());
		String figures = String.format(Locale.ROOT, "CPU %s (%s–%s), %s µs a request; TPS %s (%s–%s), %s; %d rounds",
				Fmt.ratio(cpu.median()), Fmt.ratio(cpu.min()), Fmt.ratio(cpu.max()), Fmt.withSpread(cpuUs(row.get())),
				Fmt.ratio(tps.median()), Fmt.ratio(tps.min()), Fmt.ratio(tps.max()),
				Fmt.withSpread(row.get().over(RunRecord::tps)), tps.count());
		boolean cpuMet = cpu.median() <= mostCpu;
		boolean tpsMet = tps.median() >= leastTps;
		return Target.of(name, cpuMet && tpsMet, figures, "CPU " + Target.by(cpuMet, "under", "over", mostCpu - cpu.median())
				+ ", TPS " + Target.by(tpsMet, "over", "short", tps.median() - leastTps));
	}

	private static Target noRowBelowSync(RoundRuns runs) {
		String name = "no asynclog row below 1.0× sync's TPS";
		List<RoundRuns.Row> rows = runs.rows()
			.stream()
			.filter((row) -> asynclogAsync(row.config()) && tpsToSync(row).measured())
			.toList();
		if (rows.isEmpty()) {
			return Target.notMeasured(name);
		}
		RoundRuns.Row worst = rows.stream().min(Comparator.comparingDouble((row) -> tpsToSync(row).median())).get();
		List<String> below = rows.stream()
			.filter((row) -> tpsToSync(row).median() < 1.0)
			.map((row) -> chartLabel(row) + " " + Fmt.ratio(tpsToSync(row).median()))
			.toList();
		String figures = String.format(Locale.ROOT, "%d of %d rows at or above 1.0×; lowest %s (%s)",
				rows.size() - below.size(), rows.size(), Fmt.ratio(tpsToSync(worst).median()), chartLabel(worst));
		return Target.of(name, below.isEmpty(), figures,
				below.isEmpty() ? "none below" : "below: " + String.join(", ", below));
	}

	private static Target allocation(String name, Optional<RoundRuns.Row> async, Optional<RoundRuns.Row> sync) {
		double ours = async.map(BusyCoreReport::allocKb).orElse(Double.NaN);
		double theirs = sync.map(BusyCoreReport::allocKb).orElse(Double.NaN);
		if (Double.isNaN(ours) || Double.isNaN(theirs)) {
			return Target.notMeasured(name);
		}
		String figures = String.format(Locale.ROOT, "%s KiB a request against sync's %s KiB (medians)", Fmt.number(ours),
				Fmt.number(theirs));
		boolean met = ours <= theirs;
		return Target.of(name, met, figures, String.format(Locale.ROOT, "%s by %s KiB (%s)", met ? "under" : "over",
				Fmt.number(Math.abs(ours - theirs)), Fmt.ratio(ours / theirs)));
	}

	private static Target beatsLogbackAsyncAppender(RoundRuns runs, String placement, String asyncLoggerId,
			String asyncAppenderId) {
		String name = "Logback, " + placement + ", console: async-logger TPS ≥ 1.0× Logback's AsyncAppender, nothing lost";
		Stats ratio = RoundRuns.perRound(runs.runsOf(asyncLoggerId), runs.runsOf(asyncAppenderId), RunRecord::tps);
		Optional<RoundRuns.Row> row = runs.row(asyncLoggerId);
		if (!ratio.measured() || row.isEmpty()) {
			return Target.notMeasured(name);
		}
		boolean allLines = row.get().linesOk();
		String figures = Fmt.ratioOverRounds(ratio) + "; async-logger's lines "
				+ (allLines ? "all written" : "**not all written**");
		return Target.of(name, ratio.median() >= 1.0 && allLines, figures,
				Target.by(ratio.median() >= 1.0, "over", "short", ratio.median() - 1.0));
	}

	static Target everyLineWritten(RoundRuns runs) {
		String name = "nothing lost under block: every line written once, every run";
		List<RunRecord> checked = runs.runs().stream().filter((run) -> !run.config().startsWith("logging-off")).toList();
		if (checked.isEmpty()) {
			return Target.notMeasured(name);
		}
		List<String> failed = checked.stream()
			.filter((run) -> !run.linesOk())
			.map((run) -> run.config() + " round " + run.repeat())
			.toList();
		String figures = String.format(Locale.ROOT, "%d of %d runs passed the line check", checked.size() - failed.size(),
				checked.size());
		return Target.of(name, failed.isEmpty(), figures,
				failed.isEmpty() ? "none lost" : "failed: " + String.join(", ", failed));
	}

	/** The meters: queue gauges, peak, delivery lag, event counts. */
	static Target metersCost(RoundRuns runs, String onId, String offId) {
		String name = "asynclog's meters cost ≤ 2% TPS (async-logger, one core, console)";
		Stats ratio = RoundRuns.perRound(runs.runsOf(onId), runs.runsOf(offId), RunRecord::tps);
		if (!ratio.measured()) {
			return Target.notMeasured(name);
		}
		double cost = 1 - ratio.median();
		boolean met = cost <= 0.02;
		return Target.of(name, met, "TPS with meters / without: " + Fmt.ratioOverRounds(ratio),
				String.format(Locale.ROOT, "cost %.1f%%, %s the 2%% allowed", 100 * cost, met ? "within" : "over"));
	}

	/**
	 * Every asynchronous run with request lines: at most 1% of them out of order, no jump back
	 * over 1 s. Sync runs are the yardstick ("as good as sync's"), not held to it: their worst is
	 * given for scale.
	 */
	static Target order(RoundRuns runs) {
		String name = "order: every async run ≤ 1% of lines out of order, no jump back over 1 s";
		double maxShare = 1.0;
		double maxJumpMs = 1000;
		List<RunRecord> checked = runs.runs()
			.stream()
			.filter((run) -> !Double.isNaN(outOfOrderPct(run)) && !Double.isNaN(run.maxJumpBackMs()))
			.toList();
		List<RunRecord> async = checked.stream().filter((run) -> !run.mode().equals("sync")).toList();
		if (async.isEmpty()) {
			return Target.notMeasured(name);
		}
		RunRecord worstShare = async.stream().max(Comparator.comparingDouble(BusyCoreReport::outOfOrderPct)).get();
		RunRecord worstJump = async.stream().max(Comparator.comparingDouble(RunRecord::maxJumpBackMs)).get();
		List<RunRecord> sync = checked.stream().filter((run) -> run.mode().equals("sync")).toList();
		double share = outOfOrderPct(worstShare);
		double jump = worstJump.maxJumpBackMs();
		String figures = String.format(Locale.ROOT,
				"worst share %s%% (%s, round %d); worst jump back %s ms (%s, round %d); sync's worst, for scale: %s%%, %s ms",
				Fmt.number(share), worstShare.config(), worstShare.repeat(), Fmt.number(jump), worstJump.config(),
				worstJump.repeat(), Fmt.number(sync.stream().mapToDouble(BusyCoreReport::outOfOrderPct).reduce(0, Math::max)),
				Fmt.number(sync.stream().mapToDouble(RunRecord::maxJumpBackMs).reduce(0, Math::max)));
		String by = String.format(Locale.ROOT, "share %s by %s points, jump back %s by %s ms",
				(share <= maxShare) ? "under" : "over", Fmt.number(Math.abs(maxShare - share)),
				(jump <= maxJumpMs) ? "under" : "over", Fmt.number(Math.abs(maxJumpMs - jump)));
		return Target.of(name, share <= maxShare && jump <= maxJumpMs, figures, by);
	}

	/** A table of the rows that match and are not in an earlier table; nothing when none match. */
	static int section(StringBuilder md, int number, String title, List<RoundRuns.Row> left,
			Predicate<RunConfig> filter) {
		List<RoundRuns.Row> rows = left.stream().filter((row) -> filter.test(row.config())).toList();
		if (rows.isEmpty()) {
			return number;
		}
		left.removeAll(rows);
		// The columns are defined in docs/load-tests.md: CPU per request first, then its split by thread group.
		Fmt.table(md, number + ". " + title, List.of("configuration", "CPU µs/request", "CPU × sync",
				"request threads", "logging threads", "GC", "JIT", "other", "KiB/request", "TPS", "TPS × sync", "p99 ms",
				"out of order, worst run", "jump back ms, worst run", "peak ring", "lines"), rows.stream(),
				(row) -> new Object[] { label(row.config()), Fmt.withSpread(cpuUs(row)),
					Fmt.ratioWithSpread(cpuToSync(row)), Fmt.number(row.usPerRequest(RunRecord::cpuRequestS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuLoggingBgS)), Fmt.number(row.usPerRequest(RunRecord::cpuGcS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuJitS)), Fmt.number(row.usPerRequest(RunRecord::cpuOtherS)),
					Fmt.number(allocKb(row)), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratioWithSpread(tpsToSync(row)), row.median(RunRecord::p99Ms),
					Fmt.percent(row.worst(BusyCoreReport::outOfOrderPct)), Fmt.number(row.worst(RunRecord::maxJumpBackMs)),
					Fmt.number(row.worst(RunRecord::peakRingUsed)), row.linesOk() ? "ok" : "**mismatch**" });
		return number + 1;
	}

	/** The configuration without what its table says already. */
	static String label(RunConfig config) {
		return Stream.of(RunConfig.LOGBACK_ASYNC_APPENDER.equals(config.csvMode()) ? "Logback's AsyncAppender"
				: config.csvMode(), (config.ringSize() != 0) ? "ring " + config.ringSize() : null,
				config.metersOff() ? "meters off" : null,
				config.waitStrategy().isEmpty() ? null : "wait-strategy " + config.waitStrategy(),
				config.threadLocalsOff() ? "Log4j2 thread-locals off" : null, config.discard() ? "discard" : null,
				(config.linesPerRequest() != 20) ? config.linesPerRequest() + " lines" : null)
			.filter(Objects::nonNull)
			.collect(Collectors.joining(", "));
	}

	/** Mode, sink, placement and backend in a few words, for an axis. */
	static String chartLabel(RoundRuns.Row row) {
		String sink = row.config().bootConsole() ? "console" : "file";
		String cores = (row.config().cores() == 2) ? ", 2 cores" : "";
		String backend = (row.config().logback() && !row.config().csvMode().equals(RunConfig.LOGBACK_ASYNC_APPENDER))
				? "Logback " : "";
		return backend + label(row.config()) + ", " + sink + cores;
	}

	/** CPU per request stacked by thread group; {@code null} when none was measured. */
	static CategoryChart cpuChart(String title, RoundRuns runs) {
		List<RoundRuns.Row> rows = runs.rows()
			.stream()
			.filter((row) -> !Double.isNaN(row.usPerRequest(RunRecord::cpuRequestS)))
			.toList();
		if (rows.isEmpty()) {
			return null;
		}
		List<ToDoubleFunction<RunRecord>> groups = List.of(RunRecord::cpuRequestS, RunRecord::cpuLoggingBgS,
				RunRecord::cpuGcS, RunRecord::cpuJitS, RunRecord::cpuOtherS);
		// Summed one after the other, as the bars stack.
		double top = rows.stream()
			.mapToDouble((row) -> groups.stream().mapToDouble((group) -> zeroIfNaN(row.usPerRequest(group))).reduce(0, Double::sum))
			.max()
			.orElse(0);
		CategoryChart chart = Charts.plainBars(title, X_TITLE, "CPU \u00b5s per request", WIDTH, HEIGHT);
		CategoryStyler styler = chart.getStyler();
		styler.setLegendLayout(LegendLayout.Horizontal);
		styler.setXAxisLabelRotation(35);
		styler.setStacked(true);
		styler.setYAxisDecimalPattern("#,##0");
		styler.setYAxisMax(top * 1.12);
		List<String> labels = rows.stream().map(BusyCoreReport::chartLabel).toList();
		String[] names = { "request threads (http-nio-*-exec-*)", "logging threads", "GC", "JIT",
				"other threads (poller, VM, ...)" };
		Color[] colors = { new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
				new Color(148, 103, 189), new Color(160, 160, 160) };
		for (int i = 0; i < names.length; i++) {
			ToDoubleFunction<RunRecord> group = groups.get(i);
			chart.addSeries(names[i], labels, rows.stream().map((row) -> zeroIfNaN(row.usPerRequest(group))).toList())
				.setFillColor(colors[i]);
		}
		return chart;
	}

	private static double zeroIfNaN(double value) {
		return Double.isNaN(value) ? 0 : value;
	}

}
