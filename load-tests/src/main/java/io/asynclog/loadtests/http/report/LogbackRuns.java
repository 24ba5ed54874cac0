package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;

/**
 * The closed-model runs of a {@code logback} matrix, one summary per configuration, with each
 * configuration's TPS taken round by round against Logback sync's and against Logback's
 * {@code AsyncAppender}'s: the rounds interleave the configurations, so runs of the same round saw
 * the same state of the machine.
 *
 * @param rows one summary per configuration, in run order
 * @param runs every closed-model run
 * @author asynclog
 */
record LogbackRuns(List<Row> rows, List<RunRecord> runs) {

	static LogbackRuns of(List<RunRecord> records) {
		Map<String, List<RunRecord>> byConfig = RunRecord.closedByConfig(records);
		List<Row> rows = new ArrayList<>();
		for (List<RunRecord> runs : byConfig.values()) {
			RunConfig config = RunConfig.parse(runs.get(0).config());
			rows.add(Row.of(config, runs, byConfig.getOrDefault(twinId(config, "sync"), List.of()),
					byConfig.getOrDefault(twinId(config, RunConfig.LOGBACK_ASYNC_APPENDER), List.of())));
		}
		return new LogbackRuns(List.copyOf(rows), RunRecord.closedOnly(records));
	}

	/**
	 * The summary of the configuration with this mode ({@code logging-off} for the ceiling) and
	 * the default queue-full policy, if it ran.
	 */
	Optional<Row> row(String mode) {
		return this.rows.stream()
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
	 * One configuration's runs.
	 * @param config the configuration
	 * @param rounds how many runs it had
	 * @param tps requests per second, median and min–max over the rounds
	 * @param ratioToSync TPS over Logback sync's of the same round: median and min–max of the
	 * per-round ratios (empty without sync runs)
	 * @param ratioToAsyncAppender TPS over Logback AsyncAppender's of the same round, likewise
	 * @param p99Ms 99th percentile response time
	 * @param linesLost request lines that never reached the log, per run
	 * @param lostPct the same in percent of the lines logged, per run
	 * @param outOfOrderPct the worst run's request lines out of time order, percent of the lines written
	 * @param maxJumpBackMs the worst run's largest jump back in time, ms
	 * @param peakQueueUsed the most slots of the ring (or the AsyncAppender's queue) any run used
	 * @param queueDropped the most events a run's queues counted as dropped (what the endpoint saw)
	 * @param requestUs CPU µs of the request threads per request (median)
	 * @param backgroundUs CPU µs of the logging background threads per request (median)
	 * @param otherUs CPU µs of the app's other threads per request (median)
	 * @param linesOk whether every run's line check passed
	 */
	record Row(RunConfig config, int rounds, Stats tps, Stats ratioToSync, Stats ratioToAsyncAppender, Stats p99Ms,
			Stats linesLost, Stats lostPct, double outOfOrderPct, double maxJumpBackMs, double peakQueueUsed,
			double queueDropped, double requestUs, double backgroundUs, double otherUs, boolean linesOk) {

		static Row of(RunConfig config, List<RunRecord> runs, List<RunRecord> syncRuns,
				List<RunRecord> asyncAppenderRuns) {
			return new Row(config, runs.size(), Stats.over(runs, RunRecord::tps), Stats.perRound(runs, syncRuns, RunRecord::tps),
					Stats.perRound(runs, asyncAppenderRuns, RunRecord::tps), Stats.over(runs, RunRecord::p99Ms),
					Stats.over(runs, LogbackRuns::lost), Stats.over(runs, LogbackRuns::lostPct),
					Stats.worst(runs, LogbackRuns::outOfOrderPct), Stats.worst(runs, RunRecord::maxJumpBackMs),
					Stats.worst(runs, RunRecord::peakRingUsed), Stats.worst(runs, RunRecord::queueDropped),
					Stats.over(runs, (run) -> perRequestUs(run, run.cpuRequestS())).median(),
					Stats.over(runs, (run) -> perRequestUs(run, run.cpuLoggingBgS())).median(),
					Stats.over(runs, (run) -> perRequestUs(run, run.cpuOtherS())).median(),
					runs.stream().allMatch((run) -> config.discard() ? everyDropCounted(run) : run.linesOk()));
		}

		/**
		 * A discarding ring's line check: the lines missing are exactly the drops it counted. The
		 * runner checks this itself since the discard row exists; recomputed here so that a CSV
		 * from before holds the discard row to the same rule.
		 */
		private static boolean everyDropCounted(RunRecord run) {
			return !Double.isNaN(lost(run)) && lost(run) == run.queueDropped();
		}

	}

	private static double perRequestUs(RunRecord run, double cpuSeconds) {
		return (run.requestsOk() > 0) ? cpuSeconds * 1e6 / run.requestsOk() : Double.NaN;
	}


}
