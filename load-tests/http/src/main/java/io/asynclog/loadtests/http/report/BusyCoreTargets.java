package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.asynclog.loadtests.http.ComparisonMatrix;
import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * The busy-core targets, computed rather than asserted: each one met or missed, and by how much.
 *
 * @author asynclog
 */
final class BusyCoreTargets {

	/** Lines out of order may be at most this share of a run's request lines, percent. */
	static final double MAX_OUT_OF_ORDER_PCT = 1.0;

	/** asynclog's meters may cost at most this share of TPS. */
	static final double MAX_METERS_COST = 0.02;

	/** No line may be older than one written before it by more than this, ms. */
	static final double MAX_JUMP_BACK_MS = 1000;

	/** One busy core: async-logger's CPU per request at most this share of sync's... */
	static final double ONE_CORE_MOST_CPU = 0.9;

	/** ...and its TPS at least this multiple of sync's. */
	static final double ONE_CORE_LEAST_TPS = 1.1;

	/**
	 * Two cores shared with the load, the ring full: async-logger's CPU per request at
	 * most sync's...
	 */
	static final double TWO_CORES_MOST_CPU = 1.0;

	/** ...and its TPS at least this multiple of sync's. */
	static final double TWO_CORES_LEAST_TPS = 1.5;

	private BusyCoreTargets() {
	}

	static List<Target> evaluate(RoundRuns runs) {
		int lines = runs.rows().stream().mapToInt((row) -> row.config().linesPerRequest()).max().orElse(20);
		String options = "/lines=" + lines;
		String console = "/sink=boot-console";
		List<Target> targets = new ArrayList<>();
		targets.add(defaultModeFirst(runs));
		for (String backend : List.of("", LOGBACK)) {
			String name = backend.isEmpty() ? "Log4j2" : "Logback";
			String onConsole = ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + console + backend;
			String onFile = ComparisonMatrix.NO_FLUSH_FILE_BASE.formatted("async-logger") + options + backend;
			targets.add(cpuAndTps(name + ", one core, console: async-logger CPU ≤ 0.9× sync's, TPS ≥ 1.1×",
					runs.row(onConsole), ONE_CORE_MOST_CPU, ONE_CORE_LEAST_TPS));
			targets.add(cpuAndTps(name + ", one core, buffered file: async-logger CPU ≤ 0.9× sync's, TPS ≥ 1.1×",
					runs.row(onFile), ONE_CORE_MOST_CPU, ONE_CORE_LEAST_TPS));
		}
		targets.add(noRowBelowSync(runs));
		for (String backend : List.of("", LOGBACK)) {
			String name = backend.isEmpty() ? "Log4j2" : "Logback";
			targets.add(cpuAndTps(name + ", two cores: async-logger TPS ≥ 1.5× sync, CPU ≤ 1.0× sync's",
					runs.row(ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + "/cores=2" + console
							+ backend),
					TWO_CORES_MOST_CPU, TWO_CORES_LEAST_TPS));
		}
		for (String backend : List.of("", LOGBACK)) {
			String name = backend.isEmpty() ? "Log4j2" : "Logback";
			targets.add(allocation(name + ", one core, console: async-logger allocates ≤ sync",
					runs.row(ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + console + backend),
					runs.row(ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("sync") + options + console + backend)));
		}
		for (String cores : List.of("", "/cores=2")) {
			targets.add(beatsLogbackAsyncAppender(runs, cores.isEmpty() ? "one core" : "two cores",
					ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + cores + console + LOGBACK,
					ComparisonMatrix.BOOT_CONSOLE_BASE.formatted(RunConfig.LOGBACK_ASYNC_APPENDER) + options + cores
							+ console + LOGBACK));
		}
		targets.add(order(runs));
		targets.add(everyLineWritten(runs));
		String asyncLoggerConsole = ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + console;
		if (runs.row(asyncLoggerConsole + "/meters=off").isPresent()) {
			targets.add(metersCost(runs, asyncLoggerConsole, asyncLoggerConsole + "/meters=off"));
		}
		return List.copyOf(targets);
	}

	private static final String LOGBACK = "/backend=" + RunConfig.LOGBACK;

	/** The asynchronous rows: neither sync nor logging-off, nor Logback's own appender. */
	private static boolean asynclogAsync(RunConfig config) {
		return !config.loggingOff() && !config.csvMode().equals("sync")
				&& !config.csvMode().equals(RunConfig.LOGBACK_ASYNC_APPENDER);
	}

