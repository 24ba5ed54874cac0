package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

import static io.asynclog.loadtests.jmh.LogbackRounds.ASYNCLOG_VARIANTS;
import static io.asynclog.loadtests.jmh.LogbackRounds.ASYNC_APPENDER;
import static io.asynclog.loadtests.jmh.LogbackRounds.FOUR_THREADS;
import static io.asynclog.loadtests.jmh.LogbackRounds.LATENCY;
import static io.asynclog.loadtests.jmh.LogbackRounds.LOGSTASH;
import static io.asynclog.loadtests.jmh.LogbackRounds.ONE_THREAD;
import static io.asynclog.loadtests.jmh.LogbackRounds.SETUPS;

/**
 * The text of {@code docs/results/jmh-logback.md}: asynclog's async-logger mode on Logback against
 * logstash-logback-encoder's Disruptor appender, Logback's AsyncAppender and Logback sync, over
 * the interleaved rounds of one {@code jmh.sh --logback} run. Every figure is the median over the
 * rounds with the smallest and largest in brackets; ratios are taken within a round first.
 */
final class JmhLogbackMarkdown {

	static final String CHART_HAND_OFF = "jmh-logback-hand-off.png";

	static final String CHART_LATENCY = "jmh-logback-latency-p9999.png";

	/** The rate whose p99.99 the latency target compares. */
	static final String TARGET_RATE = "10000";

	private final LogbackRounds rounds;

	private final Properties info;

	/** The hand-written notes' file name, which the page links to, or {@code null} when there are none. */
	private final String notes;

	private final StringBuilder out = new StringBuilder();

	JmhLogbackMarkdown(LogbackRounds rounds, Properties info, String notes) {
		this.rounds = rounds;
		this.info = info;
		this.notes = notes;
	}

	String render() {
		header();
		targets();
		handOff();
		latency();
		allocation();
		checks();
		return this.out.toString();
	}

	void drawCharts(Path dir) throws IOException {
		Map<String, List<Double>> handOff = new LinkedHashMap<>();
		handOff.put("1 thread", medians((setup) -> LogbackRounds.handOff(ONE_THREAD, setup)));
		handOff.put("4 threads, per thread (oversubscribed)", medians((setup) -> LogbackRounds.handOff(FOUR_THREADS, setup)));
		JmhCharts.groupedBars(dir.resolve(CHART_HAND_OFF), "Hand-off on Logback, 108 B, bursts that fit the queue (median of "
				+ this.rounds.count() + " rounds; sync only counts)", "calls/s per thread", SETUPS, handOff);
		Map<String, List<Double>> latency = new LinkedHashMap<>();
		for (String rate : rates()) {
			latency.put(Fmt.number(Double.parseDouble(rate)) + " calls/s",
					medians((setup) -> micros(LogbackRounds.latency(setup, rate, "p99_99_ns"))));
		}
		JmhCharts.groupedBars(dir.resolve(CHART_LATENCY), "p99.99 latency of one call on Logback, into a file (median of "
				+ this.rounds.count() + " rounds)", "microseconds", SETUPS, latency);
	}

	private List<Double> medians(java.util.function.Function<String, ToDoubleFunction<JmhResults>> figure) {
		List<Double> values = new ArrayList<>();
		for (String setup : SETUPS) {
			values.add(this.rounds.over(figure.apply(setup)).median());
		}
		return values;
	}

	private void header() {
		JmhReport.head(this.out, "JMH on Logback: asynclog against logstash's Disruptor appender and Logback's AsyncAppender",
				JmhReport.LOGBACK_RAW, this.info, this.notes, "load-tests/scripts/jmh.sh --logback", "");
		line("- " + this.rounds.count() + " interleaved rounds; medians (min–max over the rounds), ratios taken within"
				+ " a round first. Load average before → after each round: " + loads() + ".");
		line("");
	}

	private String loads() {
		List<String> loads = new ArrayList<>();
		for (int round = 1; round <= this.rounds.count(); round++) {
			String before = this.info.getProperty("round." + round + ".load.before");
			String after = this.info.getProperty("round." + round + ".load.after");
			loads.add("round " + round + " " + ((before != null) ? before : "?") + " → " + ((after != null) ? after : "?"));
		}
		return String.join("; ", loads);
	}

