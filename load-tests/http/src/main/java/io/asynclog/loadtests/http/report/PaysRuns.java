package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.asynclog.loadtests.http.ComparisonMatrix;
import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Stats;

/**
 * The runs of a {@code where-async-pays} matrix: the closed-model run table, each row with its
 * {@code sync} and {@code logging-off} twins (the same options), and open-model latency per
 * configuration and rate.
 *
 * @param closed the closed-model runs by configuration, in run order
 * @param open one summary per configuration and rate, in run order
 * @author asynclog
 */
record PaysRuns(RoundRuns closed, List<Open> open) {

	static final String SYNC = "sync";

	static PaysRuns of(List<RunRecord> runs) {
		RoundRuns closed = RoundRuns.of(runs, (config) -> Map.of(SYNC, twin(config, SYNC), RunConfig.LOGGING_OFF,
				twin(config, RunConfig.LOGGING_OFF)));
		List<Open> open = new ArrayList<>();
		for (List<RunRecord> group : RoundRuns
			.groups(runs.stream().filter((run) -> !run.closed()), (run) -> run.config() + "@" + (long) run.rate())
			.values()) {
			RunConfig config = RunConfig.parse(group.get(0).config());
			double capacity = closed.row(config.id()).map((row) -> row.over(RunRecord::tps).median()).orElse(Double.NaN);
			open.add(Open.of(config, group, capacity));
		}
		return new PaysRuns(closed, List.copyOf(open));
	}

	/** The closed-model row of a configuration id, if it ran. */
	Optional<RoundRuns.Row> closed(String id) {
		return this.closed.row(id);
	}

	/** The id of the configuration of another mode with the same options. */
	static String twin(RunConfig config, String mode) {
		String options = config.id().substring(config.baseId().length());
		if (mode.equals(RunConfig.LOGGING_OFF)) {
			return RunConfig.LOGGING_OFF + options.replace("/policy=discard", "");
		}
		String base = config.loggingOff() ? ComparisonMatrix.PAYS_BASE.formatted(mode)
				: mode + config.baseId().substring(config.baseId().indexOf('/'));
		return base + options;
	}

	/** The app's CPU time per request, in microseconds: the median over the rounds. */
	static double cpuUsPerRequest(RoundRuns.Row row) {
		return row.over((run) -> run.appCpuPct() / 100 * 1e6 / run.tps()).median();
	}

	/**
	 * One configuration's open-model runs at one rate.
	 * @param rate requests per second offered
	 * @param percentOfCapacity the rate as a percentage of the configuration's median closed TPS
	 * @param ko failed requests (most in a run)
	 */
	record Open(RunConfig config, double rate, double percentOfCapacity, Stats p50Ms, Stats p99Ms, Stats p999Ms,
			double ko) {

		static Open of(RunConfig config, List<RunRecord> runs, double capacity) {
			double rate = runs.get(0).rate();
			return new Open(config, rate, 100 * rate / capacity, RoundRuns.over(runs, RunRecord::p50Ms),
					RoundRuns.over(runs, RunRecord::p99Ms), RoundRuns.over(runs, RunRecord::p999Ms),
					runs.stream().mapToDouble(RunRecord::requestsKo).max().orElse(0));
		}

	}

}
