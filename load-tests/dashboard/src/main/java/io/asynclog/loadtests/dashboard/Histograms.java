package io.asynclog.loadtests.dashboard;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Quantiles from the difference of two scrapes of a cumulative Prometheus histogram, computed
 * the way PromQL's {@code histogram_quantile} does (linear interpolation inside the bucket).
 *
 * @author asynclog
 */
final class Histograms {

	private Histograms() {
	}

	/**
	 * Per-bucket increase between two scrapes. A bucket that went down (a counter reset) counts
	 * its current value.
	 * @param previous cumulative counts by upper bound at the earlier scrape
	 * @param current cumulative counts by upper bound at the later scrape
	 */
	static NavigableMap<Double, Double> delta(Map<Double, Double> previous, Map<Double, Double> current) {
		NavigableMap<Double, Double> result = new TreeMap<>();
		current.forEach((le, count) -> {
			double before = previous.getOrDefault(le, 0.0);
			double increase = count - before;
			result.put(le, (increase < 0) ? count : increase);
		});
		return result;
	}

	/**
	 * The {@code q}-quantile of cumulative bucket counts, as PromQL's {@code histogram_quantile}.
	 * @param cumulative cumulative counts by upper bound, including {@code +Inf}
	 */
	static double quantile(double q, NavigableMap<Double, Double> cumulative) {
		if (cumulative.isEmpty()) {
			return Double.NaN;
		}
		double total = cumulative.lastEntry().getValue();
		if (!(total > 0)) {
			return Double.NaN;
		}
		double rank = q * total;
		double lowerBound = 0;
		double lowerCount = 0;
		double lastFinite = 0;
		for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
			double le = bucket.getKey();
			double count = bucket.getValue();
			if (count >= rank) {
				if (Double.isInfinite(le)) {
					return lastFinite;
				}
				if (count == lowerCount) {
					return le;
				}
				return lowerBound + (le - lowerBound) * ((rank - lowerCount) / (count - lowerCount));
			}
			lowerBound = le;
			lowerCount = count;
			if (!Double.isInfinite(le)) {
				lastFinite = le;
			}
		}
		return lastFinite;
	}

}
