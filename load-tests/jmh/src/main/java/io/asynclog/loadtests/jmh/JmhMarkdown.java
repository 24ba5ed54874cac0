package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import io.asynclog.loadtests.report.Fmt;

/**
 * The text of {@code docs/results/jmh.md}: the seed tables' layout with our figures, the seed
 * figures beside them, ratios, the targets and what the checks found.
 */
final class JmhMarkdown {

	static final String CHART_HAND_OFF = "jmh-hand-off.png";

	static final String CHART_FILE = "jmh-file-throughput.png";

	static final String CHART_LATENCY = "jmh-latency-p9999.png";

	static final String CHART_LAYOUT = "jmh-layout.png";

	private static final String HAND_OFF = "HandOffBenchmark";

	private static final String FILE = "FileThroughputBenchmark";

	private static final String LATENCY = "LatencyBenchmark";

	private static final String LAYOUT = "LayoutBenchmark";

	private static final String LOCATION = "LocationBenchmark";

	private static final String WAIT = "WaitStrategyBenchmark";

	private static final String ALLOCATION = "AllocationBenchmark";

	private static final String RING_HEAP = "RingHeapBenchmark";

	private static final String LATENCY_RUN = LATENCY + ".pacedCalls";

	private static final String IDLE = WAIT + ".idle";

	private static final String LAYOUT_RUN = LAYOUT + ".log";

	private static final String RING_HEAP_RUN = RING_HEAP + ".started";

	private static final String ASYNCLOG = "asynclog";

	private static final String ASYNCLOG_NO_LAG_PROBE = "asynclog-no-lag-probe";

	private static final String ASYNCLOG_NO_METERS = "asynclog-no-meters";

	private final JmhResults results;

	private final Properties info;

	/** The hand-written notes' file name, which the page links to, or {@code null} when there are none. */
	private final String notes;

	private final StringBuilder out = new StringBuilder();

	JmhMarkdown(JmhResults results, Properties info, String notes) {
		this.results = results;
		this.info = info;
		this.notes = notes;
	}

	String render() {
		header();
		targets();
		handOff();
		fileThroughput();
		latency();
		layout();
		location();
		waitStrategies();
		allocation();
		meters();
		logback();
		checks();
		return this.out.toString();
	}

