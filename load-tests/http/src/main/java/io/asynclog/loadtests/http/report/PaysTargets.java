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
 * The targets of part two, computed rather than asserted; a missed one says why, from the
 * cost model.
 *
 * @author asynclog
 */
final class PaysTargets {

	private PaysTargets() {
	}

	static List<Target> evaluate(PaysRuns runs, CostModel model) {
		int lines = runs.closed().rows().stream().mapToInt((c) -> c.config().linesPerRequest()).max().orElse(1);
		String options = (lines == 1) ? "" : "/lines=" + lines;
		Optional<RoundRuns.Row> sync = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("sync") + options);
		Optional<RoundRuns.Row> async = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("async-logger") + options);
		Optional<RoundRuns.Row> off = runs.closed(RunConfig.LOGGING_OFF + options);
		List<Target> targets = new ArrayList<>();
		targets.add(ratioTarget("%d lines per request, one core: async-logger TPS ≥ 1.6× sync".formatted(lines), async,
				sync, 1.6, model, runs));
		targets.add(ratioTarget("%d lines per request, one core: async-logger TPS ≥ 0.9× logging off".formatted(lines),
				async, off, 0.9, model, runs));
		targets.add(slowSinkTarget(runs, model));
		return targets;
	}

	private static Target ratioTarget(String name, Optional<RoundRuns.Row> measured,
			Optional<RoundRuns.Row> against, double required, CostModel model, PaysRuns runs) {
		if (measured.isEmpty() || against.isEmpty()) {
			return new Target(name, Target.Status.NOT_MEASURED, Fmt.DASH, "");
		}
		double ratio = Stats.ratio(measured.get().over(RunRecord::tps).median(), against.get().over(RunRecord::tps).median());
		String figures = "%s TPS against %s: %s".formatted(Fmt.number(measured.get().over(RunRecord::tps).median()),
				Fmt.number(against.get().over(RunRecord::tps).median()), Fmt.ratio(ratio));
		if (ratio >= required) {
			return new Target(name, Target.Status.MET, figures, "");
		}
		Optional<CostModel.Prediction> mine = model.predict(measured.get().config(), runs);
		Optional<CostModel.Prediction> theirs = against.get().config().loggingOff() ? Optional.empty()
				: model.predict(against.get().config(), runs);
		String why;
		if (mine.isEmpty()) {
			why = "no logging-off run to set the model's h";
		}
		else {
			CostModel.Prediction p = mine.get();
			double predictedAgainst = theirs.map(CostModel.Prediction::tps).orElse(1e6 / p.httpUs());
			why = String.format(Locale.ROOT, "one core: h = %s µs + %s µs of logging a request; the model predicts %s"
					+ " against %s (%s)", Fmt.number(p.httpUs()), Fmt.number(p.loggingUs()), Fmt.number(p.tps()),
					Fmt.number(predictedAgainst), Fmt.ratio(p.tps() / predictedAgainst));
		}
		return new Target(name, Target.Status.MISSED, figures, why);
	}

	private static Target slowSinkTarget(PaysRuns runs, CostModel model) {
		String name = "slow sink: async-logger p99 ≤ 1.5× logging off's, while sync stalls";
		Optional<RoundRuns.Row> async = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("async-logger") + "/sink=slow");
		Optional<RoundRuns.Row> sync = runs.closed(ComparisonMatrix.PAYS_BASE.formatted("sync") + "/sink=slow");
		Optional<RoundRuns.Row> off = runs.closed(RunConfig.LOGGING_OFF + "/sink=slow");
		if (async.isEmpty() || sync.isEmpty() || off.isEmpty()) {
			return new Target(name, Target.Status.NOT_MEASURED, Fmt.DASH, "");
		}
		double p99Ratio = Stats.ratio(async.get().over(RunRecord::p99Ms).median(), off.get().over(RunRecord::p99Ms).median());
		double syncShare = Stats.ratio(sync.get().over(RunRecord::tps).median(), off.get().over(RunRecord::tps).median());
		double sinkTps = (double) CostModel.SLOW_SINK_BYTES_PER_SECOND / CostModel.CONSOLE_LINE_BYTES;
		boolean syncStalls = sync.get().over(RunRecord::tps).median() <= 1.2 * sinkTps;
		String figures = String.format(Locale.ROOT,
				"async-logger p99 %s ms against logging off %s ms (%s); sync %s TPS, %s of logging off, against the"
						+ " sink's %s lines/s",
				Fmt.number(async.get().over(RunRecord::p99Ms).median()), Fmt.number(off.get().over(RunRecord::p99Ms).median()), Fmt.ratio(p99Ratio),
				Fmt.number(sync.get().over(RunRecord::tps).median()), Fmt.ratio(syncShare), Fmt.number(sinkTps));
		if (p99Ratio <= 1.5 && syncStalls) {
			return new Target(name, Target.Status.MET, figures, "");
		}
		String why = !syncStalls ? "sync did not fall to the sink's rate, so nothing stalled"
				: String.format(Locale.ROOT, "one core: the background thread writes both appenders' lines on the"
						+ " request threads' core; the model predicts %s TPS against logging off's %s",
						model.predict(async.get().config(), runs).map((p) -> Fmt.number(p.tps())).orElse(Fmt.DASH),
						Fmt.number(off.get().over(RunRecord::tps).median()));
		return new Target(name, Target.Status.MISSED, figures, why);
	}

}
