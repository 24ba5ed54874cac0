package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything one run of {@code load-tests/scripts/jmh.sh} left in its output directory: JMH's
 * {@code jmh-*.json} files and the benchmarks' {@code side-results.jsonl}.
 */
final class JmhResults {

	private static final String PACKAGE = "io.asynclog.benchmarks.";

	private static final String SETUP = "setup";

	private static final ObjectMapper JSON = JsonMapper.builder().build();

	private final List<JmhResult> results;

	private final List<SideResult> sides;

	JmhResults(List<JmhResult> results, List<SideResult> sides) {
		this.results = results;
		this.sides = sides;
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
					sides.add(side(JSON.readTree(line)));
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
		JsonNode secondaries = node.get("secondaryMetrics");
		if (secondaries != null) {
			for (Map.Entry<String, JsonNode> entry : secondaries.properties()) {
				secondary.put(entry.getKey(), number(entry.getValue().get("score")));
			}
		}
		JsonNode batch = node.get("measurementBatchSize");
		return new JmhResult(benchmark, node.get("threads").asInt(), (batch != null) ? batch.asInt() : 1, strings(node.get("params")),
				number(primary.get("score")), number(primary.get("scoreError")), primary.get("scoreUnit").asString(),
				secondary);
	}

	private static SideResult side(JsonNode node) {
		Map<String, Double> values = new LinkedHashMap<>();
		for (Map.Entry<String, JsonNode> entry : node.get("values").properties()) {
			values.put(entry.getKey(), entry.getValue().asDouble());
		}
		return new SideResult(node.get("benchmark").asString(), node.get("setup").asString(), strings(node.get("params")),
				values);
	}

	private static Map<String, String> strings(JsonNode node) {
		Map<String, String> map = new LinkedHashMap<>();
		if (node != null) {
			for (Map.Entry<String, JsonNode> entry : node.properties()) {
				map.put(entry.getKey(), entry.getValue().asString());
			}
		}
		return map;
	}

	private static double number(JsonNode node) {
		if (node == null || node.isNull()) {
			return Double.NaN;
		}
		// JMH writes "NaN" as a string when it has no error estimate.
		return node.isNumber() ? node.asDouble() : Double.NaN;
	}

	List<JmhResult> results() {
		return this.results;
	}

	List<SideResult> sides() {
		return this.sides;
	}

	/** The first result of a benchmark whose parameters include all of the given ones. */
	Optional<JmhResult> find(String benchmark, Map<String, String> params) {
		return this.results.stream().filter((r) -> r.is(benchmark)).filter(matching(params, JmhResult::params)).findFirst();
	}

	double score(String benchmark, Map<String, String> params) {
		return find(benchmark, params).map(JmhResult::score).orElse(Double.NaN);
	}

	Optional<SideResult> side(String benchmark, String setup, Map<String, String> params, String mustHave) {
		Map<String, String> wanted = new LinkedHashMap<>(params);
		wanted.put(SETUP, setup);
		return sides(benchmark, wanted).filter((s) -> mustHave == null || s.values().containsKey(mustHave)).findFirst();
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

	private static <T> Predicate<T> matching(Map<String, String> wanted, java.util.function.Function<T, Map<String, String>> params) {
		return (item) -> wanted.entrySet().stream().allMatch((e) -> e.getValue().equals(params.apply(item).get(e.getKey())));
	}

}