	/**
	 * asynclog's default mode is at least as fast as each other asynclog mode in the same table
	 * (backend, sink, placement): its median TPS ratio to sync against theirs.
	 */
	static Target defaultModeFirst(RoundRuns runs) {
		String name = "async-logger (the default) at least as fast as every other asynclog mode, every row";
		List<String> behind = new ArrayList<>();
		List<String> compared = new ArrayList<>();
		for (RoundRuns.Row row : runs.rows()) {
			RunConfig config = row.config();
			if (!asynclogAsync(config) || config.csvMode().equals("async-logger") || !BusyCoreRuns.tpsToSync(row).measured()) {
				continue;
			}
			String defaultId = config.id().replaceFirst("^[a-z-]+/", "async-logger/");
			Optional<RoundRuns.Row> asyncLogger = runs.row(defaultId);
			if (asyncLogger.isEmpty() || !BusyCoreRuns.tpsToSync(asyncLogger.get()).measured()) {
				continue;
			}
			double ours = BusyCoreRuns.tpsToSync(asyncLogger.get()).median();
			double theirs = BusyCoreRuns.tpsToSync(row).median();
			String pair = String.format(Locale.ROOT, "%s: %s against %s's %s", BusyCoreChart.label(asyncLogger.get()),
					Fmt.ratio(ours), config.csvMode(), Fmt.ratio(theirs));
			compared.add(pair);
			if (ours < theirs) {
				behind.add(pair);
			}
		}
		if (compared.isEmpty()) {
			return Target.notMeasured(name);
		}
		return Target.of(name, behind.isEmpty(),
				"TPS × sync, medians: " + String.join("; ", compared),
				behind.isEmpty() ? "ahead on every row" : "behind on " + behind.size() + " of " + compared.size());
	}

	/** CPU per request at most {@code mostCpu}× sync's and TPS at least {@code leastTps}× sync, both as per-round ratio medians. */
	private static Target cpuAndTps(String name, Optional<RoundRuns.Row> row, double mostCpu, double leastTps) {
		if (row.isEmpty() || !BusyCoreRuns.tpsToSync(row.get()).measured() || !BusyCoreRuns.cpuToSync(row.get()).measured()) {
			return Target.notMeasured(name);
		}
		Stats cpu = BusyCoreRuns.cpuToSync(row.get());
		Stats tps = BusyCoreRuns.tpsToSync(row.get());
		String figures = String.format(Locale.ROOT, "CPU %s (%s–%s), %s µs a request; TPS %s (%s–%s), %s; %d rounds",
				Fmt.ratio(cpu.median()), Fmt.ratio(cpu.min()), Fmt.ratio(cpu.max()), Fmt.withSpread(BusyCoreRuns.cpuUs(row.get())),
				Fmt.ratio(tps.median()), Fmt.ratio(tps.min()), Fmt.ratio(tps.max()), Fmt.withSpread(row.get().over(RunRecord::tps)),
				tps.count());
		boolean cpuMet = cpu.median() <= mostCpu;
		boolean tpsMet = tps.median() >= leastTps;
		String by = String.format(Locale.ROOT, "CPU %s by %.2f×, TPS %s by %.2f×", cpuMet ? "under" : "over",
				Math.abs(mostCpu - cpu.median()), tpsMet ? "over" : "short", Math.abs(tps.median() - leastTps));
		return Target.of(name, cpuMet && tpsMet, figures, by);
	}

	/** Every asynclog async row's median TPS ratio to sync is at least 1.0×. */
	private static Target noRowBelowSync(RoundRuns runs) {
		String name = "no asynclog row below 1.0× sync's TPS";
		List<String> below = new ArrayList<>();
		int measured = 0;
		double worst = Double.NaN;
		String worstLabel = Fmt.DASH;
		for (RoundRuns.Row row : runs.rows()) {
			if (!asynclogAsync(row.config()) || !BusyCoreRuns.tpsToSync(row).measured()) {
				continue;
			}
			measured++;
			double ratio = BusyCoreRuns.tpsToSync(row).median();
			if (Double.isNaN(worst) || ratio < worst) {
				worst = ratio;
				worstLabel = BusyCoreChart.label(row);
			}
			if (ratio < 1.0) {
				below.add(BusyCoreChart.label(row) + " " + Fmt.ratio(ratio));
			}
		}
		if (measured == 0) {
			return Target.notMeasured(name);
		}
		String figures = String.format(Locale.ROOT, "%d of %d rows at or above 1.0×; lowest %s (%s)",
				measured - below.size(), measured, Fmt.ratio(worst), worstLabel);
		return Target.of(name, below.isEmpty(), figures,
				below.isEmpty() ? "none below" : "below: " + String.join(", ", below));
	}

	/** Allocation per request (medians) of the async row at most the sync row's. */
	private static Target allocation(String name, Optional<RoundRuns.Row> async, Optional<RoundRuns.Row> sync) {
		if (async.isEmpty() || sync.isEmpty() || Double.isNaN(BusyCoreRuns.allocKb(async.get()))
				|| Double.isNaN(BusyCoreRuns.allocKb(sync.get()))) {
			return Target.notMeasured(name);
		}
		double ours = BusyCoreRuns.allocKb(async.get());
		double theirs = BusyCoreRuns.allocKb(sync.get());
		String figures = String.format(Locale.ROOT, "%s KiB a request against sync's %s KiB (medians)", Fmt.number(ours),
				Fmt.number(theirs));
		boolean met = ours <= theirs;
		String by = String.format(Locale.ROOT, "%s by %s KiB (%s)", met ? "under" : "over", Fmt.number(Math.abs(ours - theirs)),
				Fmt.ratio(ours / theirs));
		return Target.of(name, met, figures, by);
	}

