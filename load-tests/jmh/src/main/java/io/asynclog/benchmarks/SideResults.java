package io.asynclog.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Figures JMH's own result does not hold (line checks, latency percentiles, idle CPU, heap), one
 * JSON object per line in the file named by {@code -Dasynclog.bench.side}, which the report reads
 * next to JMH's JSON.
 */
final class SideResults {

	static final String FILE_PROPERTY = "asynclog.bench.side";

	private SideResults() {
	}

	/**
	 * Appends one record.
	 * @param benchmark the benchmark class's simple name and method, such as {@code HandOffBenchmark.oneThread}
	 * @param setup the setup
	 * @param params the trial's other parameters
	 * @param values the figures
	 */
	static synchronized void record(String benchmark, String setup, Map<String, String> params,
			Map<String, ? extends Number> values) {
		String line = "{\"benchmark\":\"" + benchmark + "\",\"setup\":\"" + setup + "\",\"params\":{"
				+ params.entrySet().stream().map((e) -> quote(e.getKey()) + ":" + quote(e.getValue()))
					.collect(Collectors.joining(","))
				+ "},\"values\":{" + values.entrySet().stream().map((e) -> quote(e.getKey()) + ":" + number(e.getValue()))
					.collect(Collectors.joining(","))
				+ "}}\n";
		Path file = Path.of(System.getProperty(FILE_PROPERTY, "target/jmh/side-results.jsonl"));
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String quote(String text) {
		return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}

	private static String number(Number value) {
		return (value instanceof Double || value instanceof Float) ? String.format(Locale.ROOT, "%.6f", value.doubleValue())
				: value.toString();
	}

}
