package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * The run table of a matrix measured in interleaved rounds: its closed-model runs grouped by
 * configuration, in the order they first ran, each row knowing its twins, the configurations its
 * ratios divide by. The rounds interleave the configurations, so a run and its twin's run of the
 * same round saw the same state of the machine.
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
		Map<String, List<RunRecord>> byConfig = closedByConfig(records);
		List<Row> rows = new ArrayList<>();
		for (List<RunRecord> runs : byConfig.values()) {
			RunConfig config = RunConfig.parse(runs.get(0).config());
			Map<String, List<RunRecord>> twinRuns = new LinkedHashMap<>();
			twins.apply(config).forEach((name, id) -> twinRuns.put(name, byConfig.getOrDefault(id, List.of())));
			rows.add(new Row(config, runs, twinRuns));
		}
		return new RoundRuns(List.copyOf(rows), records.stream().filter(RunRecord::closed).toList());
	}

	/** The closed-model runs by configuration id, in the order the configurations first ran. */
	static Map<String, List<RunRecord>> closedByConfig(List<RunRecord> records) {
		return groups(records.stream().filter(RunRecord::closed), RunRecord::config);
	}

	/** Runs grouped by a key, the groups in the order their first runs ran. */
	static Map<String, List<RunRecord>> groups(Stream<RunRecord> runs, Function<RunRecord, String> key) {
		return runs.collect(Collectors.groupingBy(key, LinkedHashMap::new, Collectors.toList()));
	}

	Optional<Row> row(String id) {
		return this.rows.stream().filter((row) -> row.config().id().equals(id)).findFirst();
	}

	List<RunRecord> runsOf(String id) {
		return this.runs.stream().filter((run) -> run.config().equals(id)).toList();
	}

	/** An amount of a run per successful request; NaN for a run without one. */
	static double perRequest(RunRecord run, double amount) {
		return (run.requestsOk() > 0) ? amount / run.requestsOk() : Double.NaN;
	}

	static Stats over(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return Stats.of(runs.stream().mapToDouble(metric).toArray());
	}

	/** Each run's metric over that of the other configuration's run of the same round. */
	static Stats perRound(List<RunRecord> runs, List<RunRecord> others, ToDoubleFunction<RunRecord> metric) {
		return Stats.of(runs.stream()
			.flatMap((run) -> others.stream()
				.filter((other) -> other.repeat() == run.repeat())
				.limit(1)
				.map((other) -> Stats.ratio(metric.applyAsDouble(run), metric.applyAsDouble(other))))
			.toList());
	}

	/**
	 * One configuration's runs, one a round, and its twins' runs.
	 * @param twins each twin's runs by name, empty when the twin did not run
	 */
	record Row(RunConfig config, List<RunRecord> runs, Map<String, List<RunRecord>> twins) {

		int rounds() {
			return this.runs.size();
		}

		boolean measured() {
			return !this.runs.isEmpty();
		}

		Stats over(ToDoubleFunction<RunRecord> metric) {
			return RoundRuns.over(this.runs, metric);
		}

		/** The worst round's figure: the largest measured, NaN when none was. */
		double worst(ToDoubleFunction<RunRecord> metric) {
			return this.runs.stream().mapToDouble(metric).filter((value) -> !Double.isNaN(value)).max().orElse(Double.NaN);
		}

		/** A figure's median over its twin's median; NaN when either did not run. */
		double medianRatioTo(String twin, ToDoubleFunction<RunRecord> metric) {
			return Stats.ratio(over(metric).median(), RoundRuns.over(this.twins.getOrDefault(twin, List.of()), metric).median());
		}

		/** A figure over its twin's, round by round: median and min–max of the ratios. */
		Stats ratioTo(String twin, ToDoubleFunction<RunRecord> metric) {
			return perRound(this.runs, this.twins.getOrDefault(twin, List.of()), metric);
		}

		/** CPU µs per request of the threads a run's CPU seconds count, median over the rounds. */
		double usPerRequest(ToDoubleFunction<RunRecord> cpuSeconds) {
			return over((run) -> perRequest(run, cpuSeconds.applyAsDouble(run)) * 1e6).median();
		}

		boolean linesOk() {
			return this.runs.stream().allMatch(RunRecord::linesOk);
		}

		String median(ToDoubleFunction<RunRecord> metric) {
			return Fmt.number(over(metric).median());
		}

	}

}
