package io.asynclog.loadtests.dashboard;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small parser for the Prometheus text exposition format (version 0.0.4), enough for
 * the samples that {@code /actuator/prometheus} writes: {@code name{label="value",...} value [timestamp]}.
 * Comment lines ({@code # HELP}, {@code # TYPE}, {@code # EOF}) and blank lines are skipped.
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

	/**
	 * One sample line.
	 *
	 * @param name the metric name, including suffixes such as {@code _total} or {@code _bucket}
	 * @param labels the labels, sorted by name
	 * @param value the value ({@code +Inf}, {@code -Inf} and {@code NaN} are understood)
	 */
	record Sample(String name, Map<String, String> labels, double value) {

		String label(String label) {
			return this.labels.get(label);
		}

	}

	/**
	 * All samples of one scrape, with helpers to select them.
	 *
	 * @param samples the samples in scrape order
	 */
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
			for (Sample sample : named(name, filter)) {
				if (sample.label(label) != null) {
					result.merge(sample.label(label), sample.value(), Double::sum);
				}
			}
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
		int position = 0;
		while (position < set.length()) {
			if (!label.region(position, set.length()).lookingAt()) {
				throw new IllegalArgumentException("Cannot parse the labels of line " + number + ": " + line);
			}
			labels.put(label.group(1), ESCAPE.matcher(label.group(2))
				.replaceAll((escape) -> escape.group(1).equals("n") ? "\n" : Matcher.quoteReplacement(escape.group(1))));
			position = label.end();
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

}
