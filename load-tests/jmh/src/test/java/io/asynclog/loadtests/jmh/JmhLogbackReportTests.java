package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Logback page from three made-up rounds whose ratios can be checked by hand: asynclog's
 * one-thread hand-off (with meters) is 1.25×, 1.00× and 1.50× logstash's; with four threads it is
 * 0.80× in every round; against the AsyncAppender 2.5×, 2.0× and 3.0× with one thread.
 */
class JmhLogbackReportTests {

	@TempDir
	Path dir;

	@Test
	void targetsAreMediansOfPerRoundRatiosWithTheirSpread() throws IOException {
		Path run = logbackRun(List.of(40.0, 50.0, 40.0), List.of(50.0, 50.0, 60.0));
		Path results = this.dir.resolve("results");
		Path page = JmhReport.write(run, results);
		String text = Files.readString(page);
		assertThat(page.getFileName()).hasToString("jmh-logback.md");
		assertThat(text).contains("- Run: `load-tests/scripts/jmh.sh --logback --rounds 3`")
			.contains("round 1 1.50 0.90 0.80 → 1.70 1.00 0.85")
			// 1.25, 1.00, 1.50: median 1.25, met in every round (1.00 meets 1.0)
			.contains("| asynclog-logback hand-off ≥ 1.0× logstash-disruptor, 1 thread | 1.25× (1.00×–1.50×) | 3 of 3 | met |")
			.contains("| asynclog-logback hand-off ≥ 1.0× logstash-disruptor, 4 threads | 0.80× (0.80×–0.80×) | 0 of 3 | **missed** |")
			.contains("| asynclog-logback hand-off ≥ 2× logback-async-appender, 1 thread | 2.50× (2.00×–3.00×) | 3 of 3 | met |")
			// p99.99 at 10,000/s: asynclog 100, 300, 150 µs against logstash's 200 µs: 0.50, 1.50, 0.75
			.contains("| asynclog-logback p99.99 ≤ logstash-disruptor's at 10,000 calls/s | "
					+ "0.75× (0.50×–1.50×) | 2 of 3 | met |")
			// one thread: 100,000 calls in 40, 50 and 40 ms
			.contains("| asynclog-logback | 2,500,000 (2,000,000–2,500,000) |")
			.contains("| 2 | asynclog-logback | 1.00× | 0.80× | 2.00× |")
			// the variant without meters: 40 ms bursts in every round, so 1.25×, 1.25× and 1.50× logstash's
			.contains("| asynclog-logback-no-meters hand-off ≥ 1.0× logstash-disruptor, 1 thread | 1.25× (1.25×–1.50×) | 3 of 3 | met |")
			.contains("| 3 | 25 | 173,500,000 | 1 |")
			.contains("- round 3, HandOffBenchmark.fourThreads logback-sync")
			.contains("**5 events missing**");
		assertThat(results.resolve("jmh-logback-hand-off.png")).isNotEmptyFile();
		assertThat(results.resolve("jmh-logback-latency-p9999.png")).isNotEmptyFile();
		List<String> csv = Files.readAllLines(results.resolve("jmh-logback-summary.csv"));
		assertThat(csv).first().asString().startsWith("round,benchmark,");
		assertThat(csv).hasSize(1 + 3 * 25)
			.anyMatch((row) -> row.startsWith("3,AllocationBenchmark.log,1,setup=asynclog-logback,"));
		assertThat(results.resolve("jmh-logback-raw").resolve("round-2").resolve("side-results.jsonl")).isNotEmptyFile();
	}

	@Test
	void rebuildingFromTheRawCopyGivesTheSamePage() throws IOException {
		Path run = logbackRun(List.of(40.0, 50.0, 40.0), List.of(50.0, 50.0, 60.0));
		Path results = this.dir.resolve("results");
		String first = Files.readString(JmhReport.write(run, results));
		String again = Files.readString(JmhReport.write(results.resolve("jmh-logback-raw"), results));
		assertThat(again).isEqualTo(first);
	}

	@Test
	void aRunWithoutRoundsIsRefused() throws IOException {
		Path run = Files.createDirectories(this.dir.resolve("empty"));
		Files.writeString(run.resolve("run-info.properties"), "suite=logback\n");
		org.assertj.core.api.Assertions.assertThatIOException()
			.isThrownBy(() -> JmhReport.write(run, this.dir.resolve("results")))
			.withMessageContaining("No round-N directory");
	}

