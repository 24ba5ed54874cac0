package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Median, minimum and maximum of one metric over the repeats of a configuration. Values that were
 * not measured ({@link Double#NaN}) are left out; with none left every figure is NaN and
 * {@link #count()} is 0.
 *
 * @param count how many measured values there were
 * @param median the median (the mean of the two middle values for an even count)
 * @param min the smallest value
 * @param max the largest value
 * @author asynclog
 */
public record Stats(int count, double median, double min, double max) {

	static final Stats EMPTY = new Stats(0, Double.NaN, Double.NaN, Double.NaN);

	static Stats of(Collection<Double> values) {
		return of(values.stream().mapToDouble(Double::doubleValue).toArray());
	}

	/** The figures of the given values, NaN ones left out. */
	public static Stats of(double... values) {
		double[] measured = Arrays.stream(values).filter((v) -> !Double.isNaN(v)).sorted().toArray();
		if (measured.length == 0) {
			return EMPTY;
		}
		return new Stats(measured.length, medianOfSorted(measured), measured[0], measured[measured.length - 1]);
	}

	/** The figures of one metric over a configuration's runs. */
	static Stats over(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return of(runs.stream().mapToDouble(metric).toArray());
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
				.ifPresent((other) -> ratios.add(ratio(metric.applyAsDouble(run), metric.applyAsDouble(other))));
		}
		return of(ratios);
	}

	/** The worst run's figure: the largest measured value, NaN when none was measured. */
	static double worst(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return runs.stream().mapToDouble(metric).filter((value) -> !Double.isNaN(value)).max().orElse(Double.NaN);
	}

	/** The median of the measured values, or NaN when there are none. */
	static double median(double... values) {
		return of(values).median();
	}

	private static double medianOfSorted(double[] sorted) {
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	/** {@code numerator / denominator}, or NaN when either is unknown or the denominator is not positive. */
	public static double ratio(double numerator, double denominator) {
		if (Double.isNaN(numerator) || Double.isNaN(denominator) || denominator <= 0) {
			return Double.NaN;
		}
		return numerator / denominator;
	}

	/** Whether any value was measured. */
	public boolean measured() {
		return this.count > 0;
	}

	/** Whether the min–max ranges of the two share any value. */
	boolean overlaps(Stats other) {
		return measured() && other.measured() && this.min <= other.max && other.min <= this.max;
	}

}
