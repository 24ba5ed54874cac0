package io.asynclog.loadtests.dashboard;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A small parser for the Prometheus text exposition format (version 0.0.4), enough for
 * the samples that {@code /actuator/prometheus} writes: {@code name{label="value",...} value [timestamp]}.
 * Comment lines ({@code # HELP}, {@code # TYPE}, {@code # EOF}) and blank lines are skipped.
 *
 * @author asynclog
 */
final class PrometheusText {

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
			List<Sample> result = new ArrayList<>();
			for (Sample sample : this.samples) {
				if (sample.name().equals(name)) {
					result.add(sample);
				}
			}
			return result;
		}

		List<Sample> named(String name, Predicate<Sample> filter) {
			List<Sample> result = new ArrayList<>();
			for (Sample sample : named(name)) {
				if (filter.test(sample)) {
					result.add(sample);
				}
			}
			return result;
		}

		/** Sum of the values of the samples of {@code name} grouped by one label. */
		Map<String, Double> sumBy(String name, String label, Predicate<Sample> filter) {
			Map<String, Double> result = new TreeMap<>();
			for (Sample sample : named(name, filter)) {
				String key = sample.label(label);
				if (key != null) {
					result.merge(key, sample.value(), Double::sum);
				}
			}
			return result;
		}

	}

	static Scrape parse(String text) {
		List<Sample> samples = new ArrayList<>();
		int lineNumber = 0;
		for (String rawLine : text.split("\n")) {
			lineNumber++;
			String line = rawLine.strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			try {
				samples.add(parseLine(line));
			}
			catch (RuntimeException ex) {
				throw new IllegalArgumentException("Cannot parse line " + lineNumber + ": " + line, ex);
			}
		}
		return new Scrape(Collections.unmodifiableList(samples));
	}

	static Sample parseLine(String line) {
		int position = 0;
		int length = line.length();
		while (position < length && line.charAt(position) != '{' && !Character.isWhitespace(line.charAt(position))) {
			position++;
		}
		String name = line.substring(0, position);
		if (name.isEmpty()) {
			throw new IllegalArgumentException("no metric name");
		}
		Map<String, String> labels = new TreeMap<>();
		if (position < length && line.charAt(position) == '{') {
			position++;
			while (true) {
				position = skipSpacesAndCommas(line, position);
				if (position >= length) {
					throw new IllegalArgumentException("unterminated label set");
				}
				if (line.charAt(position) == '}') {
					position++;
					break;
				}
				int equals = line.indexOf('=', position);
				if (equals < 0) {
					throw new IllegalArgumentException("label without '='");
				}
				String labelName = line.substring(position, equals).strip();
				position = equals + 1;
				if (position >= length || line.charAt(position) != '"') {
					throw new IllegalArgumentException("label value not quoted");
				}
				position++;
				StringBuilder value = new StringBuilder();
				boolean closed = false;
				while (position < length) {
					char c = line.charAt(position++);
					if (c == '\\' && position < length) {
						char escaped = line.charAt(position++);
						value.append((escaped == 'n') ? '\n' : escaped);
					}
					else if (c == '"') {
						closed = true;
						break;
					}
					else {
						value.append(c);
					}
				}
				if (!closed) {
					throw new IllegalArgumentException("unterminated label value");
				}
				labels.put(labelName, value.toString());
			}
		}
		String[] rest = line.substring(position).strip().split("\\s+");
		if (rest.length == 0 || rest[0].isEmpty()) {
			throw new IllegalArgumentException("no value");
		}
		return new Sample(name, Collections.unmodifiableMap(labels), parseValue(rest[0]));
	}

	static double parseValue(String value) {
		return switch (value) {
			case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
			case "-Inf" -> Double.NEGATIVE_INFINITY;
			case "NaN" -> Double.NaN;
			default -> Double.parseDouble(value);
		};
	}

	private static int skipSpacesAndCommas(String line, int position) {
		while (position < line.length() && (line.charAt(position) == ',' || Character.isWhitespace(line.charAt(position)))) {
			position++;
		}
		return position;
	}

}
