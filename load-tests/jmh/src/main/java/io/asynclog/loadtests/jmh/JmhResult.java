package io.asynclog.loadtests.jmh;

import java.util.Map;

/**
 * One JMH result: a benchmark method with one set of parameters.
 *
 * @param benchmark class and method, such as {@code HandOffBenchmark.oneThread}
 * @param threads the benchmark threads
 * @param batchSize calls per measured operation ({@code SingleShotTime} bursts), 1 otherwise
 * @param params the parameters
 * @param score the primary score
 * @param error the primary score's error (99.9%), NaN when JMH gives none
 * @param unit the primary score's unit
 * @param secondary secondary scores by name, such as {@code gc.alloc.rate.norm}
 */
record JmhResult(String benchmark, int threads, int batchSize, Map<String, String> params, double score, double error, String unit,
		Map<String, Double> secondary) {

	String param(String name) {
		return this.params.get(name);
	}

	/**
	 * Calls per second per thread: the score itself in throughput mode, the burst divided by its
	 * time in single-shot mode.
	 */
	double callsPerSecond() {
		if (this.unit.endsWith("/s")) {
			return this.score;
		}
		double seconds = switch (this.unit) {
			case "ms/op" -> this.score / 1e3;
			case "us/op" -> this.score / 1e6;
			case "s/op" -> this.score;
			default -> Double.NaN;
		};
		return this.batchSize / seconds;
	}

	/** Bytes allocated per call, when JMH ran with {@code -prof gc}. */
	double allocationPerCall() {
		return this.secondary.getOrDefault("gc.alloc.rate.norm", Double.NaN);
	}

	boolean is(String benchmark) {
		return this.benchmark.equals(benchmark);
	}

}
