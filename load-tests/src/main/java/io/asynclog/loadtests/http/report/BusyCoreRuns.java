package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.http.ComparisonMatrix;
import io.asynclog.loadtests.http.RunConfig;

/**
 * The closed-model runs of a {@code busy-core} matrix, one summary per configuration, with each
 * configuration's TPS against sync's taken round by round: the rounds interleave the
 * configurations, so a run and its sync twin of the same round saw the same state of the
 * machine.
 *
 * @param rows one summary per configuration, in run order
 * @param runs every closed-model run
 * @author asynclog
 */
record BusyCoreRuns(List<Row> rows, List<RunRecord> runs) {

	static BusyCoreRuns of(List<RunRecord> records) {
		Map<String, List<RunRecord>> byConfig = RunRecord.closedByConfig(records);
		List<Row> rows = new ArrayList<>();
		for (List<RunRecord> runs : byConfig.values()) {
			RunConfig config = RunConfig.parse(runs.get(0).config());
			rows.add(Row.of(config, runs, byConfig.getOrDefault(syncTwinId(config), List.of())));
		}
		return new BusyCoreRuns(List.copyOf(rows), RunRecord.closedOnly(records));
	}

	/** The closed-model runs of a configuration id, in round order. */
	List<RunRecord> runsOf(String id) {
		return this.runs.stream().filter((run) -> run.config().equals(id)).toList();
	}

	/** The summary of a configuration id, if it ran. */
	Optional<Row> row(String id) {
		return this.rows.stream().filter((row) -> row.config().id().equals(id)).findFirst();
	}

	/**
	 * The sync configuration with the same sink, placement and lines: what the ratio divides by.
	 * A ring size, a wait strategy or the meters switch has no sync counterpart and is left out; Log4j2's
	 * thread-locals off has one, sync with them off.
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

	/**
	 * One configuration's runs.
	 * @param config the configuration
	 * @param rounds how many runs it had
	 * @param cpuUs CPU µs per request of all the app's threads (the process's CPU time over the
	 * window), median and min–max over the rounds
	 * @param cpuRatioToSync CPU per request over its sync twin's of the same round: median and
	 * min–max of the per-round ratios (empty without a twin)
	 * @param tps requests per second, median and min–max over the rounds
	 * @param ratioToSync TPS over its sync twin's of the same round, as for {@code cpuRatioToSync}
	 * @param p99Ms 99th percentile response time
	 * @param outOfOrderPct the worst run's request lines out of time order, percent of its lines
	 * @param maxJumpBackMs the worst run's largest jump back in time, ms
	 * @param peakRingUsed the most slots of the ring (or the AsyncAppender's queue) any run used
	 * @param requestUs CPU µs of the request threads per request (median)
	 * @param backgroundUs CPU µs of the logging threads per request (median)
	 * @param gcUs CPU µs of the garbage collector's threads per request (median)
	 * @param jitUs CPU µs of the JIT compilers' threads per request (median)
	 * @param otherUs CPU µs of the app's other threads per request (median)
	 * @param allocKb KiB the app allocated per request (median)
	 * @param linesOk whether every run's line check passed
	 */
	record Row(RunConfig config, int rounds, Stats cpuUs, Stats cpuRatioToSync, Stats tps, Stats ratioToSync,
			Stats p99Ms, double outOfOrderPct, double maxJumpBackMs, double peakRingUsed, double requestUs,
			double backgroundUs, double gcUs, double jitUs, double otherUs, double allocKb, boolean linesOk) {

		static Row of(RunConfig config, List<RunRecord> runs, List<RunRecord> syncRuns) {
			return new Row(config, runs.size(), Stats.over(runs, BusyCoreRuns::cpuPerRequestUs),
					Stats.perRound(runs, syncRuns, BusyCoreRuns::cpuPerRequestUs), Stats.over(runs, RunRecord::tps),
					Stats.perRound(runs, syncRuns, RunRecord::tps), Stats.over(runs, RunRecord::p99Ms),
					Stats.worst(runs, BusyCoreRuns::outOfOrderPct), Stats.worst(runs, RunRecord::maxJumpBackMs),
					Stats.worst(runs, RunRecord::peakRingUsed), median(runs, RunRecord::cpuRequestS),
					median(runs, RunRecord::cpuLoggingBgS), median(runs, RunRecord::cpuGcS),
					median(runs, RunRecord::cpuJitS), median(runs, RunRecord::cpuOtherS),
					Stats.over(runs, (run) -> perRequest(run, run.allocBytes()) / 1024).median(),
					runs.stream().allMatch(RunRecord::linesOk));
		}

		private static double median(List<RunRecord> runs, ToDoubleFunction<RunRecord> cpuSeconds) {
			return Stats.over(runs, (run) -> perRequest(run, cpuSeconds.applyAsDouble(run)) * 1e6).median();
		}

	}

	/**
	 * CPU µs per request of the whole app: the process's CPU over the window, every thread
	 * counted, those that ended during it included.
	 */
	static double cpuPerRequestUs(RunRecord run) {
		return perRequest(run, run.appCpuPct() / 100 * run.durationS()) * 1e6;
	}

	/** Request lines out of order, percent of the run's request lines; NaN for a run without lines. */
	static double outOfOrderPct(RunRecord run) {
		return (run.linesExpected() > 0) ? 100 * run.outOfOrderLines() / run.linesExpected() : Double.NaN;
	}

	private static double perRequest(RunRecord run, double amount) {
		return (run.requestsOk() > 0) ? amount / run.requestsOk() : Double.NaN;
	}


}
