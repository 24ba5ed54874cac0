package io.asynclog.loadtests.jmh;

import java.util.Map;

/**
 * One record the benchmarks wrote beside JMH's result: the line check of a trial and figures JMH
 * does not hold (latency percentiles, idle CPU, heap).
 *
 * @param benchmark the benchmark class's simple name
 * @param setup the setup
 * @param params the trial's other parameters
 * @param values the figures
 */
record SideResult(String benchmark, String setup, Map<String, String> params, Map<String, Double> values) {

	double value(String name) {
		Double value = this.values.get(name);
		return (value != null) ? value : Double.NaN;
	}

}