	/**
	 * Three rounds. Hand-off bursts in ms: asynclog's one-thread bursts as given, logstash's as
	 * given, the AsyncAppender's twice asynclog's... except round 2 (100 ms), sync 20 ms; with four
	 * threads (50,000 calls each) asynclog 100 ms, logstash 80 ms, the AsyncAppender 300 ms.
	 */
	private Path logbackRun(List<Double> asynclogOneThread, List<Double> logstashOneThread) throws IOException {
		Path run = Files.createDirectories(this.dir.resolve("run"));
		Files.writeString(run.resolve("run-info.properties"), String.join("\n", "suite=logback",
				"command=load-tests/scripts/jmh.sh --logback --rounds 3", "rounds=3", "round.1.load.before=1.50 0.90 0.80",
				"round.1.load.after=1.70 1.00 0.85", "minutes=15", "jmh=1.37") + "\n");
		double[] asynclogP9999 = { 100_000, 300_000, 150_000 };
		double[] asyncAppenderOneThread = { 100, 100, 120 };
		for (int round = 0; round < 3; round++) {
			Path roundDir = Files.createDirectories(run.resolve("round-" + (round + 1)));
			List<String> handOff = new ArrayList<>();
			List<String> gc = new ArrayList<>();
			List<String> latency = new ArrayList<>();
			List<String> sides = new ArrayList<>();
			Map<String, double[]> bursts = Map.of("asynclog-logback-no-meters", new double[] { 40, 100 },
					"asynclog-logback", new double[] { asynclogOneThread.get(round), 100 },
					"logstash-disruptor", new double[] { logstashOneThread.get(round), 80 }, "logback-async-appender",
					new double[] { asyncAppenderOneThread[round], 300 }, "logback-sync", new double[] { 20, 10 });
			for (String setup : JmhLogbackMarkdown.SETUPS) {
				handOff.add(result("HandOffBenchmark.oneThread", 1, 100_000, setup, Map.of("message", "108"),
						bursts.get(setup)[0], "ms/op", Map.of()));
				handOff.add(result("HandOffBenchmark.fourThreads", 4, 50_000, setup, Map.of("message", "108"),
						bursts.get(setup)[1], "ms/op", Map.of()));
				gc.add(result("AllocationBenchmark.log", 1, 1, setup, Map.of(), 3_000_000, "ops/s",
						Map.of("gc.alloc.rate.norm", setup.startsWith("asynclog-logback") ? 0.5 : 120.0)));
				for (String rate : List.of("10000", "100000")) {
					latency.add(result("LatencyBenchmark.pacedCalls", 1, 1, setup, Map.of("rate", rate), 10, "s/op", Map.of()));
					double p9999 = setup.startsWith("asynclog-logback") ? asynclogP9999[round] : 200_000;
					sides.add(side("LatencyBenchmark.pacedCalls", setup, "\"rate\":\"" + rate + "\",\"threads\":\"1\"",
							"\"logged\":100000,\"delivered\":100000,\"missing\":0,\"count\":100000,\"p50_ns\":8000,"
									+ "\"p90_ns\":9000,\"p99_ns\":20000,\"p99_9_ns\":90000,\"p99_99_ns\":" + p9999
									+ ",\"max_ns\":900000,\"mean_ns\":8500.5"));
				}
				long missing = (round == 2 && setup.equals("logback-sync")) ? 5 : 0;
				sides.add(side("HandOffBenchmark.oneThread", setup, "\"message\":\"108\",\"threads\":\"1\"",
						"\"logged\":1500000,\"delivered\":1500000,\"missing\":0"));
				sides.add(side("HandOffBenchmark.fourThreads", setup, "\"message\":\"108\",\"threads\":\"4\"",
						"\"logged\":3000000,\"delivered\":" + (3000000 - missing) + ",\"missing\":" + missing));
				sides.add(side("AllocationBenchmark.log", setup, "\"threads\":\"1\"",
						"\"logged\":30000000,\"delivered\":30000000,\"missing\":0"));
			}
			Files.writeString(roundDir.resolve("jmh-hand-off.json"), "[" + String.join(",", handOff) + "]");
			Files.writeString(roundDir.resolve("jmh-gc.json"), "[" + String.join(",", gc) + "]");
			Files.writeString(roundDir.resolve("jmh-latency.json"), "[" + String.join(",", latency) + "]");
			Files.writeString(roundDir.resolve("side-results.jsonl"), String.join("\n", sides) + "\n");
		}
		return run;
	}

	private static String result(String benchmark, int threads, int batch, String setup, Map<String, String> params,
			double score, String unit, Map<String, Double> secondary) {
		StringBuilder json = new StringBuilder("{\"benchmark\":\"io.asynclog.benchmarks." + benchmark + "\",\"threads\":"
				+ threads + ",\"measurementBatchSize\":" + batch + ",\"params\":{\"setup\":\"" + setup + "\"");
		params.forEach((key, value) -> json.append(",\"").append(key).append("\":\"").append(value).append('"'));
		json.append("},\"primaryMetric\":{\"score\":").append(String.format(Locale.ROOT, "%.1f", score))
			.append(",\"scoreError\":\"NaN\",\"scoreUnit\":\"").append(unit).append("\"},\"secondaryMetrics\":{");
		json.append(String.join(",", secondary.entrySet().stream()
			.map((e) -> "\"" + e.getKey() + "\":{\"score\":" + e.getValue() + "}")
			.toList()));
		return json.append("}}").toString();
	}

	private static String side(String benchmark, String setup, String params, String values) {
		return "{\"benchmark\":\"" + benchmark + "\",\"setup\":\"" + setup + "\",\"params\":{" + params + "},\"values\":{"
				+ values + "}}";
	}

}
