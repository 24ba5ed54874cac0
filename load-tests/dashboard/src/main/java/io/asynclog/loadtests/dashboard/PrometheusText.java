package io.asynclog.loadtests.dashboard;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small parser for the Prometheus text exposition format (version 0.0.4), enough for the samples
 * {@code /actuator/prometheus} writes ({@code name{label="value",...} value [timestamp]}; comment and
 * blank lines skipped), and the counter arithmetic PromQL would do on two scrapes.
 *
 * @author asynclog
 */
final class PrometheusText {

	private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})?\\s+(\\S+)(\\s+-?\\d+)?");

	/** One label and the comma after it, if any; the value's escapes are {@code \\}, {@code \"} and {@code \n}. */
	private static final Pattern LABEL = Pattern.compile("\\s*([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"\\s*(,|$)");

	private static final Pattern ESCAPE = Pattern.compile("\\\\(.)");

	private PrometheusText() {
	}

	/** One sample line: its name with any suffix ({@code _total}, {@code _bucket}) and its labels sorted by name. */
	record Sample(String name, Map<String, String> labels, double value) {

		String label(String label) {
			return this.labels.get(label);
		}

	}

	/** All samples of one scrape, in scrape order. */
	record Scrape(List<Sample> samples) {

		List<Sample> named(String name) {
			return named(name, (sample) -> true);
		}

		List<Sample> named(String name, Predicate<Sample> filter) {
			return this.samples.stream().filter((sample) -> sample.name().equals(name) && filter.test(sample)).toList();
		}

		/** Sum of the values of the samples of {@code name} grouped by one label. */
		Map<String, Double> sumBy(String name, String label, Predicate<Sample> filter) {
			Map<String, Double> result = new TreeMap<>();
			named(name, filter).stream()
				.filter((sample) -> sample.label(label) != null)
				.forEach((sample) -> result.merge(sample.label(label), sample.value(), Double::sum));
			return result;
		}

	}

	static Scrape parse(String text) {
		List<String> lines = text.lines().map(String::strip).toList();
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			if (!lines.get(i).isEmpty() && !lines.get(i).startsWith("#")) {
				samples.add(parseLine(lines.get(i), i + 1));
			}
		}
		return new Scrape(List.copyOf(samples));
	}

	private static Sample parseLine(String line, int number) {
		Matcher sample = SAMPLE.matcher(line);
		if (!sample.matches()) {
			throw new IllegalArgumentException("Cannot parse line " + number + ": " + line);
		}
		Map<String, String> labels = new TreeMap<>();
		String set = (sample.group(2) != null) ? sample.group(2) : "";
		Matcher label = LABEL.matcher(set);
		for (int position = 0; position < set.length(); position = label.end()) {
			if (!label.region(position, set.length()).lookingAt()) {
				throw new IllegalArgumentException("Cannot parse the labels of line " + number + ": " + line);
			}
			labels.put(label.group(1), ESCAPE.matcher(label.group(2))
				.replaceAll((escape) -> escape.group(1).equals("n") ? "\n" : Matcher.quoteReplacement(escape.group(1))));
		}
		try {
			return new Sample(sample.group(1), Collections.unmodifiableMap(labels), parseValue(sample.group(3)));
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("Cannot parse the value of line " + number + ": " + line, ex);
		}
	}

	static double parseValue(String value) {
		return switch (value) {
			case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
			case "-Inf" -> Double.NEGATIVE_INFINITY;
			case "NaN" -> Double.NaN;
			default -> Double.parseDouble(value);
		};
	}

	/**
	 * Each counter's increase between two scrapes, as PromQL's {@code increase} sees it: one that
	 * went down (a counter reset) counts its current value.
	 */
	static <K> NavigableMap<K, Double> increase(Map<K, Double> previous, Map<K, Double> current) {
		NavigableMap<K, Double> result = new TreeMap<>();
		current.forEach((key, count) -> {
			double increase = count - previous.getOrDefault(key, 0.0);
			result.put(key, (increase < 0) ? count : increase);
		});
		return result;
	}

	/**
	 * The {@code q}-quantile of cumulative bucket counts by upper bound (including {@code +Inf}), as
	 * PromQL's {@code histogram_quantile}: linear interpolation inside the bucket.
	 */
	static double quantile(double q, NavigableMap<Double, Double> cumulative) {
		double total = cumulative.isEmpty() ? 0 : cumulative.lastEntry().getValue();
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
				return (count == lowerCount) ? le : lowerBound + (le - lowerBound) * ((rank - lowerCount) / (count - lowerCount));
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
