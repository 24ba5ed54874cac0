package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;

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

	static List<Target> evaluate(LogbackRuns runs) {
		return List.of(throughput(runs), nothingDropped(runs));
	}

	/** The median over the rounds of asynclog's TPS over the AsyncAppender's of the same round, at least 1. */
	static Target throughput(LogbackRuns runs) {
		String name = "asynclog async-logger on Logback: TPS ≥ Logback AsyncAppender's (per round)";
		Optional<LogbackRuns.Row> asynclog = runs.row("async-logger");
		if (asynclog.isEmpty() || !asynclog.get().ratioToAsyncAppender().measured()) {
			return new Target(name, Target.Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
		}
		Stats ratio = asynclog.get().ratioToAsyncAppender();
		String figures = Fmt.ratioOverRounds(ratio) + "; " + Fmt.withSpread(asynclog.get().tps()) + " TPS against "
				+ runs.row(RunConfig.LOGBACK_ASYNC_APPENDER).map((row) -> Fmt.withSpread(row.tps())).orElse(Fmt.DASH);
		double margin = ratio.median() - 1.0;
		String by = String.format(Locale.ROOT, "%s by %.2f× (%+.0f%%)", (margin >= 0) ? "over" : "short",
				Math.abs(margin), 100 * margin);
		return new Target(name, (margin >= 0) ? Target.Status.MET : Target.Status.MISSED,
				figures, by);
	}

	/**
	 * In every asynclog run every request line reached the console and the ring counted no drop;
	 * measured only if the AsyncAppender lost INFO lines in some run (otherwise the load never
	 * filled its queue and the comparison says nothing).
	 */
	static Target nothingDropped(LogbackRuns runs) {
		String name = "asynclog async-logger on Logback drops no INFO line where Logback's AsyncAppender drops them";
		Optional<LogbackRuns.Row> asynclog = runs.row("async-logger");
		Optional<LogbackRuns.Row> asyncAppender = runs.row(RunConfig.LOGBACK_ASYNC_APPENDER);
		if (asynclog.isEmpty() || asyncAppender.isEmpty() || !asynclog.get().linesLost().measured()
				|| !asyncAppender.get().linesLost().measured()) {
			return new Target(name, Target.Status.NOT_MEASURED, Fmt.DASH, Fmt.DASH);
		}
		LogbackRuns.Row ours = asynclog.get();
		LogbackRuns.Row theirs = asyncAppender.get();
		double ourLost = ours.linesLost().max();
		double ourDropped = Double.isNaN(ours.queueDropped()) ? 0 : ours.queueDropped();
		String figures = String.format(Locale.ROOT,
				"asynclog: %s lines lost, %s counted as dropped, worst of %d runs; AsyncAppender: %s INFO lines lost"
						+ " (%s%% of its lines), median of %d runs (%s–%s), none counted",
				Fmt.number(ourLost), Fmt.number(ourDropped), ours.rounds(), Fmt.number(theirs.linesLost().median()),
				Fmt.number(theirs.lostPct().median()), theirs.rounds(), Fmt.number(theirs.linesLost().min()),
				Fmt.number(theirs.linesLost().max()));
		if (ourLost > 0 || ourDropped > 0 || !ours.linesOk()) {
			return new Target(name, Target.Status.MISSED, figures,
					"asynclog lost " + Fmt.number(Math.max(ourLost, ourDropped)) + " lines in its worst run");
		}
		if (theirs.linesLost().max() <= 0) {
			return new Target(name, Target.Status.NOT_MEASURED, figures,
					"the AsyncAppender dropped nothing: the load never filled its queue");
		}
		return new Target(name, Target.Status.MET, figures,
				"none lost, against " + Fmt.number(theirs.linesLost().median()) + " (median) lost by the AsyncAppender");
	}

}
