package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;

/**
 * The runs of a {@code where-async-pays} matrix, by configuration: closed-model figures over
 * the repeats, and open-model latency per configuration and rate.
 *
 * @param closed one summary per configuration, in run order
 * @param open one summary per configuration and rate, in run order
 * @author asynclog
 */
record PaysRuns(List<Closed> closed, List<Open> open) {

	static PaysRuns of(List<RunRecord> runs) {
		Map<String, List<RunRecord>> closedRuns = new LinkedHashMap<>();
		Map<String, List<RunRecord>> openRuns = new LinkedHashMap<>();
		for (RunRecord run : runs) {
			if (run.closed()) {
				closedRuns.computeIfAbsent(run.config(), (key) -> new ArrayList<>()).add(run);
			}
			else {
				openRuns.computeIfAbsent(run.config() + "@" + (long) run.rate(), (key) -> new ArrayList<>()).add(run);
			}
		}
		List<Closed> closed = closedRuns.values().stream().map(Closed::of).toList();
		List<Open> open = new ArrayList<>();
		for (List<RunRecord> group : openRuns.values()) {
			RunConfig config = RunConfig.parse(group.get(0).config());
			double capacity = closed.stream()
				.filter((summary) -> summary.config().id().equals(config.id()))
				.mapToDouble((summary) -> summary.tps().median())
				.findFirst()
				.orElse(Double.NaN);
			open.add(Open.of(config, group, capacity));
		}
		return new PaysRuns(closed, List.copyOf(open));
	}

	/** The closed-model summary of a configuration id, if it ran. */
	Optional<Closed> closed(String id) {
		return this.closed.stream().filter((summary) -> summary.config().id().equals(id)).findFirst();
	}

	/**
	 * One configuration's closed-model runs.
	 * @param config the configuration
	 * @param tps requests per second
	 * @param p50Ms median response time
	 * @param p99Ms 99th percentile response time
	 * @param cpuUsPerRequest the app's CPU time per request, in microseconds (median)
	 * @param appCpuPct the app's CPU, percent of one core (median)
	 * @param gatlingCpuPct Gatling's CPU, percent of one core (median)
	 * @param dropped the most events a run's queues dropped
	 * @param queuePeak the most slots a run's queues had in use
	 * @param linesOk whether every run's line check passed
	 */
	record Closed(RunConfig config, Stats tps, Stats p50Ms, Stats p99Ms, double cpuUsPerRequest, double appCpuPct,
			double gatlingCpuPct, double dropped, double queuePeak, boolean linesOk) {

		static Closed of(List<RunRecord> runs) {
			RunConfig config = RunConfig.parse(runs.get(0).config());
			return new Closed(config, Stats.over(runs, RunRecord::tps), Stats.over(runs, RunRecord::p50Ms),
					Stats.over(runs, RunRecord::p99Ms),
					Stats.over(runs, (run) -> run.appCpuPct() / 100 * 1e6 / run.tps()).median(),
					Stats.over(runs, RunRecord::appCpuPct).median(), Stats.over(runs, RunRecord::gatlingCpuPct).median(),
					Stats.worst(runs, RunRecord::queueDropped), Stats.worst(runs, RunRecord::queuePeak),
					runs.stream().allMatch(RunRecord::linesOk));
		}

	}

	/**
	 * One configuration's open-model runs at one rate.
	 * @param config the configuration
	 * @param rate requests per second offered
	 * @param percentOfCapacity the rate as a percentage of the configuration's median closed TPS
	 * @param p50Ms median response time
	 * @param p99Ms 99th percentile
	 * @param p999Ms 99.9th percentile
	 * @param ko failed requests (most in a run)
	 */
	record Open(RunConfig config, double rate, double percentOfCapacity, Stats p50Ms, Stats p99Ms, Stats p999Ms,
			double ko) {

		static Open of(RunConfig config, List<RunRecord> runs, double capacity) {
			double rate = runs.get(0).rate();
			return new Open(config, rate, 100 * rate / capacity, Stats.over(runs, RunRecord::p50Ms),
					Stats.over(runs, RunRecord::p99Ms), Stats.over(runs, RunRecord::p999Ms),
					runs.stream().mapToDouble(RunRecord::requestsKo).max().orElse(0));
		}

	}

}
