package io.asynclog.loadtests.http.report;

/**
 * One row of the raw CSV: one measured run of one configuration. Numbers the runner could not
 * measure are {@link Double#NaN}; {@code appenders}, {@code immediateFlush} and {@code users} are
 * {@code null} when the cell is empty.
 *
 * @param config the configuration id, such as {@code async-logger/3/flush/study}
 * @param mode sync, async-appender, async-logger, all-async or logging-off
 * @param appenders the number of file appenders
 * @param immediateFlush whether the file appenders flush after every event
 * @param pattern the layout pattern name
 * @param model {@code closed} or {@code open}
 * @param users concurrent users (closed model)
 * @param rate arrival rate in users per second (open model)
 * @param repeat the repeat number
 * @param durationS measured seconds
 * @param requestsOk successful requests
 * @param requestsKo failed requests
 * @param tps successful requests per second
 * @param meanMs mean response time
 * @param p50Ms median response time
 * @param p95Ms 95th percentile response time
 * @param p99Ms 99th percentile response time
 * @param maxMs highest response time
 * @param appCpuPct app CPU in percent of one core
 * @param appRssMb app resident set size
 * @param appThreads app thread count
 * @param appWriteSyscallsPerS app write system calls per second
 * @param appWriteBytesPerS bytes per second the app caused to be written to storage
 * @param appWcharBytesPerS bytes per second the app passed to write calls
 * @param gatlingCpuPct Gatling CPU in percent of one core
 * @param linesExpected log lines the run should have produced
 * @param linesFound log lines found in the files
 * @param linesOk whether the lines check passed
 * @param queuePeak most queue slots in use at the end of the run (asynclog endpoint), NaN
 * when the app has no queue or the column is absent
 * @param queueDropped events the app's queues dropped, NaN as for {@code queuePeak}
 * @param p999Ms 99.9th percentile response time, NaN when the column is absent
 * @param outOfOrderLines request lines older than a line written before them in the same file
 * (the worst file), NaN when the column is absent
 * @param maxJumpBackMs the largest amount by which such a line was older, ms
 * @param peakRingUsed most slots of the app's ring or queue in use during the run, 0 without one
 * @param cpuRequestS CPU seconds of the request threads over the window
 * @param cpuLoggingBgS CPU seconds of the logging background threads over the window
 * @param cpuOtherS CPU seconds of the app's other threads over the window (GC and JIT included in
 * runs without their own columns)
 * @param cpuGcS CPU seconds of the garbage collector's threads, NaN when the column is absent
 * @param cpuJitS CPU seconds of the JIT compilers' threads, NaN when the column is absent
 * @param allocBytes bytes the app allocated over the window, NaN when the column is absent
 * @param pinnedEvents virtual threads pinned to their carrier, NaN unless recorded
 * ({@code threads=virtual} runs)
 * @param pinnedInAsynclog those with an asynclog frame on the stack, NaN as for {@code pinnedEvents}
 * @author asynclog
 */
public record RunRecord(String config, String mode, Integer appenders, Boolean immediateFlush, String pattern,
		String model, Integer users, double rate, int repeat, double durationS, double requestsOk, double requestsKo,
		double tps, double meanMs, double p50Ms, double p95Ms, double p99Ms, double maxMs, double appCpuPct,
		double appRssMb, double appThreads, double appWriteSyscallsPerS, double appWriteBytesPerS,
		double appWcharBytesPerS, double gatlingCpuPct, double linesExpected, double linesFound, boolean linesOk,
		double queuePeak, double queueDropped, double p999Ms, double outOfOrderLines, double maxJumpBackMs,
		double peakRingUsed, double cpuRequestS, double cpuLoggingBgS, double cpuOtherS, double cpuGcS,
		double cpuJitS, double allocBytes, double pinnedEvents, double pinnedInAsynclog) {

	/** The closed workload model: a fixed number of users, each sending its next request after the last answer. */
	public static final String CLOSED = "closed";

	/** The open workload model: users arrive at a fixed rate. */
	public static final String OPEN = "open";

	public boolean closed() {
		return CLOSED.equalsIgnoreCase(this.model);
	}

	public boolean open() {
		return OPEN.equalsIgnoreCase(this.model);
	}

}