	void drawCharts(Path dir) throws IOException {
		Map<String, Double> handOff = new LinkedHashMap<>();
		for (String setup : setups(HAND_OFF)) {
			if ("disabled".equals(setup)) {
				// Tens of millions of calls per second would flatten every other bar.
				continue;
			}
			handOff.put(setup, callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", setup, "message", "108")));
		}
		JmhCharts.bars(dir.resolve(CHART_HAND_OFF), "Hand-off, 1 thread, 108 B, bursts that fit the queue (sync setups only count: they write nothing)",
				"calls/s", handOff);
		Map<String, Double> file = new LinkedHashMap<>();
		for (String setup : setups(FILE)) {
			file.put(setup, callsPerSecond(FILE + ".oneThread", Map.of("setup", setup)));
		}
		JmhCharts.bars(dir.resolve(CHART_FILE), "Sustained into a file, 1 thread, 108-byte lines", "calls/s", file);
		Map<String, Double> latency = new LinkedHashMap<>();
		String rate = highestRate();
		for (String setup : latencySetups()) {
			latency.put(setup, this.results.side(LATENCY_RUN, setup, Map.of("rate", rate), "p99_99_ns")
				.map((s) -> s.value("p99_99_ns") / 1000)
				.orElse(Double.NaN));
		}
		JmhCharts.bars(dir.resolve(CHART_LATENCY), "p99.99 latency of one call at " + Fmt.number(Double.parseDouble(rate))
				+ " calls/s (corrected for coordinated omission)", "microseconds", latency);
		Map<String, Double> layout = new LinkedHashMap<>();
		for (JmhResult result : this.results.results()) {
			if (result.is(LAYOUT + ".log")) {
				layout.put(result.param("row").toLowerCase(Locale.ROOT).replace('_', '-'), result.score());
			}
		}
		JmhCharts.bars(dir.resolve(CHART_LAYOUT), "Formatting cost (LOG4J2-930 rows), 1 thread into a file", "calls/s",
				layout);
	}

	private void header() {
		JmhReport.head(this.out, "JMH benchmarks: Log4j2, Logback and asynclog on this machine", JmhReport.RAW, this.info,
				this.notes, "load-tests/scripts/jmh.sh", "; " + this.info.getProperty("forks", "forks as JMH was told"));
		if (this.info.getProperty("rerun") != null) {
			line("- " + this.info.getProperty("rerun"));
		}
		line("");
	}

	private void targets() {
		line("## Targets");
		line("");
		Fmt.tableHead(this.out, "target", "measured", "result");
		double ours = callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", ASYNCLOG_NO_METERS, "message", "108"));
		double root = callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", "log4j2-async-root", "message", "108"));
		target("asynclog ≥ 0.98× hand-written AsyncRoot (hand-off, 1 thread, 108 B, meters off)", ours / root, 0.98, true);
		double oursFile = callsPerSecond(FILE + ".oneThread", Map.of("setup", ASYNCLOG_NO_METERS));
		double rootFile = callsPerSecond(FILE + ".oneThread", Map.of("setup", "log4j2-async-root"));
		target("the same, into a file", oursFile / rootFile, 0.98, true);
		double syncFlush = callsPerSecond(FILE + ".oneThread", Map.of("setup", "log4j2-sync-flush"));
		double asynclogHandOff = callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", ASYNCLOG, "message", "108"));
		target("asynclog's hand-off ≥ 6× Log4j2 sync flushed into a file, 1 thread", asynclogHandOff / syncFlush, 6,
				true);
		double asynclogFile = callsPerSecond(FILE + ".oneThread", Map.of("setup", ASYNCLOG));
		target("the same, both into a file",
				asynclogFile / syncFlush, 6, true);
		for (String rate : rates()) {
			double logback = latency("logback-async-appender", rate, "p99_99_ns");
			double asynclog = latency(ASYNCLOG, rate, "p99_99_ns");
			target("asynclog p99.99 ≥ 10× lower than Logback AsyncAppender at " + Fmt.number(Double.parseDouble(rate))
					+ " calls/s", logback / asynclog, 10, true);
		}
		double idle = this.results.side(IDLE, ASYNCLOG_NO_METERS, Map.of("waitStrategy", "timeout"), "idle_cpu_percent")
			.map((s) -> s.value("idle_cpu_percent"))
			.orElse(Double.NaN);
		String idleResult = Double.isNaN(idle) ? "not measured" : (idle < 1 ? "met" : "**missed**");
		Fmt.tableRow(this.out, "idle background CPU < 1% of a core (`timeout`, the default)",
				String.format(Locale.ROOT, "%.2f%%", idle), idleResult);
		line("");
	}

	private void target(String what, double ratio, double goal, boolean higherIsBetter) {
		String result = Double.isNaN(ratio) ? "not measured"
				: ((higherIsBetter ? ratio >= goal : ratio <= goal) ? "met" : "**missed**");
		Fmt.tableRow(this.out, what, Fmt.ratio(ratio), result);
	}

	private void handOff() {
		line("## 1. Hand-off throughput: bursts that fit the queue");
		line("");
		line("Bursts of " + Fmt.number(batchSize(HAND_OFF + ".oneThread")) + " calls per thread into a counting sink;"
				+ " calls/s per thread. Ratios: against section 2's file setups and `disabled`. Seed: "
				+ SeedFigures.MANUAL_HARDWARE + "; and 1 thread on a 2-core i5-3317U.");
		line("");
		line("![hand-off](" + CHART_HAND_OFF + ")");
		line("");
		Fmt.tableHead(this.out, "setup", "1 thr, 108 B", "1 thr, 500 ch", "2 thr, 108 B", "2 thr, 500 ch",
				"×log4j2-sync-flush into a file", "×log4j2-sync into a file", "×disabled", "seed 1 thr", "seed 2 thr",
				"seed i5 1 thr");
		double syncFlush = callsPerSecond(FILE + ".oneThread", Map.of("setup", "log4j2-sync-flush"));
		double sync = callsPerSecond(FILE + ".oneThread", Map.of("setup", "log4j2-sync"));
		double disabled = callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", "disabled", "message", "108"));
		for (String setup : setups(HAND_OFF)) {
			double one108 = callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", setup, "message", "108"));
			long[] seed = SeedFigures.MANUAL_THROUGHPUT.get(setup);
			Fmt.tableRow(this.out, setup, calls(HAND_OFF + ".oneThread", Map.of("setup", setup, "message", "108")),
					calls(HAND_OFF + ".oneThread", Map.of("setup", setup, "message", "500")),
					calls(HAND_OFF + ".twoThreads", Map.of("setup", setup, "message", "108")),
					calls(HAND_OFF + ".twoThreads", Map.of("setup", setup, "message", "500")), Fmt.ratio(one108 / syncFlush),
					Fmt.ratio(one108 / sync), Fmt.ratio(one108 / disabled), seed((seed != null) ? seed[0] : null),
					seed((seed != null) ? seed[1] : null), seed(SeedFigures.MANUAL_I5.get(setup)));
		}
		line("");
	}

	private void fileThroughput() {
		line("## 2. Sustained throughput into a file");
		line("");
		line("![file throughput](" + CHART_FILE + ")");
		line("");
		Fmt.tableHead(this.out, "setup", "1 thread", "2 threads (oversubscribed)", "×log4j2-sync-flush", "×log4j2-sync", "×raw-write");
		double flush = callsPerSecond(FILE + ".oneThread", Map.of("setup", "log4j2-sync-flush"));
		double sync = callsPerSecond(FILE + ".oneThread", Map.of("setup", "log4j2-sync"));
		double raw = callsPerSecond(FILE + ".oneThread", Map.of("setup", "raw-write"));
		for (String setup : setups(FILE)) {
			double one = callsPerSecond(FILE + ".oneThread", Map.of("setup", setup));
			Fmt.tableRow(this.out, setup, calls(FILE + ".oneThread", Map.of("setup", setup)),
					calls(FILE + ".twoThreads", Map.of("setup", setup)), Fmt.ratio(one / flush), Fmt.ratio(one / sync),
					Fmt.ratio(one / raw));
		}
		line("");
	}

	private void latency() {
		line("## 3. Latency of one call at a fixed rate");
		line("");
		line("Microseconds from each call's scheduled start. Seed: " + SeedFigures.MANUAL_LATENCY + ".");
		line("");
		line("![latency](" + CHART_LATENCY + ")");
		line("");
		for (String rate : rates()) {
			line("At " + Fmt.number(Double.parseDouble(rate)) + " calls/s:");
			line("");
			Fmt.tableHead(this.out, "setup", "calls", "p50", "p90", "p99", "p99.9", "p99.99", "max");
			for (String setup : latencySetups()) {
				this.results.side(LATENCY_RUN, setup, Map.of("rate", rate), "p50_ns").ifPresent((s) -> Fmt.tableRow(this.out,
						setup, Fmt.number(s.value("count")), micros(s, "p50_ns"), micros(s, "p90_ns"), micros(s, "p99_ns"),
						micros(s, "p99_9_ns"), micros(s, "p99_99_ns"), micros(s, "max_ns")));
			}
			line("");
		}
	}

	private void layout() {
		line("## 4. Formatting cost (LOG4J2-930)");
		line("");
		line("Seed: " + SeedFigures.LOG4J2_930_HARDWARE + ".");
		line("");
		line("![layout](" + CHART_LAYOUT + ")");
		line("");
		Fmt.tableHead(this.out, "row", "setup", "pattern", "calls/s", "×`%m%n`", "seed msg/s");
		double plain = this.results.score(LAYOUT + ".log", Map.of("row", "M"));
		for (JmhResult result : this.results.results()) {
			if (!result.is(LAYOUT + ".log")) {
				continue;
			}
			String row = result.param("row");
			String setup = this.results.sides().stream()
				.filter((s) -> s.benchmark().equals(LAYOUT_RUN) && row.equals(s.params().get("row")))
				.map(SideResult::setup)
				.findFirst()
				.orElse("?");
			Fmt.tableRow(this.out, row.toLowerCase(Locale.ROOT).replace('_', '-'), setup,
					"`" + SeedFigures.LOG4J2_930_PATTERNS.getOrDefault(row, "?") + "`",
					Fmt.number(result.score()) + missing(LAYOUT_RUN, Map.of("row", row)), Fmt.ratio(result.score() / plain),
					seed(SeedFigures.LOG4J2_930.get(row)));
		}
		line("");
	}

	private void location() {
		line("## 5. Location: include-location false and true");
		line("");
		line("Pattern `%d %p %c{1.} [%t] %l %m%n`, one caller, into a file. Seed: the manual's 1-thread figures with"
				+ " location (sync loggers 1.3-5× slower, async loggers 4-20×).");
		line("");
		Fmt.tableHead(this.out, "setup", "false", "true", "slowdown", "seed with location");
		for (String setup : setups(LOCATION)) {
			double off = this.results.score(LOCATION + ".log", Map.of("setup", setup, "includeLocation", "false"));
			double on = this.results.score(LOCATION + ".log", Map.of("setup", setup, "includeLocation", "true"));
			Fmt.tableRow(this.out, setup,
					Fmt.number(off) + missing(LOCATION + ".log", Map.of("setup", setup, "includeLocation", "false")),
					Fmt.number(on) + missing(LOCATION + ".log", Map.of("setup", setup, "includeLocation", "true")),
					Fmt.ratio(off / on), seed(SeedFigures.MANUAL_WITH_LOCATION.get(setup)));
		}
		line("");
	}

	private void waitStrategies() {
		line("## 6. Wait strategies");
		line("");
		line("`asynclog.wait-strategy`, meters off: section 1's burst, and the background thread's CPU while idle."
				+ " Seed: the manual's table (all async, 1 thread).");
		line("");
		Fmt.tableHead(this.out, "wait strategy", "hand-off calls/s", "idle CPU", "seed 1 thr");
		for (String strategy : List.of("timeout", "block", "sleep", "yield")) {
			double handOff = callsPerSecond(WAIT + ".handOff", Map.of("waitStrategy", strategy));
			double idle = this.results.side(IDLE, ASYNCLOG_NO_METERS, Map.of("waitStrategy", strategy), "idle_cpu_percent")
				.map((s) -> s.value("idle_cpu_percent"))
				.orElse(Double.NaN);
			long[] seed = SeedFigures.MANUAL_WAIT_STRATEGY.get(strategy);
			Fmt.tableRow(this.out, strategy, Fmt.number(handOff),
					Double.isNaN(idle) ? Fmt.DASH : String.format(Locale.ROOT, "%.2f%%", idle),
					seed((seed != null) ? seed[0] : null));
		}
		line("");
	}

	private void allocation() {
		line("## 7. Allocation and heap");
		line("");
		line("Bytes per call of the whole JVM (`-prof gc` `gc.alloc.rate.norm`), one caller, counting sink.");
		line("");
		Fmt.tableHead(this.out, "setup", "bytes per call", "calls/s under the profiler");
		for (String setup : setups(ALLOCATION)) {
			JmhResult result = this.results.find(ALLOCATION + ".log", Map.of("setup", setup)).orElse(null);
			if (result != null) {
				Fmt.tableRow(this.out, setup, Fmt.number(result.allocationPerCall()), Fmt.number(result.score()));
			}
		}
		line("");
		line("Heap held once started, after full collections: the queue's own cost.");
		line("");
		Fmt.tableHead(this.out, "setup", "128 slots", "262,144 slots", "the queue's cost");
		for (String setup : sideSetups(RING_HEAP_RUN)) {
			double small = heap(setup, "128");
			double large = heap(setup, "262144");
			Fmt.tableRow(this.out, setup, megabytes(small), megabytes(large), megabytes(large - small));
		}
		line("");
	}

	private void meters() {
		line("## 8. What asynclog's meters cost");
		line("");
		Fmt.tableHead(this.out, "measure", "with meters", "without the lag probe", "without meters", "with ÷ without meters");
		meterRow("hand-off, 1 thread, 108 B (calls/s)", HAND_OFF + ".oneThread", Map.of("message", "108"));
		meterRow("hand-off, 2 threads, 108 B (calls/s per thread)", HAND_OFF + ".twoThreads", Map.of("message", "108"));
		meterRow("into a file, 1 thread (calls/s)", FILE + ".oneThread", Map.of());
		double with = bytesPerCall(ASYNCLOG);
		double without = bytesPerCall(ASYNCLOG_NO_METERS);
		Fmt.tableRow(this.out, "bytes allocated per call", Fmt.number(with), Fmt.number(bytesPerCall(ASYNCLOG_NO_LAG_PROBE)),
				Fmt.number(without), Fmt.ratio(with / without));
		line("");
	}

	private void meterRow(String what, String benchmark, Map<String, String> params) {
		Map<String, String> withParams = new LinkedHashMap<>(params);
		withParams.put("setup", ASYNCLOG);
		Map<String, String> noProbeParams = new LinkedHashMap<>(params);
		noProbeParams.put("setup", ASYNCLOG_NO_LAG_PROBE);
		Map<String, String> withoutParams = new LinkedHashMap<>(params);
		withoutParams.put("setup", ASYNCLOG_NO_METERS);
		Fmt.tableRow(this.out, what, calls(benchmark, withParams), calls(benchmark, noProbeParams),
				calls(benchmark, withoutParams),
				Fmt.ratio(callsPerSecond(benchmark, withParams) / callsPerSecond(benchmark, withoutParams)));
	}

	private void logback() {
		line("## 9. asynclog on Logback");
		line("");
		line("Four callers, rounds and targets: [jmh-logback.md](jmh-logback.md).");
		line("");
		List<String> setups = List.of("asynclog-logback", "asynclog-logback-no-meters", "logstash-disruptor",
				"logback-async-appender", "logback-sync");
		if (this.results.find(HAND_OFF + ".oneThread", Map.of("setup", setups.get(0))).isEmpty()) {
			line("This run did not include `asynclog-logback`.");
			line("");
			return;
		}
		List<String> columns = new ArrayList<>(List.of("setup", "hand-off, 1 thr", "hand-off, 2 thr", "into a file, 1 thr"));
		rates().forEach((rate) -> columns.add("p99.99 at " + Fmt.number(Double.parseDouble(rate)) + "/s (µs)"));
		columns.add("bytes per call");
		Fmt.tableHead(this.out, columns.toArray(String[]::new));
		for (String setup : setups) {
			List<Object> cells = new ArrayList<>(List.of(setup,
					Fmt.number(callsPerSecond(HAND_OFF + ".oneThread", Map.of("setup", setup, "message", "108"))),
					Fmt.number(callsPerSecond(HAND_OFF + ".twoThreads", Map.of("setup", setup, "message", "108"))),
					Fmt.number(callsPerSecond(FILE + ".oneThread", Map.of("setup", setup)))));
			rates().forEach((rate) -> cells.add(Fmt.number(latency(setup, rate, "p99_99_ns") / 1000)));
			cells.add(Fmt.number(bytesPerCall(setup)));
			Fmt.tableRow(this.out, cells.toArray());
		}
		line("");
	}

	private void checks() {
		line("## Checks");
		line("");
		long trials = this.results.sides().stream().filter((s) -> s.values().containsKey("missing")).count();
		long failed = this.results.sides().stream().filter((s) -> s.value("missing") != 0).count();
		double calls = this.results.sides().stream().mapToDouble((s) -> s.value("logged")).filter((v) -> !Double.isNaN(v)).sum();
		line(trials + " trials, " + Fmt.number(calls) + " calls, " + failed + " with events missing (flagged in the"
				+ " tables). A dash: not run, or failed before it had a score.");
		this.results.sides().stream().filter((s) -> s.value("missing") > 0).forEach((s) -> line("- " + s.benchmark() + " "
				+ s.setup() + " " + s.params() + ": " + Fmt.number(s.value("logged")) + " calls, "
				+ Fmt.number(s.value("delivered")) + " delivered, " + Fmt.number(s.value("missing")) + " missing"));
		line("");
	}

	/** A warning for a table cell when a trial of that configuration lost events, else nothing. */
	private String missing(String benchmark, Map<String, String> params) {
		double missing = this.results.sides(benchmark, params)
			.mapToDouble((s) -> s.value("missing"))
			.filter((v) -> v > 0)
			.sum();
		return (missing > 0) ? " (**" + Fmt.number(missing) + " events missing**)" : "";
	}

	private double callsPerSecond(String benchmark, Map<String, String> params) {
		return this.results.find(benchmark, params).map(JmhResult::callsPerSecond).orElse(Double.NaN);
	}

	private double batchSize(String benchmark) {
		return this.results.results().stream().filter((r) -> r.is(benchmark)).mapToDouble(JmhResult::batchSize).findFirst()
			.orElse(Double.NaN);
	}

	private double latency(String setup, String rate, String value) {
		return this.results.side(LATENCY_RUN, setup, Map.of("rate", rate), value).map((s) -> s.value(value)).orElse(Double.NaN);
	}

	private double heap(String setup, String bufferSize) {
		return this.results.side(RING_HEAP_RUN, setup, Map.of("bufferSize", bufferSize), "heap_used_bytes")
			.map((s) -> s.value("heap_used_bytes"))
			.orElse(Double.NaN);
	}

	private static String megabytes(double bytes) {
		return Double.isNaN(bytes) ? Fmt.DASH : Fmt.number(bytes / 1_000_000.0) + " MB";
	}

	private double bytesPerCall(String setup) {
		return this.results.find(ALLOCATION + ".log", Map.of("setup", setup)).map(JmhResult::allocationPerCall)
			.orElse(Double.NaN);
	}

	/** A seed figure, or a dash where the seed has none. */
	private static String seed(Long figure) {
		return (figure != null) ? Fmt.number(figure) : Fmt.DASH;
	}

	/** Calls per second of a benchmark's configuration, flagged when a trial of it lost events. */
	private String calls(String benchmark, Map<String, String> params) {
		return Fmt.number(callsPerSecond(benchmark, params)) + missing(benchmark, params);
	}

	private static String micros(SideResult side, String value) {
		return Fmt.number(side.value(value) / 1000.0);
	}

	/** Setups of a benchmark class in the order JMH ran them. */
	private Set<String> setups(String benchmarkClass) {
		Set<String> setups = new LinkedHashSet<>();
		for (JmhResult result : this.results.results()) {
			if (result.benchmark().startsWith(benchmarkClass + ".") && result.param("setup") != null) {
				setups.add(result.param("setup"));
			}
		}
		return setups;
	}

	private Set<String> sideSetups(String benchmarkClass) {
		Set<String> setups = new LinkedHashSet<>();
		this.results.sides().stream().filter((s) -> s.benchmark().equals(benchmarkClass)).forEach((s) -> setups.add(s.setup()));
		return setups;
	}

	private Set<String> latencySetups() {
		return sideSetups(LATENCY_RUN);
	}

	private Set<String> rates() {
		Set<String> rates = new java.util.TreeSet<>((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
		this.results.sides().stream().filter((s) -> s.benchmark().equals(LATENCY_RUN)).forEach((s) -> rates.add(s.params().get("rate")));
		return rates;
	}

	private String highestRate() {
		Set<String> rates = rates();
		return rates.isEmpty() ? "0" : List.copyOf(rates).get(rates.size() - 1);
	}

	private void line(String text) {
		this.out.append(text).append('\n');
	}

}
