package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.jmh.JmhResults.SideResult;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;


/**
 * The text of {@code docs/results/jmh-logback.md}: asynclog's async-logger mode on Logback against
 * logstash-logback-encoder's Disruptor appender, Logback's AsyncAppender and Logback sync, over
 * the interleaved rounds of one {@code jmh.sh --logback} run, each {@code round-N} directory one
 * run of every setup. Every figure is the median over the rounds with the smallest and largest in
 * brackets; ratios are taken within a round first, so that both sides of a ratio come from the
 * same minutes of the machine.
 */
final class JmhLogbackMarkdown extends JmhReport {

	/**
	 * asynclog's variants, each held to the targets: without meters first, as its peers count
	 * nothing, then as a Spring Boot application with actuator runs it.
	 */
	private static final List<String> ASYNCLOG_VARIANTS = List.of("asynclog-logback-no-meters", "asynclog-logback");

	private static final String LOGSTASH = "logstash-disruptor";

	private static final String ASYNC_APPENDER = "logback-async-appender";

	/** The setups the page compares, in its order. */
	static final List<String> SETUPS = List.of(ASYNCLOG_VARIANTS.get(0), ASYNCLOG_VARIANTS.get(1), LOGSTASH, ASYNC_APPENDER,
			"logback-sync");

	private static final String ONE_THREAD = "HandOffBenchmark.oneThread";

	private static final String FOUR_THREADS = "HandOffBenchmark.fourThreads";

	/** The rate whose p99.99 the latency target compares. */
	private static final String TARGET_RATE = "10000";

	JmhLogbackMarkdown(List<JmhResults> rounds, Properties info, String notes) {
		super(rounds, info, notes);
	}

	@Override
	String render() {
		head("JMH on Logback: asynclog against logstash's Disruptor appender and Logback's AsyncAppender", "jmh-logback-raw",
				"load-tests/scripts/jmh.sh --logback", "");
		List<String> loads = new ArrayList<>();
		for (int round = 1; round <= this.rounds.size(); round++) {
			loads.add("round " + round + " " + this.info.getProperty("round." + round + ".load.before", "?") + " → "
					+ this.info.getProperty("round." + round + ".load.after", "?"));
		}
		paragraph("- " + this.rounds.size() + " interleaved rounds; medians (min–max over the rounds), ratios taken within"
				+ " a round first. Load average before → after each round: " + String.join("; ", loads) + ".");
		targets();
		handOff();
		latency();
		allocation();
		checks();
		return this.out.toString();
	}

	@Override
	void drawCharts(Path dir) throws IOException {
		Map<String, List<Double>> handOff = new LinkedHashMap<>();
		handOff.put("1 thread", medians((setup) -> handOff(ONE_THREAD, setup)));
		handOff.put("4 threads, per thread (oversubscribed)", medians((setup) -> handOff(FOUR_THREADS, setup)));
		groupedBars(dir.resolve("jmh-logback-hand-off.png"), "Hand-off on Logback, 108 B, bursts that fit the queue (median of "
				+ this.rounds.size() + " rounds; sync only counts)", "calls/s per thread", SETUPS, handOff);
		Map<String, List<Double>> latency = new LinkedHashMap<>();
		for (String rate : rates()) {
			latency.put(rate(rate) + " calls/s", medians((setup) -> micros(setup, rate, "p99_99_ns")));
		}
		groupedBars(dir.resolve("jmh-logback-latency-p9999.png"), "p99.99 latency of one call on Logback, into a file (median of "
				+ this.rounds.size() + " rounds)", "microseconds", SETUPS, latency);
	}

	private List<Double> medians(Function<String, ToDoubleFunction<JmhResults>> figure) {
		return SETUPS.stream().map((setup) -> over(figure.apply(setup)).median()).toList();
	}

	private void targets() {
		paragraph("## Targets");
		tableHead("target", "measured: median (min–max over rounds)", "rounds meeting it", "result");
		Map<String, List<double[]>> perRound = new LinkedHashMap<>();
		for (String ours : ASYNCLOG_VARIANTS) {
			List<double[]> ratios = List.of(handOffRatios(ours, ONE_THREAD, LOGSTASH), handOffRatios(ours, FOUR_THREADS, LOGSTASH),
					handOffRatios(ours, ONE_THREAD, ASYNC_APPENDER), handOffRatios(ours, FOUR_THREADS, ASYNC_APPENDER),
					ratios((round) -> round.latency(ours, TARGET_RATE, "p99_99_ns"),
							(round) -> round.latency(LOGSTASH, TARGET_RATE, "p99_99_ns")));
			perRound.put(ours, ratios);
			target(ours + " hand-off ≥ 1.0× logstash-disruptor, 1 thread", ratios.get(0), 1.0, true);
			target(ours + " hand-off ≥ 1.0× logstash-disruptor, 4 threads", ratios.get(1), 1.0, true);
			target(ours + " hand-off ≥ 2× logback-async-appender, 1 thread", ratios.get(2), 2.0, true);
			target(ours + " hand-off ≥ 2× logback-async-appender, 4 threads", ratios.get(3), 2.0, true);
			target(ours + " p99.99 ≤ logstash-disruptor's at " + rate(TARGET_RATE) + " calls/s", ratios.get(4), 1.0, false);
		}
		line("");
		paragraph("Met when the median of the per-round ratios meets it. Per round:");
		tableHead("round", "setup", "hand-off ÷ logstash, 1 thr", "÷ logstash, 4 thr", "÷ AsyncAppender, 1 thr",
				"÷ AsyncAppender, 4 thr", "p99.99 ÷ logstash's at " + rate(TARGET_RATE) + "/s");
		for (int round = 0; round < this.rounds.size(); round++) {
			for (Map.Entry<String, List<double[]>> variant : perRound.entrySet()) {
				List<Object> cells = new ArrayList<>(List.of(round + 1, variant.getKey()));
				for (double[] column : variant.getValue()) {
					cells.add(Fmt.ratio(column[round]));
				}
				row(cells.toArray());
			}
		}
		line("");
	}

