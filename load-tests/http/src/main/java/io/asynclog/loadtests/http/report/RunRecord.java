package io.asynclog.loadtests.http.report;

/**
 * One row of the raw CSV: one measured run of one configuration. Numbers the runner could not
 * measure, or in columns older runners did not write, are {@link Double#NaN}; {@code appenders},
 * {@code immediateFlush} and {@code users} are {@code null} when the cell is empty. Times are ms,
 * CPU percent of one core, and CPU seconds count over the measured window.
 *
 * @param config the configuration id, such as {@code async-logger/3/flush/study}
 * @param appWriteBytesPerS bytes per second the app caused to be written to storage
 * @param appWcharBytesPerS bytes per second the app passed to write calls
 * @param queuePeak most queue slots in use at the end of the run (asynclog endpoint), NaN when
 * the app has no queue
 * @param outOfOrderLines request lines older than a line written before them in the same file
 * (the worst file)
 * @param maxJumpBackMs the largest amount by which such a line was older
 * @param peakRingUsed most slots of the app's ring or queue in use during the run, 0 without one
 * @param cpuOtherS the app's other threads (GC and JIT included in runs without their own columns)
 * @param pinnedEvents virtual threads pinned to their carrier ({@code threads=virtual} runs)
 * @param pinnedInAsynclog those with an asynclog frame on the stack
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

	/** A fixed number of users, each sending its next request after the last answer. */
	public static final String CLOSED = "closed";

	/** Users arriving at a fixed rate. */
	public static final String OPEN = "open";

	public boolean closed() {
		return CLOSED.equalsIgnoreCase(this.model);
	}

	public boolean open() {
		return OPEN.equalsIgnoreCase(this.model);
	}

}
