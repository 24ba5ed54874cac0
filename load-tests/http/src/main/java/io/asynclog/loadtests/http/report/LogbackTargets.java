package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * The targets of the {@code logback} matrix, computed rather than asserted: asynclog's
 * async-logger on Logback at least as fast as Logback's own {@code AsyncAppender}, and without
 * dropping an INFO line where the AsyncAppender drops them.
 *
 * @author asynclog
 */
final class LogbackTargets {

	private LogbackTargets() {
	}

	static List<Target> evaluate(RoundRuns runs) {
		return List.of(throughput(runs), nothingDropped(runs));
	}

	/** The median over the rounds of asynclog's TPS over the AsyncAppender's of the same round, at least 1. */
	static Target throughput(RoundRuns runs) {
		String name = "asynclog async-logger on Logback: TPS ≥ Logback AsyncAppender's (per round)";
		Optional<RoundRuns.Row> asynclog = LogbackRuns.row(runs, "async-logger");
		if (asynclog.isEmpty() || !asynclog.get().ratioTo(LogbackRuns.ASYNC_APPENDER, RunRecord::tps).measured()) {
			return Target.notMeasured(name);
		}
		Stats ratio = asynclog.get().ratioTo(LogbackRuns.ASYNC_APPENDER, RunRecord::tps);
		String figures = Fmt.ratioOverRounds(ratio) + "; " + Fmt.withSpread(asynclog.get().over(RunRecord::tps)) + " TPS against "
				+ LogbackRuns.row(runs, RunConfig.LOGBACK_ASYNC_APPENDER)
					.map((row) -> Fmt.withSpread(row.over(RunRecord::tps)))
					.orElse(Fmt.DASH);
		double margin = ratio.median() - 1.0;
		String by = String.format(Locale.ROOT, "%s by %.2f× (%+.0f%%)", (margin >= 0) ? "over" : "short",
				Math.abs(margin), 100 * margin);
		return Target.of(name, margin >= 0, figures, by);
	}

	/**
	 * In every asynclog run every request line reached the console and the ring counted no drop;
	 * measured only if the AsyncAppender lost INFO lines in some run (otherwise the load never
	 * filled its queue and the comparison says nothing).
	 */
	static Target nothingDropped(RoundRuns runs) {
		String name = "asynclog async-logger on Logback drops no INFO line where Logback's AsyncAppender drops them";
		Optional<RoundRuns.Row> asynclog = LogbackRuns.row(runs, "async-logger");
		Optional<RoundRuns.Row> asyncAppender = LogbackRuns.row(runs, RunConfig.LOGBACK_ASYNC_APPENDER);
		if (asynclog.isEmpty() || asyncAppender.isEmpty() || !asynclog.get().over(LogbackRuns::lost).measured()
				|| !asyncAppender.get().over(LogbackRuns::lost).measured()) {
			return Target.notMeasured(name);
		}
		RoundRuns.Row ours = asynclog.get();
		RoundRuns.Row theirs = asyncAppender.get();
		double ourLost = ours.over(LogbackRuns::lost).max();
		Stats theirLost = theirs.over(LogbackRuns::lost);
		double ourDropped = Double.isNaN(ours.worst(RunRecord::queueDropped)) ? 0 : ours.worst(RunRecord::queueDropped);
		String figures = String.format(Locale.ROOT,
				"asynclog: %s lines lost, %s counted as dropped, worst of %d runs; AsyncAppender: %s INFO lines lost"
						+ " (%s%% of its lines), median of %d runs (%s–%s), none counted",
				Fmt.number(ourLost), Fmt.number(ourDropped), ours.rounds(), Fmt.number(theirLost.median()),
				Fmt.number(theirs.over(LogbackRuns::lostPct).median()), theirs.rounds(), Fmt.number(theirLost.min()),
				Fmt.number(theirLost.max()));
		if (ourLost > 0 || ourDropped > 0 || !LogbackRuns.linesOk(ours)) {
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

}
