package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One configuration at one arrival rate in the open model, over its repeats.
 *
 * @param config the configuration id
 * @param mode the logging mode
 * @param rate users arriving per second
 * @param repeats how many runs there were
 * @param meanMs mean response time
 * @param p50Ms median response time
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param maxMs highest response time
 * @param appCpuPct app CPU, percent of one core
 * @author asynclog
 */
public record OpenSummary(String config, String mode, double rate, int repeats, Stats meanMs, Stats p50Ms,
		Stats p95Ms, Stats p99Ms, Stats maxMs, Stats appCpuPct) {

	static OpenSummary of(List<RunRecord> runs) {
		RunRecord first = runs.get(0);
		return new OpenSummary(first.config(), first.mode(), first.rate(), runs.size(), stats(runs, RunRecord::meanMs),
				stats(runs, RunRecord::p50Ms), stats(runs, RunRecord::p95Ms), stats(runs, RunRecord::p99Ms),
				stats(runs, RunRecord::maxMs), stats(runs, RunRecord::appCpuPct));
	}

	private static Stats stats(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return Stats.of(runs.stream().mapToDouble(metric).toArray());
	}

}
