package io.asynclog.loadtests.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.asynclog.benchmarks.LayoutBenchmark;
import io.asynclog.loadtests.jmh.JmhResults.JmhResult;
import io.asynclog.loadtests.jmh.JmhResults.SideResult;
import io.asynclog.loadtests.report.Fmt;

import static io.asynclog.loadtests.jmh.JmhResults.LATENCY;

/**
 * The text of {@code docs/results/jmh.md}: the seed tables' layout with our figures, the seed
 * figures beside them, ratios, the targets and what the checks found. The seed figures are the
 * published ones (../shared/reference/seed-findings.md, sections 1-2), with the hardware they were
 * measured on; they are for reference, never for ratios: the machines differ.
 */
final class JmhMarkdown extends JmhReport {

	private static final String HAND_OFF = "HandOffBenchmark.oneThread";

	private static final String HAND_OFF_TWO = "HandOffBenchmark.twoThreads";

	private static final String FILE = "FileThroughputBenchmark.oneThread";

	private static final String LAYOUT = "LayoutBenchmark.log";

	private static final String LOCATION = "LocationBenchmark.log";

	private static final String IDLE = "WaitStrategyBenchmark.idle";

	private static final String RING_HEAP = "RingHeapBenchmark.started";

	private static final String ASYNCLOG = "asynclog";

	private static final String NO_LAG_PROBE = "asynclog-no-lag-probe";

	private static final String NO_METERS = "asynclog-no-meters";

	private static final String MANUAL_HARDWARE = "Log4j2 manual (2014): Solaris 10, 2x4-core Xeon X5570 2.93 GHz, 16 vCPU, JDK 7, "
			+ "500-char messages, per thread";

	private static final String LOG4J2_930_HARDWARE = "LOG4J2-930 (2015): sync RandomAccessFile, no flush, average msg/s, "
			+ "the reporter's machine";

	/** Manual throughput, msg/s per thread, 1 and 2 threads, by our setup name. */
	private static final Map<String, long[]> MANUAL_THROUGHPUT = Map.of("log4j2-all-async", new long[] { 2_652_412, 909_119 },
			"log4j2-async-root", new long[] { 2_454_358, 839_394 }, "log4j2-async-appender",
			new long[] { 1_713_429, 603_019 }, "logback-async-appender", new long[] { 2_206_907, 624_082 },
			"log4j2-sync", new long[] { 273_536, 136_523 }, "logback-sync", new long[] { 178_063, 65_000 });

	/** Manual, 2-core i5-3317U (4 vCPU), 1 thread, msg/s. */
	private static final Map<String, Long> MANUAL_I5 = Map.of("log4j2-all-async", 1_715_344L, "log4j2-async-appender",
			1_236_548L, "logback-async-appender", 1_979_515L, "log4j2-sync", 281_250L, "logback-sync", 149_811L);

	/** Manual, with location, 1 thread, msg/s. */
	private static final Map<String, Long> MANUAL_WITH_LOCATION = Map.of("log4j2-all-async", 75_862L, "log4j2-async-root",
			61_993L, "log4j2-async-appender", 47_033L, "log4j2-sync", 31_054L);

	/** Manual wait-strategy table, all async, system clock, msg/s per thread at 1 and 2 threads. */
	private static final Map<String, long[]> MANUAL_WAIT_STRATEGY = Map.of("block", new long[] { 1_717_261, 727_075 }, "sleep",
			new long[] { 1_568_623, 948_653 }, "yield", new long[] { 1_618_103, 884_314 });

	/** LOG4J2-930 average msg/s by our layout row. */
	private static final Map<String, Long> LOG4J2_930 = Map.ofEntries(Map.entry("RAW", 3_977_222L), Map.entry("M", 1_900_037L),
			Map.entry("D_M_EX", 1_194_184L), Map.entry("D_T_M_EX", 1_027_927L), Map.entry("D_P_T_M_EX", 939_122L),
			Map.entry("D_P_C_T_M_EX", 595_663L), Map.entry("D_P_C_T_X_M_EX", 573_651L),
			Map.entry("D_P_C_T_X_M_EX_FLUSH", 205_833L), Map.entry("D_P_C_T_X_M_EX_ALL_ASYNC", 4_719_766L));