	private void targets() {
		line("## Targets");
		line("");
		Fmt.tableHead(this.out, "target", "measured: median (min–max over rounds)", "rounds meeting it", "result");
		Map<String, double[][]> perRound = new LinkedHashMap<>();
		for (String ours : ASYNCLOG_VARIANTS) {
			double[] latency = this.rounds.ratios(LogbackRounds.latency(ours, TARGET_RATE, "p99_99_ns"),
					LogbackRounds.latency(LOGSTASH, TARGET_RATE, "p99_99_ns"));
			perRound.put(ours, new double[][] { handOffRatios(ours, ONE_THREAD, LOGSTASH),
					handOffRatios(ours, FOUR_THREADS, LOGSTASH), handOffRatios(ours, ONE_THREAD, ASYNC_APPENDER),
					handOffRatios(ours, FOUR_THREADS, ASYNC_APPENDER), latency });
			double[][] ratios = perRound.get(ours);
			row(ours + " hand-off ≥ 1.0× logstash-disruptor, 1 thread", ratios[0], 1.0, true);
			row(ours + " hand-off ≥ 1.0× logstash-disruptor, 4 threads", ratios[1], 1.0, true);
			row(ours + " hand-off ≥ 2× logback-async-appender, 1 thread", ratios[2], 2.0, true);
			row(ours + " hand-off ≥ 2× logback-async-appender, 4 threads", ratios[3], 2.0, true);
			row(ours + " p99.99 ≤ logstash-disruptor's at " + Fmt.number(Double.parseDouble(TARGET_RATE))
					+ " calls/s", ratios[4], 1.0, false);
		}
		line("");
		line("Met when the median of the per-round ratios meets it. Per round:");
		line("");
		Fmt.tableHead(this.out, "round", "setup", "hand-off ÷ logstash, 1 thr", "÷ logstash, 4 thr", "÷ AsyncAppender, 1 thr",
				"÷ AsyncAppender, 4 thr", "p99.99 ÷ logstash's at " + Fmt.number(Double.parseDouble(TARGET_RATE)) + "/s");
		for (int round = 0; round < this.rounds.count(); round++) {
			for (Map.Entry<String, double[][]> variant : perRound.entrySet()) {
				List<Object> cells = new ArrayList<>(List.of(round + 1, variant.getKey()));
				for (double[] column : variant.getValue()) {
					cells.add(Fmt.ratio(column[round]));
				}
				Fmt.tableRow(this.out, cells.toArray());
			}
		}
		line("");
	}

	private double[] handOffRatios(String ours, String benchmark, String peer) {
		return this.rounds.ratios(LogbackRounds.handOff(benchmark, ours), LogbackRounds.handOff(benchmark, peer));
	}

	private void row(String what, double[] ratios, double goal, boolean higherIsBetter) {
		Stats stats = Stats.of(ratios);
		long meeting = java.util.Arrays.stream(ratios)
			.filter((ratio) -> !Double.isNaN(ratio) && (higherIsBetter ? ratio >= goal : ratio <= goal))
			.count();
		String result = !stats.measured() ? "not measured"
				: ((higherIsBetter ? stats.median() >= goal : stats.median() <= goal) ? "met" : "**missed**");
		Fmt.tableRow(this.out, what, Fmt.ratioWithSpread(stats), meeting + " of " + stats.count(), result);
	}

	private void handOff() {
		line("## 1. Hand-off throughput: bursts that fit the queue");
		line("");
		line("Bursts of 100,000 calls (50,000 per thread with four) into a counting sink; calls/s per thread.");
		line("");
		line("![hand-off](" + CHART_HAND_OFF + ")");
		line("");
		Fmt.tableHead(this.out, "setup", "1 thread", "4 threads, per thread", "4 threads, all callers", "×logstash, 1 thr",
				"×logstash, 4 thr", "×AsyncAppender, 1 thr", "×AsyncAppender, 4 thr");
		for (String setup : SETUPS) {
			ToDoubleFunction<JmhResults> one = LogbackRounds.handOff(ONE_THREAD, setup);
			ToDoubleFunction<JmhResults> four = LogbackRounds.handOff(FOUR_THREADS, setup);
			Fmt.tableRow(this.out, setup, Fmt.withSpread(this.rounds.over(one)) + missing(ONE_THREAD, setup),
					Fmt.withSpread(this.rounds.over(four)) + missing(FOUR_THREADS, setup),
					Fmt.withSpread(this.rounds.over((round) -> 4 * four.applyAsDouble(round))),
					ratio(one, LogbackRounds.handOff(ONE_THREAD, LOGSTASH)), ratio(four, LogbackRounds.handOff(FOUR_THREADS, LOGSTASH)),
					ratio(one, LogbackRounds.handOff(ONE_THREAD, ASYNC_APPENDER)),
					ratio(four, LogbackRounds.handOff(FOUR_THREADS, ASYNC_APPENDER)));
		}
		line("");
	}

