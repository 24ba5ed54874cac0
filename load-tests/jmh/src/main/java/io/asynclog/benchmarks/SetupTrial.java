package io.asynclog.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

import io.asynclog.benchmarks.setup.LoggingSetup;
import io.asynclog.benchmarks.setup.SetupOptions;
import io.asynclog.benchmarks.setup.Setups;
import io.asynclog.benchmarks.setup.Sink;

/**
 * A trial's running setup and the message it logs. At the end of every trial the setup is
 * stopped, so that it writes what it still holds; that each call reached the sink exactly once is
 * checked and recorded, and the trial fails if it did not. The record, with the figures JMH's own
 * result does not hold (latency percentiles, idle CPU, heap), is one JSON object per line in the
 * file named by {@code -Dasynclog.bench.side}, which the report reads next to JMH's JSON.
 */
abstract class SetupTrial {

	String text = message("108");

	LoggingSetup logging;

	private String setup;

	/**
	 * The message of the given length, in ASCII characters: the HTTP study's 108-byte line or the
	 * Log4j2 manual's 500 characters.
	 */
	static String message(String length) {
		int size = Integer.parseInt(length);
		if (size != 108 && size != 500) {
			throw new IllegalArgumentException("Unknown message length '" + length + "'; accepted: 108, 500");
		}
		StringBuilder message = new StringBuilder("request 0000004242 handled for user 42 in the benchmark ");
		while (message.length() < size) {
			message.append((char) ('a' + message.length() % 26));
		}
		return message.substring(0, size);
	}

	void start(String setup, SetupOptions options) {
		this.setup = setup;
		this.logging = Setups.start(setup, options);
	}

	/** Options on a log file of this fork's own, under {@code -Dasynclog.bench.dir}. */
	static SetupOptions options(Sink sink) {
		return SetupOptions.of(sink, logFile());
	}

	private static Path logFile() {
		return Path.of(System.getProperty("asynclog.bench.dir", "target/jmh/logs"), "bench-" + ProcessHandle.current().pid() + ".log");
	}

	/** Figures to record beside the delivery check. */
	Map<String, ? extends Number> figures() {
		return Map.of();
	}

	@TearDown(Level.Trial)
	public void finish(BenchmarkParams benchmark) throws IOException {
		long logged = Calls.total();
		this.logging.close();
		long delivered = this.logging.delivered();
		long expected = Setups.expectedDeliveries(this.setup, logged);
		Map<String, Number> values = new LinkedHashMap<>();
		values.put("logged", logged);
		values.put("delivered", delivered);
		values.put("missing", expected - delivered);
		values.putAll(figures());
		Map<String, String> params = new LinkedHashMap<>();
		for (String key : benchmark.getParamsKeys()) {
			params.put(key, benchmark.getParam(key));
		}
		params.put("threads", Integer.toString(benchmark.getThreads()));
		String method = benchmark.getBenchmark();
		record(method.substring(method.lastIndexOf('.', method.lastIndexOf('.') - 1) + 1), params, values);
		Files.deleteIfExists(logFile());
		if (delivered != expected) {
			throw new IllegalStateException(this.setup + " delivered " + delivered + " events for " + logged
					+ " calls; expected " + expected);
		}
	}

	private void record(String benchmark, Map<String, String> params, Map<String, Number> values) throws IOException {
		String line = "{\"benchmark\":\"" + benchmark + "\",\"setup\":\"" + this.setup + "\",\"params\":{"
				+ params.entrySet().stream().map((e) -> quote(e.getKey()) + ":" + quote(e.getValue()))
					.collect(Collectors.joining(","))
				+ "},\"values\":{" + values.entrySet().stream().map((e) -> quote(e.getKey()) + ":" + number(e.getValue()))
					.collect(Collectors.joining(","))
				+ "}}\n";
		Path file = Path.of(System.getProperty("asynclog.bench.side", "target/jmh/side-results.jsonl"));
		Files.createDirectories(file.toAbsolutePath().getParent());
		Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
	}

	private static String quote(String text) {
		return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}

	private static String number(Number value) {
		return (value instanceof Double || value instanceof Float) ? String.format(Locale.ROOT, "%.6f", value.doubleValue())
				: value.toString();
	}

}
