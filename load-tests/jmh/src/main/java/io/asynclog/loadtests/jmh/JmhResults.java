package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything one run of {@code load-tests/scripts/jmh.sh} (or one round of a {@code --logback} run)
 * left in its directory: JMH's {@code jmh-*.json} files and the benchmarks' {@code side-results.jsonl}.
 */
record JmhResults(List<JmhResult> results, List<SideResult> sides) {

	static final String LATENCY = "LatencyBenchmark.pacedCalls";

	static final String ALLOCATION = "AllocationBenchmark.log";

	private static final String PACKAGE = "io.asynclog.benchmarks.";

	private static final String SETUP = "setup";

	private static final ObjectMapper JSON = JsonMapper.builder().build();

	/**
	 * One JMH result: a benchmark method ({@code HandOffBenchmark.oneThread}) with one set of
	 * parameters; {@code batchSize} is the calls per {@code SingleShotTime} burst, 1 otherwise.
	 */
	record JmhResult(String benchmark, int threads, int batchSize, Map<String, String> params, double score, double error,
			String unit, Map<String, Double> secondary) {

		/** Calls per second per thread: the score in throughput mode, the burst over its time in single-shot mode. */
		double callsPerSecond() {
			if (this.unit.endsWith("/s")) {
				return this.score;
			}
			double seconds = switch (this.unit) {
				case "ms/op" -> this.score / 1e3;
				case "us/op" -> this.score / 1e6;
				case "s/op" -> this.score;
				default -> Double.NaN;
			};
			return this.batchSize / seconds;
		}

		/** Bytes allocated per call, when JMH ran with {@code -prof gc}. */
		double allocationPerCall() {
			return this.secondary.getOrDefault("gc.alloc.rate.norm", Double.NaN);
		}

	}

	/**
	 * One record the benchmarks wrote beside JMH's result: the line check of a trial and figures JMH
	 * does not hold (latency percentiles, idle CPU, heap).
	 */
	record SideResult(String benchmark, String setup, Map<String, String> params, Map<String, Double> values) {

		double value(String name) {
			return this.values.getOrDefault(name, Double.NaN);
		}

	}

	static JmhResults read(Path dir) throws IOException {
		List<JmhResult> results = new ArrayList<>();
		try (Stream<Path> files = Files.list(dir)) {
			for (Path file : files.filter((f) -> f.getFileName().toString().matches("jmh-.*\\.json")).sorted().toList()) {
				for (JsonNode node : JSON.readTree(file.toFile())) {
					results.add(result(node));
				}
			}
		}
		List<SideResult> sides = new ArrayList<>();
		Path sideFile = dir.resolve("side-results.jsonl");
		if (Files.exists(sideFile)) {
			for (String line : Files.readAllLines(sideFile)) {
				if (!line.isBlank()) {
					sides.add(JSON.readValue(line, SideResult.class));
				}
			}
		}
		return new JmhResults(results, sides);
	}

	private static JmhResult result(JsonNode node) {
		String benchmark = node.get("benchmark").asString();
		if (benchmark.startsWith(PACKAGE)) {
			benchmark = benchmark.substring(PACKAGE.length());
		}
		JsonNode primary = node.get("primaryMetric");
		Map<String, Double> secondary = new LinkedHashMap<>();
		if (node.get("secondaryMetrics") != null) {
			node.get("secondaryMetrics").properties().forEach((e) -> secondary.put(e.getKey(), number(e.getValue().get("score"))));
		}
		JsonNode batch = node.get("measurementBatchSize");
		return new JmhResult(benchmark, node.get("threads").asInt(), (batch != null) ? batch.asInt() : 1, strings(node.get("params")),
				number(primary.get("score")), number(primary.get("scoreError")), primary.get("scoreUnit").asString(),
				secondary);
	}

	private static Map<String, String> strings(JsonNode node) {
		Map<String, String> map = new LinkedHashMap<>();
		if (node != null) {
			node.properties().forEach((e) -> map.put(e.getKey(), e.getValue().asString()));
		}
		return map;
	}

	private static double number(JsonNode node) {
		// JMH writes "NaN" as a string when it has no error estimate.
		return (node != null && node.isNumber()) ? node.asDouble() : Double.NaN;
	}

	/** The first result of a benchmark whose parameters include all of the given ones. */
	Optional<JmhResult> find(String benchmark, Map<String, String> params) {
		return this.results.stream()
			.filter((r) -> r.benchmark().equals(benchmark)
					&& params.entrySet().stream().allMatch((e) -> e.getValue().equals(r.params().get(e.getKey()))))
			.findFirst();
	}

	double score(String benchmark, Map<String, String> params) {
		return find(benchmark, params).map(JmhResult::score).orElse(Double.NaN);
	}

	double callsPerSecond(String benchmark, Map<String, String> params) {
		return find(benchmark, params).map(JmhResult::callsPerSecond).orElse(Double.NaN);
	}

	double allocation(String setup) {
		return find(ALLOCATION, Map.of(SETUP, setup)).map(JmhResult::allocationPerCall).orElse(Double.NaN);
	}

	/**
	 * The side results of a benchmark method whose parameters include the given ones; a
	 * {@code setup} entry matches the setup a record names, which is not always a JMH parameter.
	 */
	Stream<SideResult> sides(String benchmark, Map<String, String> params) {
		return this.sides.stream()
			.filter((s) -> s.benchmark().equals(benchmark))
			.filter((s) -> params.entrySet().stream().allMatch((e) -> e.getValue()
				.equals(SETUP.equals(e.getKey()) ? s.setup() : s.params().get(e.getKey()))));
	}

	/** A figure of a setup's first side result that holds it. */
	double sideValue(String benchmark, String setup, Map<String, String> params, String figure) {
		Map<String, String> wanted = new LinkedHashMap<>(params);
		wanted.put(SETUP, setup);
		return sides(benchmark, wanted).filter((s) -> s.values().containsKey(figure)).findFirst()
			.map((s) -> s.value(figure)).orElse(Double.NaN);
	}

	double latency(String setup, String rate, String figure) {
		return sideValue(LATENCY, setup, Map.of("rate", rate), figure);
	}

	/** The events that trials of a configuration lost. */
	double missing(String benchmark, Map<String, String> params) {
		return sides(benchmark, params).mapToDouble((s) -> s.value("missing")).filter((v) -> v > 0).sum();
	}

}