	private void latency() {
		line("## 2. Latency of one call at a fixed rate");
		line("");
		line("Microseconds from each call's scheduled start, into the file.");
		line("");
		line("![latency](" + CHART_LATENCY + ")");
		line("");
		for (String rate : rates()) {
			line("At " + Fmt.number(Double.parseDouble(rate)) + " calls/s:");
			line("");
			Fmt.tableHead(this.out, "setup", "calls per round", "p50", "p90", "p99", "p99.9", "p99.99", "max");
			for (String setup : SETUPS) {
				List<Object> cells = new ArrayList<>(List.of(setup,
						Fmt.withSpread(this.rounds.over(LogbackRounds.latency(setup, rate, "count")))
								+ missing(LATENCY, setup, Map.of("rate", rate))));
				for (String value : List.of("p50_ns", "p90_ns", "p99_ns", "p99_9_ns", "p99_99_ns", "max_ns")) {
					cells.add(Fmt.withSpread(this.rounds.over(micros(LogbackRounds.latency(setup, rate, value)))));
				}
				Fmt.tableRow(this.out, cells.toArray());
			}
			line("");
		}
	}

	private void allocation() {
		line("## 3. Allocation per call");
		line("");
		line("Bytes per call of the whole JVM (`-prof gc`), one caller, counting sink.");
		line("");
		Fmt.tableHead(this.out, "setup", "bytes per call", "calls/s under the profiler");
		for (String setup : SETUPS) {
			Fmt.tableRow(this.out, setup, Fmt.withSpread(this.rounds.over(LogbackRounds.allocation(setup))),
					Fmt.withSpread(this.rounds.over(LogbackRounds.allocationThroughput(setup))));
		}
		line("");
	}

	private void checks() {
		line("## Checks");
		line("");
		Fmt.tableHead(this.out, "round", "trials", "calls", "trials with events missing");
		for (int round = 0; round < this.rounds.count(); round++) {
			List<SideResult> sides = this.rounds.rounds().get(round).sides();
			long trials = sides.stream().filter((s) -> s.values().containsKey("missing")).count();
			long failed = sides.stream().filter((s) -> s.value("missing") != 0 && !Double.isNaN(s.value("missing"))).count();
			double calls = sides.stream().mapToDouble((s) -> s.value("logged")).filter((v) -> !Double.isNaN(v)).sum();
			Fmt.tableRow(this.out, round + 1, trials, Fmt.number(calls), failed);
		}
		List<String> losses = new ArrayList<>();
		for (int round = 0; round < this.rounds.count(); round++) {
			int number = round + 1;
			this.rounds.rounds().get(round).sides().stream().filter((s) -> s.value("missing") > 0).forEach((s) -> losses.add(
					"- round " + number + ", " + s.benchmark() + " " + s.setup() + " " + s.params() + ": "
							+ Fmt.number(s.value("logged")) + " calls, " + Fmt.number(s.value("delivered")) + " delivered, "
							+ Fmt.number(s.value("missing")) + " missing"));
		}
		if (!losses.isEmpty()) {
			line("");
			losses.forEach(this::line);
		}
		line("");
	}

	private String missing(String benchmark, String setup) {
		return missing(benchmark, setup, Map.of("message", "108"));
	}

	/** A warning for a table cell when a trial of that configuration lost events in any round. */
	private String missing(String benchmark, String setup, Map<String, String> params) {
		Map<String, String> wanted = new LinkedHashMap<>(params);
		wanted.put("setup", setup);
		double missing = this.rounds.rounds().stream()
			.flatMap((round) -> round.sides(benchmark, wanted))
			.mapToDouble((s) -> s.value("missing"))
			.filter((v) -> v > 0)
			.sum();
		return (missing > 0) ? " (**" + Fmt.number(missing) + " events missing**)" : "";
	}

	private List<String> rates() {
		TreeSet<String> rates = new TreeSet<>((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
		for (JmhResults round : this.rounds.rounds()) {
			round.sides().stream().filter((s) -> s.benchmark().equals(LATENCY)).forEach((s) -> rates.add(s.params().get("rate")));
		}
		return List.copyOf(rates);
	}

	private static ToDoubleFunction<JmhResults> micros(ToDoubleFunction<JmhResults> nanos) {
		return (round) -> nanos.applyAsDouble(round) / 1000.0;
	}

	/** Two figures' per-round ratios: median (min–max). */
	private String ratio(ToDoubleFunction<JmhResults> numerator, ToDoubleFunction<JmhResults> denominator) {
		return Fmt.ratioWithSpread(Stats.of(this.rounds.ratios(numerator, denominator)));
	}

	private void line(String text) {
		this.out.append(text).append('\n');
	}

}
