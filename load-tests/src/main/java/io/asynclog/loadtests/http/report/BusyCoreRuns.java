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

	/** The summary of a configuration id, if it ran. */
	Optional<Row> row(String id) {
		return this.rows.stream().filter((row) -> row.config().id().equals(id)).findFirst();
	}

	/**
	 * The sync configuration with the same sink, placement and lines: what the ratio divides by.
	 * A ring size or the meters switch has no sync counterpart and is left out.
	 */
	static String syncTwinId(RunConfig config) {
		String options = config.id()
			.substring(config.baseId().length())
			.replaceAll("/ring=\\d+", "")
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
	 * @param tps requests per second, median and min–max over the rounds
	 * @param ratioToSync TPS over its sync twin's of the same round: median and min–max of the
	 * per-round ratios (empty without a twin)
	 * @param p99Ms 99th percentile response time
	 * @param outOfOrderPct the worst run's request lines out of time order, percent of its lines
	 * @param maxJumpBackMs the worst run's largest jump back in time, ms
	 * @param peakRingUsed the most slots of the ring (or the AsyncAppender's queue) any run used
	 * @param requestUs CPU µs of the request threads per request (median)
	 * @param backgroundUs CPU µs of the logging background threads per request (median)
	 * @param otherUs CPU µs of the app's other threads per request (median)
	 * @param linesOk whether every run's line check passed
	 */
	record Row(RunConfig config, int rounds, Stats tps, Stats ratioToSync, Stats p99Ms, double outOfOrderPct,
			double maxJumpBackMs, double peakRingUsed, double requestUs, double backgroundUs, double otherUs,
			boolean linesOk) {

		static Row of(RunConfig config, List<RunRecord> runs, List<RunRecord> syncRuns) {
			List<Double> ratios = new ArrayList<>();
			for (RunRecord run : runs) {
				syncRuns.stream()
					.filter((sync) -> sync.repeat() == run.repeat())
					.findFirst()
					.ifPresent((sync) -> ratios.add(Stats.ratio(run.tps(), sync.tps())));
			}
			return new Row(config, runs.size(), Stats.over(runs, RunRecord::tps), Stats.of(ratios),
					Stats.over(runs, RunRecord::p99Ms), worst(runs, BusyCoreRuns::outOfOrderPct),
					worst(runs, RunRecord::maxJumpBackMs), worst(runs, RunRecord::peakRingUsed),
					Stats.over(runs, (run) -> perRequestUs(run, run.cpuRequestS())).median(),
					Stats.over(runs, (run) -> perRequestUs(run, run.cpuLoggingBgS())).median(),
					Stats.over(runs, (run) -> perRequestUs(run, run.cpuOtherS())).median(),
					runs.stream().allMatch(RunRecord::linesOk));
		}

	}

	/** Request lines out of order, percent of the run's request lines; NaN for a run without lines. */
	static double outOfOrderPct(RunRecord run) {
		return (run.linesExpected() > 0) ? 100 * run.outOfOrderLines() / run.linesExpected() : Double.NaN;
	}

	private static double perRequestUs(RunRecord run, double cpuSeconds) {
		return (run.requestsOk() > 0) ? cpuSeconds * 1e6 / run.requestsOk() : Double.NaN;
	}

	private static double worst(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return runs.stream().mapToDouble(metric).filter((value) -> !Double.isNaN(value)).max().orElse(Double.NaN);
	}

}
