package io.asynclog.loadtests.http.report;

import java.util.Locale;

/**
 * Builds raw rows for the tests. Besides TPS and p99, every metric is derived from the row so a
 * test can work out the expected medians: mean = p99/4, p50 = p99/8, p95 = p99/2, max = 2×p99,
 * app CPU = 150 + 10×repeat, RSS 250, 30 threads, writes/s = TPS × appenders (0 for logging-off), 108 bytes a write,
 * Gatling CPU 80.
 *
 * @author asynclog
 */
final class Runs {

	static final String HEADER = String.join(",", RawCsvReader.COLUMNS);

	private Runs() {
	}

	static RunRecord closed(String config, String mode, Integer appenders, Boolean flush, String pattern, int repeat,
			double tps, double p99, boolean linesOk) {
		double writes = (appenders != null && !mode.equals("logging-off")) ? tps * appenders : 0;
		return record(config, mode, appenders, flush, pattern, RunRecord.CLOSED, 400, Double.NaN, repeat, 60,
				tps * 60, 0, tps, p99 / 4, p99 / 8, p99 / 2, p99, p99 * 2, 150 + 10 * repeat, 250, 30, writes,
				writes * 108, writes * 108, 80, tps * 60, linesOk ? tps * 60 : tps * 59, linesOk, Double.NaN, Double.NaN,
				Double.NaN);
	}

	/**
	 * A closed run of a configuration named like {@code async-logger/3/flush/study}, or of
	 * {@code logging-off}, which the runner describes as one appender, flush, study pattern.
	 */
	static RunRecord closed(String config, int repeat, double tps, double p99) {
		String[] parts = config.split("/");
		if (parts.length == 1) {
			return closed(config, config, 1, true, "study", repeat, tps, p99, true);
		}
		return closed(config, parts[0], Integer.parseInt(parts[1]), parts[2].equals("flush"), parts[3], repeat, tps,
				p99, true);
	}

	static RunRecord open(String config, String mode, int appenders, double rate, int repeat, double p99) {
		return record(config, mode, appenders, true, "study", RunRecord.OPEN, null, rate, repeat, 60,
				rate * 60, 0, rate, p99 / 4, p99 / 8, p99 / 2, p99, p99 * 2, 100, 250, 30, rate * appenders,
				rate * appenders * 108, rate * appenders * 108, 40, rate * 60, rate * 60, true, Double.NaN, Double.NaN,
				Double.NaN);
	}

	/** A run with the columns of the study's runner and the queue readings; the later columns not measured. */
	static RunRecord record(String config, String mode, Integer appenders, Boolean flush, String pattern, String model,
			Integer users, double rate, int repeat, double durationS, double requestsOk, double requestsKo, double tps,
			double meanMs, double p50Ms, double p95Ms, double p99Ms, double maxMs, double appCpuPct, double appRssMb,
			double appThreads, double writesPerS, double writeBytesPerS, double wcharBytesPerS, double gatlingCpuPct,
			double linesExpected, double linesFound, boolean linesOk, double queuePeak, double queueDropped,
			double p999Ms) {
		double n = Double.NaN;
		return new RunRecord(config, mode, appenders, flush, pattern, model, users, rate, repeat, durationS, requestsOk,
				requestsKo, tps, meanMs, p50Ms, p95Ms, p99Ms, maxMs, appCpuPct, appRssMb, appThreads, writesPerS,
				writeBytesPerS, wcharBytesPerS, gatlingCpuPct, linesExpected, linesFound, linesOk, queuePeak,
				queueDropped, p999Ms, n, n, n, n, n, n, n, n, n, n, n);
	}

	/** The record as a raw CSV line, in the runner's column order. */
	static String csv(RunRecord r) {
		return String.join(",", r.config(), r.mode(), text(r.appenders()), text(r.immediateFlush()), text(r.pattern()),
				r.model(), text(r.users()), num(r.rate()), String.valueOf(r.repeat()), num(r.durationS()),
				num(r.requestsOk()), num(r.requestsKo()), num(r.tps()), num(r.meanMs()), num(r.p50Ms()),
				num(r.p95Ms()), num(r.p99Ms()), num(r.maxMs()), num(r.appCpuPct()), num(r.appRssMb()),
				num(r.appThreads()), num(r.appWriteSyscallsPerS()), num(r.appWriteBytesPerS()),
				num(r.appWcharBytesPerS()), num(r.gatlingCpuPct()), num(r.linesExpected()), num(r.linesFound()),
				String.valueOf(r.linesOk()));
	}

	private static String text(Object value) {
		return (value != null) ? value.toString() : "";
	}

	private static String num(double value) {
		return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%s", value);
	}

}
