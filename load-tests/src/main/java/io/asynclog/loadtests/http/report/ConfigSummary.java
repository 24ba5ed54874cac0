package io.asynclog.loadtests.http.report;

import java.util.List;

/**
 * One configuration's closed-model figures over its repeats. A configuration that was expected
 * but not run has {@link #repeats()} 0 and every statistic empty.
 *
 * @param config the configuration id
 * @param mode the logging mode
 * @param appenders the number of file appenders, or {@code null}
 * @param immediateFlush whether appenders flush after every event, or {@code null}
 * @param pattern the layout pattern name
 * @param repeats how many runs there were
 * @param tps successful requests per second
 * @param meanMs mean response time
 * @param p50Ms median response time
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param maxMs highest response time
 * @param appCpuPct app CPU, percent of one core
 * @param appRssMb app resident memory
 * @param appThreads app threads
 * @param writesPerS app write system calls per second
 * @param writeBytesPerS bytes per second written to storage
 * @param wcharBytesPerS bytes per second passed to write calls
 * @param gatlingCpuPct Gatling CPU, percent of one core
 * @param requestsKo failed requests summed over the repeats (NaN when never reported)
 * @param linesOkRepeats repeats whose lines check passed
 * @author asynclog
 */
public record ConfigSummary(String config, String mode, Integer appenders, Boolean immediateFlush, String pattern,
		int repeats, Stats tps, Stats meanMs, Stats p50Ms, Stats p95Ms, Stats p99Ms, Stats maxMs, Stats appCpuPct,
		Stats appRssMb, Stats appThreads, Stats writesPerS, Stats writeBytesPerS, Stats wcharBytesPerS,
		Stats gatlingCpuPct, double requestsKo, int linesOkRepeats, Stats queuePeak, Stats queueDropped) {

	/** Summarises the runs of one configuration; all must share the config id. */
	static ConfigSummary of(List<RunRecord> runs) {
		if (runs.isEmpty()) {
			throw new IllegalArgumentException("No runs");
		}
		RunRecord first = runs.get(0);
		double ko = runs.stream().mapToDouble(RunRecord::requestsKo).filter((v) -> !Double.isNaN(v)).sum();
		boolean koReported = runs.stream().anyMatch((r) -> !Double.isNaN(r.requestsKo()));
		int linesOk = (int) runs.stream().filter(RunRecord::linesOk).count();
		return new ConfigSummary(first.config(), first.mode(), first.appenders(), first.immediateFlush(),
				first.pattern(), runs.size(), Stats.over(runs, RunRecord::tps), Stats.over(runs, RunRecord::meanMs),
				Stats.over(runs, RunRecord::p50Ms), Stats.over(runs, RunRecord::p95Ms), Stats.over(runs, RunRecord::p99Ms),
				Stats.over(runs, RunRecord::maxMs), Stats.over(runs, RunRecord::appCpuPct), Stats.over(runs, RunRecord::appRssMb),
				Stats.over(runs, RunRecord::appThreads), Stats.over(runs, RunRecord::appWriteSyscallsPerS),
				Stats.over(runs, RunRecord::appWriteBytesPerS), Stats.over(runs, RunRecord::appWcharBytesPerS),
				Stats.over(runs, RunRecord::gatlingCpuPct), koReported ? ko : Double.NaN, linesOk,
				Stats.over(runs, RunRecord::queuePeak), Stats.over(runs, RunRecord::queueDropped));
	}

	/** A configuration the layout expects but the CSV does not have. */
	static ConfigSummary missing(String config, String mode, Integer appenders, Boolean immediateFlush,
			String pattern) {
		return new ConfigSummary(config, mode, appenders, immediateFlush, pattern, 0, Stats.EMPTY, Stats.EMPTY,
				Stats.EMPTY, Stats.EMPTY, Stats.EMPTY, Stats.EMPTY, Stats.EMPTY, Stats.EMPTY, Stats.EMPTY, Stats.EMPTY,
				Stats.EMPTY, Stats.EMPTY, Stats.EMPTY, Double.NaN, 0, Stats.EMPTY, Stats.EMPTY);
	}


	public boolean measured() {
		return this.repeats > 0;
	}

	public boolean allLinesOk() {
		return measured() && this.linesOkRepeats == this.repeats;
	}

}