	/**
	 * On Logback, async-logger's TPS at least Logback's AsyncAppender's, round by round (median
	 * ratio), with every line written.
	 */
	private static Target beatsLogbackAsyncAppender(RoundRuns runs, String placement, String asyncLoggerId,
			String asyncAppenderId) {
		String name = "Logback, " + placement + ", console: async-logger TPS ≥ 1.0× Logback's AsyncAppender, nothing lost";
		Stats ratio = RunStats.perRound(runs.runsOf(asyncLoggerId), runs.runsOf(asyncAppenderId), RunRecord::tps);
		Optional<RoundRuns.Row> row = runs.row(asyncLoggerId);
		if (!ratio.measured() || row.isEmpty()) {
			return Target.notMeasured(name);
		}
		boolean allLines = row.get().linesOk();
		String figures = Fmt.ratioOverRounds(ratio) + "; async-logger's lines "
				+ (allLines ? "all written" : "**not all written**");
		boolean met = ratio.median() >= 1.0 && allLines;
		String by = String.format(Locale.ROOT, "%s by %.2f×", (ratio.median() >= 1.0) ? "over" : "short",
				Math.abs(ratio.median() - 1.0));
		return Target.of(name, met, figures, by);
	}

	/** 'block' loses nothing: every run's line check found every request line exactly once. */
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

	/**
	 * asynclog's meters (queue gauges, peak, delivery lag, event counts) cost at most 2% TPS:
	 * the median over rounds of TPS with them on divided by TPS with them off in the same round.
	 */
	static Target metersCost(RoundRuns runs, String onId, String offId) {
		String name = "asynclog's meters cost ≤ 2% TPS (async-logger, one core, console)";
		Stats ratio = RunStats.perRound(runs.runsOf(onId), runs.runsOf(offId), RunRecord::tps);
		if (!ratio.measured()) {
			return Target.notMeasured(name);
		}
		double cost = 1 - ratio.median();
		String figures = "TPS with meters / without: " + Fmt.ratioOverRounds(ratio);
		boolean met = cost <= MAX_METERS_COST;
		String by = String.format(Locale.ROOT, "cost %.1f%%, %s the 2%% allowed", 100 * cost, met ? "within" : "over");
		return Target.of(name, met, figures, by);
	}

	/**
	 * Every asynchronous run with request lines: at most 1% of them out of order, no jump back
	 * over 1 s. Sync runs are the yardstick ("as good as sync's"), not held to it: their worst is
	 * given for scale.
	 */
	static Target order(RoundRuns runs) {
		String name = "order: every async run ≤ 1% of lines out of order, no jump back over 1 s";
		RunRecord worstShare = null;
		RunRecord worstJump = null;
		double syncShare = 0;
		double syncJump = 0;
		for (RunRecord run : runs.runs()) {
			if (Double.isNaN(BusyCoreRuns.outOfOrderPct(run)) || Double.isNaN(run.maxJumpBackMs())) {
				continue;
			}
			if (run.mode().equals("sync")) {
				syncShare = Math.max(syncShare, BusyCoreRuns.outOfOrderPct(run));
				syncJump = Math.max(syncJump, run.maxJumpBackMs());
				continue;
			}
			if (worstShare == null || BusyCoreRuns.outOfOrderPct(run) > BusyCoreRuns.outOfOrderPct(worstShare)) {
				worstShare = run;
			}
			if (worstJump == null || run.maxJumpBackMs() > worstJump.maxJumpBackMs()) {
				worstJump = run;
			}
		}
		if (worstShare == null) {
			return Target.notMeasured(name);
		}
		double share = BusyCoreRuns.outOfOrderPct(worstShare);
		double jump = worstJump.maxJumpBackMs();
		String figures = String.format(Locale.ROOT,
				"worst share %s%% (%s, round %d); worst jump back %s ms (%s, round %d); sync's worst, for scale: %s%%, %s ms",
				Fmt.number(share), worstShare.config(), worstShare.repeat(), Fmt.number(jump), worstJump.config(),
				worstJump.repeat(), Fmt.number(syncShare), Fmt.number(syncJump));
		boolean met = share <= MAX_OUT_OF_ORDER_PCT && jump <= MAX_JUMP_BACK_MS;
		String by = String.format(Locale.ROOT, "share %s by %s points, jump back %s by %s ms",
				(share <= MAX_OUT_OF_ORDER_PCT) ? "under" : "over", Fmt.number(Math.abs(MAX_OUT_OF_ORDER_PCT - share)),
				(jump <= MAX_JUMP_BACK_MS) ? "under" : "over", Fmt.number(Math.abs(MAX_JUMP_BACK_MS - jump)));
		return Target.of(name, met, figures, by);
	}

}
