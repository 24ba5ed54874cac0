package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.asynclog.loadtests.http.ComparisonMatrix;

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

	/**
	 * One target's outcome.
	 * @param target what was required
	 * @param status met, missed or not measured
	 * @param figures the numbers behind it
	 * @param margin by how much it was met or missed
	 */
	record Target(String target, TargetResult.Status status, String figures, String margin) {
	}

	private BusyCoreTargets() {
	}

	static List<Target> evaluate(BusyCoreRuns runs) {
		int lines = runs.rows().stream().mapToInt((row) -> row.config().linesPerRequest()).max().orElse(20);
		String options = "/lines=" + lines;
		String console = "/sink=boot-console";
		List<Target> targets = new ArrayList<>();
		targets.add(ratio("one busy core, Spring Boot's console: async-logger TPS ≥ 1.3× sync",
				runs.row(ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + console), 1.3));
		targets.add(ratio("one busy core, one buffered rolling file: async-logger TPS ≥ 1.0× sync",
				runs.row(ComparisonMatrix.NO_FLUSH_FILE_BASE.formatted("async-logger") + options), 1.0));
		targets.add(ratio("two shared cores, Spring Boot's console: async-logger TPS ≥ 1.2× sync",
				runs.row(ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + "/cores=2" + console),
				1.2));
		targets.add(order(runs));
		targets.add(everyLineWritten(runs));
		String asyncLoggerConsole = ComparisonMatrix.BOOT_CONSOLE_BASE.formatted("async-logger") + options + console;
		targets.add(metersCost(runs, asyncLoggerConsole, asyncLoggerConsole + "/meters=off"));
		return List.copyOf(targets);
	}

	/** 'block' loses nothing: every run's line check found every request line exactly once. */
	private static Target everyLineWritten(BusyCoreRuns runs) {
		String name = "nothing lost under block: every request line in the log, exactly once, in every run";
		List<RunRecord> checked = runs.runs().stream().filter((run) -> !run.config().startsWith("logging-off")).toList();
		if (checked.isEmpty()) {
			return new Target(name, TargetResult.Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
		}
		List<String> failed = checked.stream()
			.filter((run) -> !run.linesOk())
			.map((run) -> run.config() + " round " + run.repeat())
			.toList();
		String figures = String.format(Locale.ROOT, "%d of %d runs passed the line check", checked.size() - failed.size(),
				checked.size());
		return new Target(name, failed.isEmpty() ? TargetResult.Status.MET : TargetResult.Status.MISSED, figures,
				failed.isEmpty() ? "none lost" : "failed: " + String.join(", ", failed));
	}

	/**
	 * asynclog's meters (queue gauges, peak, delivery lag, event counts) cost at most 2% TPS:
	 * the median over rounds of TPS with them on divided by TPS with them off in the same round.
	 */
	static Target metersCost(BusyCoreRuns runs, String onId, String offId) {
		String name = "asynclog's meters cost ≤ 2% TPS (async-logger, one busy core, Spring Boot's console)";
		List<Double> ratios = new ArrayList<>();
		for (RunRecord on : runs.runs()) {
			if (!on.config().equals(onId)) {
				continue;
			}
			runs.runs()
				.stream()
				.filter((off) -> off.config().equals(offId) && off.repeat() == on.repeat())
				.findFirst()
				.ifPresent((off) -> ratios.add(Stats.ratio(on.tps(), off.tps())));
		}
		Stats ratio = Stats.of(ratios);
		if (!ratio.measured()) {
			return new Target(name, TargetResult.Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
		}
		double cost = 1 - ratio.median();
		String figures = String.format(Locale.ROOT, "TPS with meters / without: %s (%s–%s over %d rounds)",
				Fmt.ratio(ratio.median()), Fmt.ratio(ratio.min()), Fmt.ratio(ratio.max()), ratio.count());
		boolean met = cost <= MAX_METERS_COST;
		String by = String.format(Locale.ROOT, "cost %.1f%%, %s the 2%% allowed", 100 * cost, met ? "within" : "over");
		return new Target(name, met ? TargetResult.Status.MET : TargetResult.Status.MISSED, figures, by);
	}

	private static Target ratio(String name, Optional<BusyCoreRuns.Row> row, double required) {
		if (row.isEmpty() || !row.get().ratioToSync().measured()) {
			return new Target(name, TargetResult.Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
		}
		Stats ratio = row.get().ratioToSync();
		String figures = String.format(Locale.ROOT, "%s (%s–%s over %d rounds), %s TPS", Fmt.ratio(ratio.median()),
				Fmt.ratio(ratio.min()), Fmt.ratio(ratio.max()), ratio.count(), Fmt.withSpread(row.get().tps()));
		double margin = ratio.median() - required;
		TargetResult.Status status = (margin >= 0) ? TargetResult.Status.MET : TargetResult.Status.MISSED;
		String by = String.format(Locale.ROOT, "%s by %.2f× (%+.0f%% of the required %.1f×)",
				(margin >= 0) ? "over" : "short", Math.abs(margin), 100 * margin / required, required);
		return new Target(name, status, figures, by);
	}

	/**
	 * Every asynchronous run with request lines: at most 1% of them out of order, no jump back
	 * over 1 s. Sync runs are the yardstick ("as good as sync's"), not held to it: their worst is
	 * given for scale.
	 */
	private static Target order(BusyCoreRuns runs) {
		String name = "order as good as sync's: in every async run ≤ 1% of the lines out of order and no jump back"
				+ " over 1 s";
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
			return new Target(name, TargetResult.Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
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
		return new Target(name, met ? TargetResult.Status.MET : TargetResult.Status.MISSED, figures, by);
	}

}
