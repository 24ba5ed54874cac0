package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Stats;

/**
 * The run table of a matrix measured in interleaved rounds: its closed-model runs grouped by
 * configuration, in the order they first ran, each row knowing its twins, the configurations its
 * ratios divide by. The rounds interleave the configurations, so a run and its twin's run of the
 * same round saw the same state of the machine; a study's page picks its rows and columns from
 * this table.
 *
 * @param rows one row per configuration, in run order
 * @param runs every closed-model run, in run order
 * @author asynclog
 */
record RoundRuns(List<Row> rows, List<RunRecord> runs) {

	/**
	 * Builds the table.
	 * @param twins for a configuration, the id of each twin by the name its ratios use
	 */
	static RoundRuns of(List<RunRecord> records, Function<RunConfig, Map<String, String>> twins) {
		Map<String, List<RunRecord>> byConfig = RunRecord.closedByConfig(records);
		List<Row> rows = new ArrayList<>();
		for (List<RunRecord> runs : byConfig.values()) {
			RunConfig config = RunConfig.parse(runs.get(0).config());
			Map<String, List<RunRecord>> twinRuns = new LinkedHashMap<>();
			twins.apply(config).forEach((name, id) -> twinRuns.put(name, byConfig.getOrDefault(id, List.of())));
			rows.add(new Row(config, runs, twinRuns));
		}
		return new RoundRuns(List.copyOf(rows), RunRecord.closedOnly(records));
	}

	/** The row of a configuration id, if it ran. */
	Optional<Row> row(String id) {
		return this.rows.stream().filter((row) -> row.config().id().equals(id)).findFirst();
	}

	/** The closed-model runs of a configuration id, in round order. */
	List<RunRecord> runsOf(String id) {
		return this.runs.stream().filter((run) -> run.config().equals(id)).toList();
	}

	/** An amount of a run per successful request; NaN for a run without one. */
	static double perRequest(RunRecord run, double amount) {
		return (run.requestsOk() > 0) ? amount / run.requestsOk() : Double.NaN;
	}

	/**
	 * One configuration's runs, one a round, and its twins' runs.
	 * @param config the configuration
	 * @param runs its runs
	 * @param twins each twin's runs by name, empty when the twin did not run
	 */
	record Row(RunConfig config, List<RunRecord> runs, Map<String, List<RunRecord>> twins) {

		int rounds() {
			return this.runs.size();
		}

		boolean measured() {
			return !this.runs.isEmpty();
		}

		/** A figure's median and min–max over the rounds. */
		Stats over(ToDoubleFunction<RunRecord> metric) {
			return RunStats.over(this.runs, metric);
		}

		/** The worst round's figure: the largest. */
		double worst(ToDoubleFunction<RunRecord> metric) {
			return RunStats.worst(this.runs, metric);
		}

		/** A figure's median over its twin's median; NaN when either did not run. */
		double medianRatioTo(String twin, ToDoubleFunction<RunRecord> metric) {
			return Stats.ratio(over(metric).median(), RunStats.over(this.twins.getOrDefault(twin, List.of()), metric).median());
		}

		/** A figure over its twin's, round by round: median and min–max of the ratios. */
		Stats ratioTo(String twin, ToDoubleFunction<RunRecord> metric) {
			return RunStats.perRound(this.runs, this.twins.getOrDefault(twin, List.of()), metric);
		}

		/** CPU µs per request of the threads a run's CPU seconds count, median over the rounds. */
		double usPerRequest(ToDoubleFunction<RunRecord> cpuSeconds) {
			return over((run) -> perRequest(run, cpuSeconds.applyAsDouble(run)) * 1e6).median();
		}

		/** Whether every round's line check passed. */
		boolean linesOk() {
			return this.runs.stream().allMatch(RunRecord::linesOk);
		}

	}

}