	private double[] handOffRatios(String ours, String benchmark, String peer) {
		return ratios(handOff(benchmark, ours), handOff(benchmark, peer));
	}

	private void target(String what, double[] ratios, double goal, boolean higherIsBetter) {
		Stats stats = Stats.of(ratios);
		long meeting = Arrays.stream(ratios).filter((ratio) -> result(ratio, goal, higherIsBetter).equals("met")).count();
		row(what, Fmt.ratioWithSpread(stats), meeting + " of " + stats.count(), result(stats.median(), goal, higherIsBetter));
	}

	private void handOff() {
		paragraph("## 1. Hand-off throughput: bursts that fit the queue");
		paragraph("Bursts of 100,000 calls (50,000 per thread with four) into a counting sink; calls/s per thread.");
		paragraph("![hand-off](jmh-logback-hand-off.png)");
		tableHead("setup", "1 thread", "4 threads, per thread", "4 threads, all callers", "×logstash, 1 thr", "×logstash, 4 thr",
				"×AsyncAppender, 1 thr", "×AsyncAppender, 4 thr");
		for (String setup : SETUPS) {
			ToDoubleFunction<JmhResults> one = handOff(ONE_THREAD, setup);
			ToDoubleFunction<JmhResults> four = handOff(FOUR_THREADS, setup);
			row(setup, calls(ONE_THREAD, handOffParams(setup, "108")), calls(FOUR_THREADS, handOffParams(setup, "108")),
					Fmt.withSpread(over((round) -> 4 * four.applyAsDouble(round))),
					ratio(one, handOff(ONE_THREAD, LOGSTASH)), ratio(four, handOff(FOUR_THREADS, LOGSTASH)),
					ratio(one, handOff(ONE_THREAD, ASYNC_APPENDER)), ratio(four, handOff(FOUR_THREADS, ASYNC_APPENDER)));
		}
		line("");
	}

	private void latency() {
		paragraph("## 2. Latency of one call at a fixed rate");
		paragraph("Microseconds from each call's scheduled start, into the file.");
		paragraph("![latency](jmh-logback-latency-p9999.png)");
		latencyTables("calls per round", true, (rate) -> SETUPS);
	}

	private void allocation() {
		paragraph("## 3. Allocation per call");
		paragraph("Bytes per call of the whole JVM (`-prof gc`), one caller, counting sink.");
		allocationTable(SETUPS);
	}

	private void checks() {
		paragraph("## Checks");
		tableHead("round", "trials", "calls", "trials with events missing");
		List<String> losses = new ArrayList<>();
		for (int round = 0; round < this.rounds.size(); round++) {
			List<SideResult> sides = this.rounds.get(round).sides();
			long trials = sides.stream().filter((s) -> s.values().containsKey("missing")).count();
			long failed = sides.stream().filter((s) -> s.value("missing") != 0 && !Double.isNaN(s.value("missing"))).count();
			double calls = sides.stream().mapToDouble((s) -> s.value("logged")).filter((v) -> !Double.isNaN(v)).sum();
			row(round + 1, trials, Fmt.number(calls), failed);
			String number = "- round " + (round + 1) + ", ";
			sides.stream().filter((s) -> s.value("missing") > 0).forEach((s) -> losses.add(number + loss(s)));
		}
		if (!losses.isEmpty()) {
			line("");
			losses.forEach(this::line);
		}
		line("");
	}

	private double[] ratios(ToDoubleFunction<JmhResults> numerator, ToDoubleFunction<JmhResults> denominator) {
		return this.rounds.stream()
			.mapToDouble((round) -> Stats.ratio(numerator.applyAsDouble(round), denominator.applyAsDouble(round)))
			.toArray();
	}

	/** Two figures' per-round ratios: median (min–max). */
	private String ratio(ToDoubleFunction<JmhResults> numerator, ToDoubleFunction<JmhResults> denominator) {
		return Fmt.ratioWithSpread(Stats.of(ratios(numerator, denominator)));
	}

	/** Calls per second per thread of a hand-off benchmark for one setup, 108-byte messages. */
	private static ToDoubleFunction<JmhResults> handOff(String benchmark, String setup) {
		return (round) -> round.callsPerSecond(benchmark, handOffParams(setup, "108"));
	}

}
