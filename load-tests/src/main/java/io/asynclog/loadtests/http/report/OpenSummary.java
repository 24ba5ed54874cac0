package io.asynclog.loadtests.http.report;

import java.util.List;

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
		return new OpenSummary(first.config(), first.mode(), first.rate(), runs.size(), Stats.over(runs, RunRecord::meanMs),
				Stats.over(runs, RunRecord::p50Ms), Stats.over(runs, RunRecord::p95Ms), Stats.over(runs, RunRecord::p99Ms),
				Stats.over(runs, RunRecord::maxMs), Stats.over(runs, RunRecord::appCpuPct));
	}


}
