package io.asynclog.loadtests.report;

import java.util.Arrays;
import java.util.Collection;

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

	public static final Stats EMPTY = new Stats(0, Double.NaN, Double.NaN, Double.NaN);

	public static Stats of(Collection<Double> values) {
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

	/** The median of the measured values, or NaN when there are none. */
	public static double median(double... values) {
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
	public boolean overlaps(Stats other) {
		return measured() && other.measured() && this.min <= other.max && other.min <= this.max;
	}

}