	/** Manual latency, all async, 1 thread: average and 99.99% bound in ns. */
	private static final String MANUAL_LATENCY = "Log4j2 manual, same Solaris box, 1 thread: all async average 677 ns, "
			+ "99.99% < 8,192 ns; Log4j2 AsyncAppender average 2,423 ns, 99.99% < 16,384 ns";

	private final JmhResults results;

	JmhMarkdown(List<JmhResults> rounds, Properties info, String notes) {
		super(rounds, info, notes);
		this.results = rounds.get(0);
	}

	@Override
	String render() {
		head("JMH benchmarks: Log4j2, Logback and asynclog on this machine", "jmh-raw", "load-tests/scripts/jmh.sh",
				"; " + this.info.getProperty("forks", "forks as JMH was told"));
		if (this.info.getProperty("rerun") != null) {
			line("- " + this.info.getProperty("rerun"));
		}
		line("");
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

	@Override
	void drawCharts(Path dir) throws IOException {
		// Tens of millions of calls per second would flatten every other bar.
		List<String> handOff = setups("HandOffBenchmark").stream().filter((setup) -> !"disabled".equals(setup)).toList();
		bars(dir.resolve("jmh-hand-off.png"), "Hand-off, 1 thread, 108 B, bursts that fit the queue (sync setups only count: they write nothing)",
				"calls/s", handOff, String::valueOf, (setup) -> callsPerSecond(HAND_OFF, setup));
		bars(dir.resolve("jmh-file-throughput.png"), "Sustained into a file, 1 thread, 108-byte lines", "calls/s",
				setups("FileThroughputBenchmark"), String::valueOf, (setup) -> callsPerSecond(FILE, setup));
		TreeSet<String> rates = rates();
		String highest = rates.isEmpty() ? "0" : rates.last();
		bars(dir.resolve("jmh-latency-p9999.png"), "p99.99 latency of one call at " + rate(highest)
				+ " calls/s (corrected for coordinated omission)", "microseconds", sideSetups(LATENCY), String::valueOf,
				(setup) -> this.results.latency(setup, highest, "p99_99_ns") / 1000);
		bars(dir.resolve("jmh-layout.png"), "Formatting cost (LOG4J2-930 rows), 1 thread into a file", "calls/s",
				layoutResults(), JmhMarkdown::layoutRow, JmhResult::score);
	}

	private void targets() {
		paragraph("## Targets");
		tableHead("target", "measured", "result");
		target("asynclog ≥ 0.98× hand-written AsyncRoot (hand-off, 1 thread, 108 B, meters off)",
				callsPerSecond(HAND_OFF, NO_METERS) / callsPerSecond(HAND_OFF, "log4j2-async-root"), 0.98);
		target("the same, into a file", callsPerSecond(FILE, NO_METERS) / callsPerSecond(FILE, "log4j2-async-root"), 0.98);
		double syncFlush = callsPerSecond(FILE, "log4j2-sync-flush");
		target("asynclog's hand-off ≥ 6× Log4j2 sync flushed into a file, 1 thread", callsPerSecond(HAND_OFF, ASYNCLOG) / syncFlush, 6);
		target("the same, both into a file", callsPerSecond(FILE, ASYNCLOG) / syncFlush, 6);
		for (String rate : rates()) {
			target("asynclog p99.99 ≥ 10× lower than Logback AsyncAppender at " + rate(rate) + " calls/s",
					this.results.latency("logback-async-appender", rate, "p99_99_ns") / this.results.latency(ASYNCLOG, rate, "p99_99_ns"), 10);
		}
		double idle = idle("timeout");
		row("idle background CPU < 1% of a core (`timeout`, the default)", String.format(Locale.ROOT, "%.2f%%", idle),
				Double.isNaN(idle) ? "not measured" : ((idle < 1) ? "met" : "**missed**"));
		line("");
	}

	private void target(String what, double ratio, double goal) {
		row(what, Fmt.ratio(ratio), result(ratio, goal, true));
	}

	private void handOff() {
		paragraph("## 1. Hand-off throughput: bursts that fit the queue");
		paragraph("Bursts of " + Fmt.number(this.results.results().stream().filter((r) -> r.benchmark().equals(HAND_OFF))
			.mapToDouble(JmhResult::batchSize).findFirst().orElse(Double.NaN)) + " calls per thread into a counting sink;"
				+ " calls/s per thread. Ratios: against section 2's file setups and `disabled`. Seed: "
				+ MANUAL_HARDWARE + "; and 1 thread on a 2-core i5-3317U.");
		paragraph("![hand-off](jmh-hand-off.png)");
		tableHead("setup", "1 thr, 108 B", "1 thr, 500 ch", "2 thr, 108 B", "2 thr, 500 ch", "×log4j2-sync-flush into a file",
				"×log4j2-sync into a file", "×disabled", "seed 1 thr", "seed 2 thr", "seed i5 1 thr");
		double syncFlush = callsPerSecond(FILE, "log4j2-sync-flush");
		double sync = callsPerSecond(FILE, "log4j2-sync");
		double disabled = callsPerSecond(HAND_OFF, "disabled");
		for (String setup : setups("HandOffBenchmark")) {
			double one = callsPerSecond(HAND_OFF, setup);
			long[] seed = MANUAL_THROUGHPUT.get(setup);
			row(setup, calls(HAND_OFF, handOffParams(setup, "108")), calls(HAND_OFF, handOffParams(setup, "500")),
					calls(HAND_OFF_TWO, handOffParams(setup, "108")), calls(HAND_OFF_TWO, handOffParams(setup, "500")),
					Fmt.ratio(one / syncFlush), Fmt.ratio(one / sync), Fmt.ratio(one / disabled),
					seed((seed != null) ? seed[0] : null), seed((seed != null) ? seed[1] : null),
					seed(MANUAL_I5.get(setup)));
		}
		line("");
	}

	private void fileThroughput() {
		paragraph("## 2. Sustained throughput into a file");
		paragraph("![file throughput](jmh-file-throughput.png)");
		tableHead("setup", "1 thread", "2 threads (oversubscribed)", "×log4j2-sync-flush", "×log4j2-sync", "×raw-write");
		double flush = callsPerSecond(FILE, "log4j2-sync-flush");
		double sync = callsPerSecond(FILE, "log4j2-sync");
		double raw = callsPerSecond(FILE, "raw-write");
		for (String setup : setups("FileThroughputBenchmark")) {
			double one = callsPerSecond(FILE, setup);
			row(setup, calls(FILE, Map.of("setup", setup)), calls("FileThroughputBenchmark.twoThreads", Map.of("setup", setup)),
					Fmt.ratio(one / flush), Fmt.ratio(one / sync), Fmt.ratio(one / raw));
		}
		line("");
	}

	private void latency() {
		paragraph("## 3. Latency of one call at a fixed rate");
		paragraph("Microseconds from each call's scheduled start. Seed: " + MANUAL_LATENCY + ".");
		paragraph("![latency](jmh-latency-p9999.png)");
		latencyTables("calls", false, (rate) -> sideSetups(LATENCY).stream()
			.filter((setup) -> !Double.isNaN(this.results.latency(setup, rate, "p50_ns")))
			.toList());
	}

	private void layout() {
		paragraph("## 4. Formatting cost (LOG4J2-930)");
		paragraph("Seed: " + LOG4J2_930_HARDWARE + ".");
		paragraph("![layout](jmh-layout.png)");
		tableHead("row", "setup", "pattern", "calls/s", "×`%m%n`", "seed msg/s");
		double plain = this.results.score(LAYOUT, Map.of("row", "M"));
		for (JmhResult result : layoutResults()) {
			String row = result.params().get("row");
			String setup = this.results.sides(LAYOUT, Map.of("row", row)).map(SideResult::setup).findFirst().orElse("?");
			row(layoutRow(result), setup, "`" + LayoutBenchmark.pattern(row).orElse("?") + "`",
					Fmt.number(result.score()) + missing(LAYOUT, Map.of("row", row)),
					Fmt.ratio(result.score() / plain), seed(LOG4J2_930.get(row)));
		}
		line("");
	}

	private void location() {
		paragraph("## 5. Location: include-location false and true");
		paragraph("Pattern `%d %p %c{1.} [%t] %l %m%n`, one caller, into a file. Seed: the manual's 1-thread figures with"
				+ " location (sync loggers 1.3-5× slower, async loggers 4-20×).");
		tableHead("setup", "false", "true", "slowdown", "seed with location");
		for (String setup : setups("LocationBenchmark")) {
			Map<String, String> off = Map.of("setup", setup, "includeLocation", "false");
			Map<String, String> on = Map.of("setup", setup, "includeLocation", "true");
			row(setup, calls(LOCATION, off), calls(LOCATION, on),
					Fmt.ratio(this.results.score(LOCATION, off) / this.results.score(LOCATION, on)),
					seed(MANUAL_WITH_LOCATION.get(setup)));
		}
		line("");
	}

	private void waitStrategies() {
		paragraph("## 6. Wait strategies");
		paragraph("`asynclog.wait-strategy`, meters off: section 1's burst, and the background thread's CPU while idle."
				+ " Seed: the manual's table (all async, 1 thread).");
		tableHead("wait strategy", "hand-off calls/s", "idle CPU", "seed 1 thr");
		for (String strategy : List.of("timeout", "block", "sleep", "yield")) {
			double idle = idle(strategy);
			long[] seed = MANUAL_WAIT_STRATEGY.get(strategy);
			row(strategy, Fmt.number(this.results.callsPerSecond("WaitStrategyBenchmark.handOff", Map.of("waitStrategy", strategy))),
					Double.isNaN(idle) ? Fmt.DASH : String.format(Locale.ROOT, "%.2f%%", idle), seed((seed != null) ? seed[0] : null));
		}
		line("");
	}

	private void allocation() {
		paragraph("## 7. Allocation and heap");
		paragraph("Bytes per call of the whole JVM (`-prof gc` `gc.alloc.rate.norm`), one caller, counting sink.");
		allocationTable(setups("AllocationBenchmark"));
		paragraph("Heap held once started, after full collections: the queue's own cost.");
		tableHead("setup", "128 slots", "262,144 slots", "the queue's cost");
		for (String setup : sideSetups(RING_HEAP)) {
			double small = this.results.sideValue(RING_HEAP, setup, Map.of("bufferSize", "128"), "heap_used_bytes");
			double large = this.results.sideValue(RING_HEAP, setup, Map.of("bufferSize", "262144"), "heap_used_bytes");
			row(setup, megabytes(small), megabytes(large), megabytes(large - small));
		}
		line("");
	}

	private void meters() {
		paragraph("## 8. What asynclog's meters cost");
		tableHead("measure", "with meters", "without the lag probe", "without meters", "with ÷ without meters");
		meterRow("hand-off, 1 thread, 108 B (calls/s)", HAND_OFF);
		meterRow("hand-off, 2 threads, 108 B (calls/s per thread)", HAND_OFF_TWO);
		meterRow("into a file, 1 thread (calls/s)", FILE);
		double with = this.results.allocation(ASYNCLOG);
		double without = this.results.allocation(NO_METERS);
		row("bytes allocated per call", Fmt.number(with), Fmt.number(this.results.allocation(NO_LAG_PROBE)), Fmt.number(without),
				Fmt.ratio(with / without));
		line("");
	}

	private void meterRow(String what, String benchmark) {
		row(what, calls(benchmark, params(benchmark, ASYNCLOG)), calls(benchmark, params(benchmark, NO_LAG_PROBE)),
				calls(benchmark, params(benchmark, NO_METERS)),
				Fmt.ratio(callsPerSecond(benchmark, ASYNCLOG) / callsPerSecond(benchmark, NO_METERS)));
	}

	private void logback() {
		paragraph("## 9. asynclog on Logback");
		paragraph("Four callers, rounds and targets: [jmh-logback.md](jmh-logback.md).");
		if (this.results.find(HAND_OFF, Map.of("setup", "asynclog-logback")).isEmpty()) {
			paragraph("This run did not include `asynclog-logback`.");
			return;
		}
		List<String> columns = new ArrayList<>(List.of("setup", "hand-off, 1 thr", "hand-off, 2 thr", "into a file, 1 thr"));
		rates().forEach((rate) -> columns.add("p99.99 at " + rate(rate) + "/s (µs)"));
		columns.add("bytes per call");
		tableHead(columns.toArray(String[]::new));
		for (String setup : JmhLogbackMarkdown.SETUPS) {
			List<Object> cells = new ArrayList<>(List.of(setup, Fmt.number(callsPerSecond(HAND_OFF, setup)),
					Fmt.number(callsPerSecond(HAND_OFF_TWO, setup)), Fmt.number(callsPerSecond(FILE, setup))));
			rates().forEach((rate) -> cells.add(Fmt.number(this.results.latency(setup, rate, "p99_99_ns") / 1000)));
			cells.add(Fmt.number(this.results.allocation(setup)));
			row(cells.toArray());
		}
		line("");
	}

	private void checks() {
		paragraph("## Checks");
		List<SideResult> sides = this.results.sides();
		long trials = sides.stream().filter((s) -> s.values().containsKey("missing")).count();
		// NaN != 0: a trial without a line check counts as failed here, unlike on the Logback page.
		long failed = sides.stream().filter((s) -> s.value("missing") != 0).count();
		double calls = sides.stream().mapToDouble((s) -> s.value("logged")).filter((v) -> !Double.isNaN(v)).sum();
		line(trials + " trials, " + Fmt.number(calls) + " calls, " + failed + " with events missing (flagged in the"
				+ " tables). A dash: not run, or failed before it had a score.");
		sides.stream().filter((s) -> s.value("missing") > 0).forEach((s) -> line("- " + loss(s)));
		line("");
	}

	/** The parameters of a setup's 108-byte hand-off, or of its run of another benchmark. */
	private static Map<String, String> params(String benchmark, String setup) {
		return benchmark.startsWith("HandOffBenchmark") ? handOffParams(setup, "108") : Map.of("setup", setup);
	}

	private double callsPerSecond(String benchmark, String setup) {
		return this.results.callsPerSecond(benchmark, params(benchmark, setup));
	}

	private double idle(String strategy) {
		return this.results.sideValue(IDLE, NO_METERS, Map.of("waitStrategy", strategy), "idle_cpu_percent");
	}

	private List<JmhResult> layoutResults() {
		return this.results.results().stream().filter((r) -> r.benchmark().equals(LAYOUT)).toList();
	}

	private static String layoutRow(JmhResult layout) {
		return layout.params().get("row").toLowerCase(Locale.ROOT).replace('_', '-');
	}

	private static String megabytes(double bytes) {
		return Double.isNaN(bytes) ? Fmt.DASH : Fmt.number(Fmt.megabytes(bytes)) + " MB";
	}

	/** A seed figure, or a dash where the seed has none. */
	private static String seed(Long figure) {
		return (figure != null) ? Fmt.number(figure) : Fmt.DASH;
	}

	/** Setups of a benchmark class in the order JMH ran them. */
	private Set<String> setups(String benchmarkClass) {
		return this.results.results().stream()
			.filter((r) -> r.benchmark().startsWith(benchmarkClass + ".") && r.params().get("setup") != null)
			.map((r) -> r.params().get("setup"))
			.collect(Collectors.toCollection(LinkedHashSet::new));
	}

	private Set<String> sideSetups(String benchmark) {
		return this.results.sides().stream().filter((s) -> s.benchmark().equals(benchmark)).map(SideResult::setup)
			.collect(Collectors.toCollection(LinkedHashSet::new));
	}

}
