package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;

/**
 * The Logback matrix's run table: each configuration's twins are Logback sync and Logback's
 * {@code AsyncAppender} with the same options, and a discarding ring's line check is its own.
 *
 * @author asynclog
 */
final class LogbackRuns {

	static final String SYNC = "sync";

	static final String ASYNC_APPENDER = RunConfig.LOGBACK_ASYNC_APPENDER;

	private LogbackRuns() {
	}

	static RoundRuns of(List<RunRecord> records) {
		return RoundRuns.of(records,
				(config) -> Map.of(SYNC, twinId(config, SYNC), ASYNC_APPENDER, twinId(config, ASYNC_APPENDER)));
	}

	/**
	 * The summary of the configuration with this mode ({@code logging-off} for the ceiling) and
	 * the default queue-full policy, if it ran.
	 */
	static Optional<RoundRuns.Row> row(RoundRuns runs, String mode) {
		return runs.rows()
			.stream()
			.filter((row) -> row.config().csvMode().equals(mode) && !row.config().discard())
			.findFirst();
	}

	/**
	 * The configuration with the same options (lines, placement, sink, backend) in another mode,
	 * with its default queue-full policy: the peers a discarding ring is compared with.
	 */
	static String twinId(RunConfig config, String mode) {
		String options = config.id().substring(config.baseId().length()).replace("/policy=discard", "");
		return mode + "/1/flush/" + RunConfig.BOOT_PATTERN + options;
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
	 * are exactly the drops it counted. The runner checks this itself since the discard row
	 * exists; recomputed here so that a CSV from before holds the discard row to the same rule.
	 */
	static boolean linesOk(RoundRuns.Row row) {
		return row.runs()
			.stream()
			.allMatch((run) -> row.config().discard() ? !Double.isNaN(lost(run)) && lost(run) == run.queueDropped()
					: run.linesOk());
	}

}
