package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.report.Stats;

/**
 * {@link Stats} of one metric over the runs of the HTTP comparison.
 *
 * @author asynclog
 */
final class RunStats {

	private RunStats() {
	}

	/** The figures of one metric over a configuration's runs. */
	static Stats over(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return Stats.of(runs.stream().mapToDouble(metric).toArray());
	}

	/**
	 * Each run's metric over that of the other configuration's run of the same round: the rounds
	 * interleave the configurations, so both runs of a ratio saw the same state of the machine.
	 */
	static Stats perRound(List<RunRecord> runs, List<RunRecord> others, ToDoubleFunction<RunRecord> metric) {
		List<Double> ratios = new ArrayList<>();
		for (RunRecord run : runs) {
			others.stream()
				.filter((other) -> other.repeat() == run.repeat())
				.findFirst()
				.ifPresent((other) -> ratios.add(Stats.ratio(metric.applyAsDouble(run), metric.applyAsDouble(other))));
		}
		return Stats.of(ratios);
	}

	/** The worst run's figure: the largest measured value, NaN when none was measured. */
	static double worst(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return runs.stream().mapToDouble(metric).filter((value) -> !Double.isNaN(value)).max().orElse(Double.NaN);
	}

}
