package io.asynclog.loadtests.shipping;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.RunFiles;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes docs/results/shipping-latency.md from the raw CSV of scripts/shipping-latency.sh
 * ({@link LatencyLoad#HEADER}, one row per run) and its run-info.properties: the ratio of request
 * p99 with the broker stopped to p99 with it running in the same round (median, min–max), the
 * verdict against issue 24's target (at most 1.5×, the ring never full, every console line
 * there), and every run's figures. How the runs are made is told once, in docs/load-tests.md.
 * Copies the raw CSV and run info next to the page.
 * <p>
 * Usage: {@code ShippingLatencyReport RUN_DIR RESULTS_DIR}
 *
 * @author asynclog
 */
public final class ShippingLatencyReport {

	static final String PAGE = "shipping-latency.md";

	static final String RAW_CSV = "shipping-latency-raw.csv";

	static final String RUN_INFO = "shipping-latency-run-info.properties";

	/** Issue 24's bound on p99 stopped ÷ p99 running. */
	static final double TARGET_RATIO = 1.5;

	private ShippingLatencyReport() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 2) {
			System.err.println("Usage: ShippingLatencyReport RUN_DIR RESULTS_DIR");
			System.exit(2);
		}
		Path run = Path.of(args[0]);
		Path results = Path.of(args[1]);
		List<Run> runs = parse(Files.readAllLines(run.resolve(RAW_CSV), StandardCharsets.UTF_8));
		Properties info = ShippingRun.runInfo(run);
		Files.createDirectories(results);
		RunFiles.copy(run.resolve(RAW_CSV), run.resolve("run-info.properties"), results, RAW_CSV, RUN_INFO);
		Files.writeString(results.resolve(PAGE), markdown(runs, info), StandardCharsets.UTF_8);
		System.out.println("Wrote " + results.resolve(PAGE));
	}

	/**
	 * One run: one row of the raw CSV.
	 */
	record Run(String config, int round, int position, long requests, long errors, double p50, double p99,
			double p999, double max, long ringCapacity, long ringMaxUsed, long ringPeak, long dropped, long sent,
			long acknowledged, long waiting, String load1Start, String loadEnd) {

		boolean ringFilled() {
			return this.ringMaxUsed >= this.ringCapacity || this.ringPeak >= this.ringCapacity;
		}

	}

	/**
	 * The ratio of p99 stopped to p99 running in one round.
	 */
	record RoundRatio(int round, double p99Running, double p99Stopped) {

		double ratio() {
			return this.p99Stopped / this.p99Running;
		}

	}

	/** Parses the raw CSV, columns found by their header names. */
	static List<Run> parse(List<String> lines) {
		return ShippingRun.rows(lines).stream().map((row) -> {
			Function<String, String> c = (name) -> {
				String value = row.get(name);
				if (value == null) {
					throw new IllegalArgumentException("no column " + name);
				}
				return value;
			};
			return new Run(c.apply("config"), Integer.parseInt(c.apply("round")), Integer.parseInt(c.apply("position")),
					Long.parseLong(c.apply("requests")), Long.parseLong(c.apply("errors")),
					Double.parseDouble(c.apply("p50_ms")), Double.parseDouble(c.apply("p99_ms")),
					Double.parseDouble(c.apply("p999_ms")), Double.parseDouble(c.apply("max_ms")),
					Long.parseLong(c.apply("ring_capacity")), Long.parseLong(c.apply("ring_max_used")),
					Long.parseLong(c.apply("ring_peak")), Long.parseLong(c.apply("dropped")),
					Long.parseLong(c.apply("sent")), Long.parseLong(c.apply("acknowledged")),
					Long.parseLong(c.apply("waiting")), c.apply("load1_start"), c.apply("loadavg_end").replace('/', ' '));
		}).toList();
	}

	/** Pairs each round's running and stopped runs. */
	static List<RoundRatio> ratios(List<Run> runs) {
		List<RoundRatio> ratios = new ArrayList<>();
		for (int round : rounds(runs)) {
			Optional<Run> running = find(runs, round, "running");
			Optional<Run> stopped = find(runs, round, "stopped");
			if (running.isPresent() && stopped.isPresent()) {
				ratios.add(new RoundRatio(round, running.get().p99(), stopped.get().p99()));
			}
		}
		return ratios;
	}

	private static Optional<Run> find(List<Run> runs, int round, String config) {
		return runs.stream().filter((r) -> r.round() == round && r.config().equals(config)).findFirst();
	}

	private static Set<Integer> rounds(List<Run> runs) {
		return new TreeSet<>(runs.stream().map(Run::round).toList());
	}

	private static Stats ratioStats(List<RoundRatio> ratios) {
		return Stats.of(ratios.stream().mapToDouble(RoundRatio::ratio).toArray());
	}

	/** The verdict against the target. */
	static String verdict(List<Run> runs) {
		List<RoundRatio> ratios = ratios(runs);
		if (ratios.isEmpty()) {
			return "**Not measured:** no round has both a running and a stopped run.";
		}
		long errors = runs.stream().mapToLong(Run::errors).sum();
		Stats stats = ratioStats(ratios);
		long roundsMet = ratios.stream().filter((r) -> r.ratio() <= TARGET_RATIO).count();
		String figure = String.format(Locale.ROOT, "median %s (%s of %d rounds at most %s)", ratio(stats.median()),
				roundsMet, ratios.size(), ratio(TARGET_RATIO));
		if (runs.stream().anyMatch(Run::ringFilled)) {
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
	static Optional<String> busy(List<Run> runs, Properties info) {
		double cores;
		try {
			cores = Double.parseDouble(info.getProperty("cores", ""));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
		double most = runs.stream()
			.flatMap((r) -> Stream.of(r.load1Start(), r.loadEnd().split(" ")[0]))
			.mapToDouble(ShippingLatencyReport::load)
			.max()
			.orElse(0);
		if (most <= cores) {
			return Optional.empty();
		}
		return Optional.of(String.format(Locale.ROOT, "**Inconclusive on this machine:** the 1-minute load average "
				+ "reached %.2f on %s cores, so requests also waited for a CPU.", most, info.getProperty("cores")));
	}

	/**
	 * Says whether the console had every line of every answered request, from the counts the
	 * script keeps per run ({@code round.R.CONFIG.console=WRITTEN of EXPECTED}).
	 */
	static String consoleLines(Properties info) {
		List<String> short_ = new ArrayList<>();
		int counted = 0;
		for (String key : new TreeSet<>(info.stringPropertyNames())) {
			if (!key.endsWith(".console")) {
				continue;
			}
			counted++;
			String[] parts = info.getProperty(key).split(" of ");
			if (parts.length != 2 || Long.parseLong(parts[0].trim()) < Long.parseLong(parts[1].trim())) {
				short_.add(key.substring(0, key.length() - ".console".length()) + ": " + info.getProperty(key));
			}
		}
		if (counted == 0) {
			return "Console lines: not counted in this run.";
		}
		return short_.isEmpty() ? "Console lines: every answered request's lines were on the console, in all "
				+ counted + " runs." : "**Console lines missing:** " + String.join("; ", short_) + ".";
	}

	private static double load(String value) {
		try {
			return Double.parseDouble(value);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	static String markdown(List<Run> runs, Properties info) {
		StringBuilder md = new StringBuilder("# Request latency with the Kafka broker stopped\n\n");
		md.append("Generated by `ShippingLatencyReport` from [the raw CSV](" + RAW_CSV + ") and [run info](" + RUN_INFO
				+ "); method: [load-tests.md](../load-tests.md#kafka-request-latency-with-the-broker-stopped). Target"
				+ " (issue 24): with the broker away, every request served, p99 at most 1.5× that with it running, no"
				+ " console line lost.\n\n");
		Optional<String> busy = busy(runs, info);
		md.append(busy.map((warning) -> warning + " As measured: "
				+ verdict(runs).replace("**Met:** ", "").replace("**Missed:** ", "")).orElse(verdict(runs)));
		md.append("\n\n").append(consoleLines(info)).append("\n\n");
		md.append("- Run: ").append(ShippingRun.runLine(info)).append('\n');
		md.append("- Command: `").append(info.getProperty("command", "load-tests/scripts/shipping-latency.sh"))
			.append("`; latencies in ms\n\n");
		List<RoundRatio> ratios = ratios(runs);
		if (!ratios.isEmpty()) {
			Stats stats = ratioStats(ratios);
			md.append("## p99 stopped ÷ p99 running\n\n");
			md.append("| round | p99 stopped ÷ p99 running (p99s below) |\n|---|---|\n");
			ratios.forEach((r) -> md.append(String.format(Locale.ROOT, "| %d | %s |\n", r.round(), ratio(r.ratio()))));
			md.append(String.format(Locale.ROOT, "| **median (min–max)** | **%s** (%s–%s) |\n\n",
					ratio(stats.median()), ratio(stats.min()), ratio(stats.max())));
			md.append(String.format(Locale.ROOT,
					"Ring: at most %,d of %,d slots seen in use while measuring (endpoint peak %,d), %,d dropped.\n\n",
					max(runs, Run::ringMaxUsed), max(runs, Run::ringCapacity), max(runs, Run::ringPeak),
					runs.stream().mapToLong(Run::dropped).sum()));
		}
		md.append("## Runs\n\n| round | run | configuration | requests | failed | p50 | p99 | p99.9 | max | ring max used"
				+ " | ring peak | records sent / acknowledged / waiting | load 1 min at start | load 1/5/15 min at end |\n");
		md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
		runs.stream()
			.sorted((a, b) -> (a.round() != b.round()) ? Integer.compare(a.round(), b.round())
					: Integer.compare(a.position(), b.position()))
			.forEach((r) -> md.append(String.format(Locale.ROOT,
					"| %d | %d | `%s` | %,d | %,d | %s | %s | %s | %s | %,d | %,d | %,d / %,d / %,d | %s | %s |\n",
					r.round(), r.position(), r.config(), r.requests(), r.errors(), ms(r.p50()), ms(r.p99()),
					ms(r.p999()), ms(r.max()), r.ringMaxUsed(), r.ringPeak(), r.sent(), r.acknowledged(), r.waiting(),
					r.load1Start(), r.loadEnd())));
		return md.toString();
	}

	private static long max(List<Run> runs, java.util.function.ToLongFunction<Run> figure) {
		return runs.stream().mapToLong(figure).max().orElse(0);
	}

	static String ms(double value) {
		return (value >= 100) ? String.format(Locale.ROOT, "%,.0f", value)
				: String.format(Locale.ROOT, "%.2f", value);
	}

	static String ratio(double value) {
		return String.format(Locale.ROOT, (value < 0.1) ? "%.3f×" : "%.2f×", value);
	}

}
