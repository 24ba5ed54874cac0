package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.http.report.Fmt;
import io.asynclog.loadtests.http.report.Stats;

import static io.asynclog.loadtests.jmh.LogbackRounds.ASYNCLOG_LOGBACK;
import static io.asynclog.loadtests.jmh.LogbackRounds.ASYNCLOG_LOGBACK_NO_METERS;
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

	/**
	 * The rate whose p99.99 the latency target compares.
	 */
	static final String TARGET_RATE = "10000";

	private static final Map<String, String> WHAT_RUNS = Map.of(ASYNCLOG_LOGBACK_NO_METERS,
			"a real Spring Boot start-up on Logback (`LogbackLoggingSystem`) with the starter, "
					+ "`asynclog.mode=async-logger`, `wait-strategy=block`, `queue-full-policy=block`, over the sink of a Logback "
					+ "file (`logback/counting.xml`, `logback/file.xml`); no auto-configuration and no delivery lag: like its "
					+ "peers, it counts nothing",
			ASYNCLOG_LOGBACK, "the same with every auto-configuration: Micrometer's simple registry, asynclog's queue "
					+ "monitor and delivery-lag sampling, and Spring Boot's `logback.events` counter (a turbo filter every "
					+ "call passes)",
			LOGSTASH, "logstash-logback-encoder 9.0's `LoggingEventAsyncDisruptorAppender` (its default BlockingWaitStrategy, "
					+ "append timeout -1: waits when full) in front of the sink",
			ASYNC_APPENDER, "Logback's `AsyncAppender` (ArrayBlockingQueue, discarding threshold 0, never-block false) in front "
					+ "of the sink",
			LogbackRounds.SYNC, "the sink on the caller's thread, no queue");

	private final LogbackRounds rounds;

	private final Properties info;

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
		if (this.notes != null) {
			line("## What the figures mean on this machine");
			line("");
			this.out.append(this.notes.strip()).append("\n\n");
		}
		line("## Raw data");
		line("");
		line("`jmh-logback-raw/` holds each round's JMH JSON (`round-N/jmh-hand-off.json`, `jmh-latency.json`, "
				+ "`jmh-gc.json`), its side results (`side-results.jsonl`) and the run's `run-info.properties`; "
				+ "`jmh-logback-summary.csv` lists every score by round. Rebuild this page from them with");
		line("`java -cp \"load-tests/target/classes:$(cat load-tests/target/jmh-report-cli/classpath.txt)\" "
				+ "io.asynclog.loadtests.jmh.JmhReport docs/results/jmh-logback-raw docs/results`.");
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
		line("# JMH on Logback: asynclog against logstash's Disruptor appender and Logback's AsyncAppender");
		line("");
		line("Generated by `" + this.info.getProperty("command", "load-tests/scripts/jmh.sh --logback") + "` (JMH "
				+ this.info.getProperty("jmh", "1.37") + ", " + this.info.getProperty("minutes", "?") + " minutes, started "
				+ this.info.getProperty("started", "?") + ").");
		line("");
		line("- Machine: " + this.info.getProperty("cpu", "?") + ", " + this.info.getProperty("cores", "?") + " cores, "
				+ this.info.getProperty("memory", "?") + ", " + this.info.getProperty("os", "?") + "; shared with other work "
				+ "and noisy.");
		line("- JDK: " + this.info.getProperty("jdk", "?") + ", JVM defaults (G1); one JMH fork per setup, benchmark and "
				+ "round, iterations as annotated on each benchmark class.");
		line("- " + this.rounds.count() + " interleaved rounds: each round runs every setup once per benchmark, in an "
				+ "order turned by one place per round. Load average (1, 5, 15 minutes) before and after each round: "
				+ loads() + ".");
		line("- Every figure is the median over the rounds, with the smallest and largest in brackets. A ratio is taken "
				+ "between two setups of the same round first, then summarised the same way.");
		line("- The targets hold both asynclog variants to them; `asynclog-logback-no-meters` is the like-for-like one, as "
				+ "neither peer counts anything.");
		line("- Every queue has 262,144 slots, waits for room when full and drops nothing; every setup writes into the "
				+ "same sink (a counter for the hand-off and allocation, a `FileAppender` with a 256 KB buffer and no "
				+ "flush per line for latency). Each trial ends with a check that every call reached the sink exactly "
				+ "once (section \"Checks\").");
		line("");
		line("| setup | what runs |");
		line("|---|---|");
		for (String setup : SETUPS) {
			line("| " + setup + " | " + WHAT_RUNS.get(setup) + " |");
		}
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
		line("## Targets (reported, not asserted)");
		line("");
		line("| target | measured: median (min–max over rounds) | rounds meeting it | result |");
		line("|---|---|---|---|");
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
					+ " calls/s (ratio of asynclog's to logstash's)", ratios[4], 1.0, false);
		}
		line("");
		line("A target counts as met when the median of the per-round ratios meets it. Per round:");
		line("");
		line("| round | setup | hand-off ÷ logstash, 1 thr | ÷ logstash, 4 thr | ÷ AsyncAppender, 1 thr | ÷ AsyncAppender, 4 thr "
				+ "| p99.99 ÷ logstash's at " + Fmt.number(Double.parseDouble(TARGET_RATE)) + "/s |");
		line("|---|---|---|---|---|---|---|");
		for (int round = 0; round < this.rounds.count(); round++) {
			for (Map.Entry<String, double[][]> variant : perRound.entrySet()) {
				StringBuilder row = new StringBuilder("| " + (round + 1) + " | " + variant.getKey() + " |");
				for (double[] column : variant.getValue()) {
					row.append(' ').append(Fmt.ratio(column[round])).append(" |");
				}
				line(row.toString());
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
		line("| " + what + " | " + ratioWithSpread(stats) + " | " + meeting + " of " + stats.count() + " | " + result + " |");
	}

	private void handOff() {
		line("## 1. Hand-off throughput: bursts that fit the queue");
		line("");
		line("The Log4j2 manual's method, as in [jmh.md](jmh.md) section 1: each measured iteration is one burst per thread "
				+ "(100,000 calls with one caller, 50,000 each with four, so that 200,000 fit the queue) into a sink that "
				+ "only counts, starting with an empty queue; 5 warm-up and 10 measured bursts per trial. Calls per second "
				+ "per thread, 108-byte messages. Four callers and a background thread share two cores: oversubscribed "
				+ "here. `logback-sync` counts on the caller's thread and writes nothing: the cost of a call, not of "
				+ "logging.");
		line("");
		line("![hand-off](" + CHART_HAND_OFF + ")");
		line("");
		line("| setup | 1 thread | 4 threads, per thread | 4 threads, all callers | ×logstash, 1 thr | ×logstash, 4 thr | "
				+ "×AsyncAppender, 1 thr | ×AsyncAppender, 4 thr |");
		line("|---|---|---|---|---|---|---|---|");
		for (String setup : SETUPS) {
			ToDoubleFunction<JmhResults> one = LogbackRounds.handOff(ONE_THREAD, setup);
			ToDoubleFunction<JmhResults> four = LogbackRounds.handOff(FOUR_THREADS, setup);
			line("| " + setup + " | " + Fmt.withSpread(this.rounds.over(one)) + missing(ONE_THREAD, setup) + " | "
					+ Fmt.withSpread(this.rounds.over(four)) + missing(FOUR_THREADS, setup) + " | "
					+ Fmt.withSpread(this.rounds.over((round) -> 4 * four.applyAsDouble(round))) + " | "
					+ ratioWithSpread(Stats.of(this.rounds.ratios(one, LogbackRounds.handOff(ONE_THREAD, LOGSTASH)))) + " | "
					+ ratioWithSpread(Stats.of(this.rounds.ratios(four, LogbackRounds.handOff(FOUR_THREADS, LOGSTASH)))) + " | "
					+ ratioWithSpread(Stats.of(this.rounds.ratios(one, LogbackRounds.handOff(ONE_THREAD, ASYNC_APPENDER))))
					+ " | "
					+ ratioWithSpread(Stats.of(this.rounds.ratios(four, LogbackRounds.handOff(FOUR_THREADS, ASYNC_APPENDER))))
					+ " |");
		}
		line("");
	}

	private void latency() {
		line("## 2. Latency of one call at a fixed rate");
		line("");
		line("One caller at a fixed rate below saturation, into the file, as in [jmh.md](jmh.md) section 3: each call's "
				+ "latency runs from its scheduled start (corrected for coordinated omission), after one unpaced lap of "
				+ "the queue, a full collection and a warm-up of half the measured time. Microseconds; at 10,000 calls/s "
				+ "a p99.99 rests on the slowest ten calls of a run.");
		line("");
		line("![latency](" + CHART_LATENCY + ")");
		line("");
		for (String rate : rates()) {
			line("At " + Fmt.number(Double.parseDouble(rate)) + " calls/s:");
			line("");
			line("| setup | calls per round | p50 | p90 | p99 | p99.9 | p99.99 | max |");
			line("|---|---|---|---|---|---|---|---|");
			for (String setup : SETUPS) {
				StringBuilder row = new StringBuilder("| " + setup + " | ");
				row.append(Fmt.withSpread(this.rounds.over(LogbackRounds.latency(setup, rate, "count"))))
					.append(missing(LATENCY, setup, Map.of("rate", rate)));
				for (String value : List.of("p50_ns", "p90_ns", "p99_ns", "p99_9_ns", "p99_99_ns", "max_ns")) {
					row.append(" | ").append(Fmt.withSpread(this.rounds.over(micros(LogbackRounds.latency(setup, rate, value)))));
				}
				line(row.append(" |").toString());
			}
			line("");
		}
	}

	private void allocation() {
		line("## 3. Allocation per call");
		line("");
		line("Bytes allocated per call by the whole JVM (caller and background thread), JMH `-prof gc` "
				+ "`gc.alloc.rate.norm`, one caller into the counting sink, 108-byte message, 3 warm-up and 5 measured "
				+ "seconds.");
		line("");
		line("| setup | bytes per call | calls/s under the profiler |");
		line("|---|---|---|");
		for (String setup : SETUPS) {
			line("| " + setup + " | " + Fmt.withSpread(this.rounds.over(LogbackRounds.allocation(setup))) + " | "
					+ Fmt.withSpread(this.rounds.over(LogbackRounds.allocationThroughput(setup))) + " |");
		}
		line("");
	}

	private void checks() {
		line("## Checks");
		line("");
		line("Every setup was checked at start to run the path its name promises: both asynclog variants that Spring "
				+ "Boot chose Logback, that SLF4J and Spring's own logging go to Logback (Log4j2, also in the benchmark "
				+ "jar, stays idle), that the benchmark's logger logs INFO, that asynclog's Logback backend runs "
				+ "async-logger mode with one ring of 262,144 slots, that the sink sits behind the ring and not on the "
				+ "root logger, that asynclog's ring thread runs and no other library's does, and that a meter registry "
				+ "runs or not; from the second burst on, that the counting sink's first event came from asynclog's "
				+ "thread. The peers check their own threads (`AsyncAppender-Worker-Async`, "
				+ "`logback-appender-LogstashAsync-`, none for sync). At the end of each trial the setup was stopped "
				+ "and its sink counted.");
		line("");
		line("| round | trials | calls | trials with events missing |");
		line("|---|---|---|---|");
		for (int round = 0; round < this.rounds.count(); round++) {
			List<SideResult> sides = this.rounds.rounds().get(round).sides();
			long trials = sides.stream().filter((s) -> s.values().containsKey("missing")).count();
			long failed = sides.stream().filter((s) -> s.value("missing") != 0 && !Double.isNaN(s.value("missing"))).count();
			double calls = sides.stream().mapToDouble((s) -> s.value("logged")).filter((v) -> !Double.isNaN(v)).sum();
			line("| " + (round + 1) + " | " + trials + " | " + Fmt.number(calls) + " | " + failed + " |");
		}
		line("");
		for (int round = 0; round < this.rounds.count(); round++) {
			int number = round + 1;
			this.rounds.rounds().get(round).sides().stream().filter((s) -> s.value("missing") > 0).forEach((s) -> line("- round "
					+ number + ", " + s.benchmark() + " " + s.setup() + " " + s.params() + ": " + Fmt.number(s.value("logged"))
					+ " calls, " + Fmt.number(s.value("delivered")) + " delivered, " + Fmt.number(s.value("missing"))
					+ " missing"));
		}
		line("");
	}

	private String missing(String benchmark, String setup) {
		return missing(benchmark, setup, Map.of("message", "108"));
	}

	/**
	 * A warning for a table cell when a trial of that configuration lost events in any round.
	 */
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

	private static String ratioWithSpread(Stats stats) {
		if (!stats.measured()) {
			return Fmt.DASH;
		}
		if (stats.count() == 1) {
			return Fmt.ratio(stats.median());
		}
		return Fmt.ratio(stats.median()) + " (" + String.format(Locale.ROOT, "%.2f", stats.min()) + Fmt.DASH
				+ Fmt.ratio(stats.max()) + ")";
	}

	private void line(String text) {
		this.out.append(text).append('\n');
	}

}
