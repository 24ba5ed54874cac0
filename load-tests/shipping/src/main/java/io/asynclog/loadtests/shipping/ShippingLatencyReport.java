package io.asynclog.loadtests.shipping;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.RunFiles;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes docs/results/shipping-latency.md, and copies of the raw CSV ({@link LatencyLoad#HEADER})
 * and run info beside it, from the output of scripts/shipping-latency.sh: request p99 with the
 * broker stopped ÷ p99 with it running in the same round, the verdict against issue 24's target
 * and every run's figures. How the runs are made is told once, in docs/load-tests.md.
 * <p>
 * Usage: {@code ShippingLatencyReport RUN_DIR RESULTS_DIR}
 *
 * @author asynclog
 */
public final class ShippingLatencyReport {

	/** The page's name, and the start of its files'. */
	private static final String PAGE = "shipping-latency";

	/** Issue 24's bound on p99 stopped ÷ p99 running. */
	static final double TARGET_RATIO = 1.5;

	private ShippingLatencyReport() {
	}

	public static void main(String[] args) throws IOException {
		RunFiles.requireArgs(args, 2, "Usage: ShippingLatencyReport RUN_DIR RESULTS_DIR");
		Path run = Path.of(args[0]);
		Path results = Path.of(args[1]);
		List<ShippingRun> runs = ShippingRun.readAndCopy(run, PAGE, results);
		Properties info = RunFiles.properties(run.resolve("run-info.properties"));
		Files.writeString(results.resolve(PAGE + ".md"), markdown(runs, info), StandardCharsets.UTF_8);
		System.out.println("Wrote " + results.resolve(PAGE + ".md"));
	}

	static long count(ShippingRun run, String column) {
		return Long.parseLong(run.cell(column));
	}

	static boolean ringFilled(ShippingRun run) {
		long capacity = count(run, "ring_capacity");
		return count(run, "ring_max_used") >= capacity || count(run, "ring_peak") >= capacity;
	}

	/** p99 stopped ÷ p99 running by round, for the rounds that have both runs. */
	static Map<Integer, Double> ratios(List<ShippingRun> runs) {
		Map<String, Map<Integer, Double>> p99 = Map.of("running", new TreeMap<>(), "stopped", new TreeMap<>());
		runs.stream().filter((run) -> p99.containsKey(run.config())).forEach((run) -> p99.get(run.config())
			.putIfAbsent(run.round(), Double.parseDouble(run.cell("p99_ms"))));
		Map<Integer, Double> ratios = p99.get("running");
		ratios.keySet().retainAll(p99.get("stopped").keySet());
		ratios.replaceAll((round, running) -> p99.get("stopped").get(round) / running);
		return ratios;
	}

	static String verdict(List<ShippingRun> runs) {
		Map<Integer, Double> ratios = ratios(runs);
		if (ratios.isEmpty()) {
			return "**Not measured:** no round has both a running and a stopped run.";
		}
		long errors = sum(runs, "errors");
		Stats stats = Stats.of(ratios.values());
		long roundsMet = ratios.values().stream().filter((ratio) -> ratio <= TARGET_RATIO).count();
		String figure = String.format(Locale.ROOT, "median %s (%s of %d rounds at most %s)", ratio(stats.median()),
				roundsMet, ratios.size(), ratio(TARGET_RATIO));
		if (runs.stream().anyMatch(ShippingLatencyReport::ringFilled)) {
			return "**Missed:** the ring filled in a run, so requests waited for room; " + figure + ".";
		}
		String caveat = (errors > 0) ? " " + errors + " requests failed (counted in no percentile)." : "";
		return ((stats.median() <= TARGET_RATIO) ? "**Met:** " : "**Missed:** ") + "p99 stopped ÷ p99 running, "
				+ figure + "; the ring never filled." + caveat;
	}

	/**
	 * Says when the machine was busier than it has cores during a run (1-minute load average at
	 * a run's start or end above the core count): the figures then measure the machine's
	 * contention as much as the broker.
	 */
	static Optional<String> busy(List<ShippingRun> runs, Properties info) {
		double cores;
		try {
			cores = Double.parseDouble(info.getProperty("cores", ""));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
		double most = runs.stream()
			.flatMap((r) -> Stream.of(r.cell("load1_start"), loadEnd(r).split(" ")[0]))
			.mapToDouble(ShippingLatencyReport::load)
			.max()
			.orElse(0);
		return (most <= cores) ? Optional.empty() : Optional.of(String.format(Locale.ROOT, "**Inconclusive on this"
				+ " machine:** the 1-minute load average reached %.2f on %s cores, so requests also waited for a CPU.",
				most, info.getProperty("cores")));
	}

	/**
	 * Says whether the console had every line of every answered request, from the counts the
	 * script keeps per run ({@code round.R.CONFIG.console=WRITTEN of EXPECTED}).
	 */
	static String consoleLines(Properties info) {
		List<String> counted = new TreeSet<>(info.stringPropertyNames()).stream()
			.filter((key) -> key.endsWith(".console"))
			.toList();
		List<String> missing = counted.stream().filter((key) -> {
			String[] parts = info.getProperty(key).split(" of ");
			return parts.length != 2 || Long.parseLong(parts[0].trim()) < Long.parseLong(parts[1].trim());
		}).map((key) -> key.substring(0, key.length() - ".console".length()) + ": " + info.getProperty(key)).toList();
		if (counted.isEmpty()) {
			return "Console lines: not counted in this run.";
		}
		return missing.isEmpty() ? "Console lines: every answered request's lines were on the console, in all "
				+ counted.size() + " runs." : "**Console lines missing:** " + String.join("; ", missing) + ".";
	}

	private static double load(String value) {
		try {
			return Double.parseDouble(value);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	static String markdown(List<ShippingRun> runs, Properties info) {
		StringBuilder md = new StringBuilder("# Request latency with the Kafka broker stopped\n\n");
		md.append("Generated by `ShippingLatencyReport` from [the raw CSV](" + PAGE + "-raw.csv) and [run info](" + PAGE
				+ "-run-info.properties); method: [load-tests.md](../load-tests.md#kafka-request-latency-with-the-broker-"
				+ "stopped). Target (issue 24): with the broker away, every request served, p99 at most 1.5× that with it"
				+ " running, no console line lost.\n\n");
		Optional<String> busy = busy(runs, info);
		md.append(busy.map((warning) -> warning + " As measured: "
				+ verdict(runs).replace("**Met:** ", "").replace("**Missed:** ", "")).orElse(verdict(runs)));
		md.append("\n\n").append(consoleLines(info)).append("\n\n");
		md.append("- Run: ").append(ShippingRun.runLine(info)).append('\n');
		md.append("- Command: `").append(info.getProperty("command", "load-tests/scripts/shipping-latency.sh"))
			.append("`; latencies in ms\n\n");
		Map<Integer, Double> ratios = ratios(runs);
		if (!ratios.isEmpty()) {
			Stats stats = Stats.of(ratios.values());
			md.append("## p99 stopped ÷ p99 running\n\n| round | p99 stopped ÷ p99 running (p99s below) |\n|---|---|\n");
			ratios.forEach((round, ratio) -> Fmt.tableRow(md, round, ratio(ratio)));
			md.append(String.format(Locale.ROOT, "| **median (min–max)** | **%s** (%s–%s) |\n\n",
					ratio(stats.median()), ratio(stats.min()), ratio(stats.max())));
			md.append(String.format(Locale.ROOT,
					"Ring: at most %,d of %,d slots seen in use while measuring (endpoint peak %,d), %,d dropped.\n\n",
					max(runs, "ring_max_used"), max(runs, "ring_capacity"), max(runs, "ring_peak"), sum(runs, "dropped")));
		}
		md.append("## Runs\n\n| round | run | configuration | requests | failed | p50 | p99 | p99.9 | max | ring max used"
				+ " | ring peak | records sent / acknowledged / waiting | load 1 min at start | load 1/5/15 min at end |\n");
		md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
		runs.stream()
			.sorted(Comparator.comparingInt(ShippingRun::round).thenComparingInt((r) -> Integer.parseInt(r.cell("position"))))
			.forEach((r) -> {
				Function<String, String> number = (column) -> String.format(Locale.ROOT, "%,d", count(r, column));
				Function<String, String> ms = (column) -> {
					double value = Double.parseDouble(r.cell(column));
					return String.format(Locale.ROOT, (value >= 100) ? "%,.0f" : "%.2f", value);
				};
				Fmt.tableRow(md, r.round(), Integer.parseInt(r.cell("position")), "`" + r.config() + "`",
						number.apply("requests"), number.apply("errors"), ms.apply("p50_ms"), ms.apply("p99_ms"),
						ms.apply("p999_ms"), ms.apply("max_ms"), number.apply("ring_max_used"), number.apply("ring_peak"),
						number.apply("sent") + " / " + number.apply("acknowledged") + " / " + number.apply("waiting"),
						r.cell("load1_start"), loadEnd(r));
			});
		return md.toString();
	}

	static String loadEnd(ShippingRun run) {
		return run.cell("loadavg_end").replace('/', ' ');
	}

	private static long max(List<ShippingRun> runs, String column) {
		return runs.stream().mapToLong((r) -> count(r, column)).max().orElse(0);
	}

	private static long sum(List<ShippingRun> runs, String column) {
		return runs.stream().mapToLong((r) -> count(r, column)).sum();
	}

	static String ratio(double value) {
		return String.format(Locale.ROOT, (value < 0.1) ? "%.3f×" : "%.2f×", value);
	}

}
