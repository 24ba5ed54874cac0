package io.asynclog.loadtests.shipping;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes docs/results/shipping-latency.md from the raw CSV of scripts/shipping-latency.sh
 * ({@link LatencyLoad#HEADER}, one row per run) and its run-info.properties: a table per round,
 * the ratio of request p99 with the broker stopped to p99 with it running in the same round
 * (median, min–max), the verdict against issue 24's target (at most 1.5×, the ring never full)
 * and the command. Copies the raw CSV and run info next to the page.
 * <p>
 * Usage: {@code ShippingLatencyReport RUN_DIR RESULTS_DIR}
 *
 * @author asynclog
 */
public final class ShippingLatencyReport {

	static final String PAGE = "shipping-latency.md";

	static final String RAW_CSV = "shipping-latency-raw.csv";

	static final String RUN_INFO = "shipping-latency-run-info.properties";

	/**
	 * Issue 24's bound on p99 stopped ÷ p99 running.
	 */
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
		Properties info = new Properties();
		try (Reader reader = Files.newBufferedReader(run.resolve("run-info.properties"))) {
			info.load(reader);
		}
		Files.createDirectories(results);
		Files.copy(run.resolve(RAW_CSV), results.resolve(RAW_CSV), StandardCopyOption.REPLACE_EXISTING);
		Files.copy(run.resolve("run-info.properties"), results.resolve(RUN_INFO), StandardCopyOption.REPLACE_EXISTING);
		Files.writeString(results.resolve(PAGE), markdown(runs, info), StandardCharsets.UTF_8);
		System.out.println("Wrote " + results.resolve(PAGE));
	}

	/**
	 * One run: one row of the raw CSV.
	 */
	record Run(String config, int round, int position, int rate, int seconds, int lines, long requests, long errors,
			double p50, double p99, double p999, double max, long ringCapacity, long ringMaxUsed, long ringPeak,
			long dropped, long sent, long acknowledged, long waiting, String load1Start, String loadEnd) {

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

	/**
	 * Parses the raw CSV, columns found by their header names.
	 * @param lines the file's lines, header first
	 * @return the runs, in file order
	 */
	static List<Run> parse(List<String> lines) {
		if (lines.isEmpty()) {
			throw new IllegalArgumentException("empty CSV");
		}
		List<String> header = Arrays.asList(lines.get(0).split(","));
		List<Run> runs = new ArrayList<>();
		for (String line : lines.subList(1, lines.size())) {
			if (line.isBlank()) {
				continue;
			}
			String[] cells = line.split(",", -1);
			if (cells.length != header.size()) {
				throw new IllegalArgumentException("expected " + header.size() + " cells: " + line);
			}
			Column c = (name) -> {
				int i = header.indexOf(name);
				if (i < 0) {
					throw new IllegalArgumentException("no column " + name);
				}
				return cells[i];
			};
			runs.add(new Run(c.get("config"), Integer.parseInt(c.get("round")), Integer.parseInt(c.get("position")),
					Integer.parseInt(c.get("rate")), Integer.parseInt(c.get("seconds")),
					Integer.parseInt(c.get("lines")), Long.parseLong(c.get("requests")),
					Long.parseLong(c.get("errors")), Double.parseDouble(c.get("p50_ms")),
					Double.parseDouble(c.get("p99_ms")), Double.parseDouble(c.get("p999_ms")),
					Double.parseDouble(c.get("max_ms")), Long.parseLong(c.get("ring_capacity")),
					Long.parseLong(c.get("ring_max_used")), Long.parseLong(c.get("ring_peak")),
					Long.parseLong(c.get("dropped")), Long.parseLong(c.get("sent")),
					Long.parseLong(c.get("acknowledged")), Long.parseLong(c.get("waiting")), c.get("load1_start"),
					c.get("loadavg_end").replace('/', ' ')));
		}
		return runs;
	}

	private interface Column {

		String get(String name);

	}

	/**
	 * Pairs each round's running and stopped runs.
	 * @param runs the runs
	 * @return one ratio per round that has both, by round
	 */
	static List<RoundRatio> ratios(List<Run> runs) {
		Map<Integer, RoundRatio> byRound = new TreeMap<>();
		for (int round : new TreeSet<>(runs.stream().map(Run::round).toList())) {
			Optional<Run> running = find(runs, round, "running");
			Optional<Run> stopped = find(runs, round, "stopped");
			if (running.isPresent() && stopped.isPresent()) {
				byRound.put(round, new RoundRatio(round, running.get().p99(), stopped.get().p99()));
			}
		}
		return new ArrayList<>(byRound.values());
	}

	private static Optional<Run> find(List<Run> runs, int round, String config) {
		return runs.stream().filter((r) -> r.round() == round && r.config().equals(config)).findFirst();
	}

	/**
	 * Median of the values (mean of the middle two for an even count).
	 * @param values at least one value
	 * @return the median
	 */
	static double median(List<Double> values) {
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int n = sorted.length;
		return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	}

	/**
	 * The verdict against the target.
	 * @param runs the runs
	 * @return one sentence
	 */
	static String verdict(List<Run> runs) {
		List<RoundRatio> ratios = ratios(runs);
		if (ratios.isEmpty()) {
			return "**Not measured:** no round has both a running and a stopped run.";
		}
		long errors = runs.stream().mapToLong(Run::errors).sum();
		boolean filled = runs.stream().anyMatch(Run::ringFilled);
		List<Double> values = ratios.stream().map(RoundRatio::ratio).toList();
		double median = median(values);
		long roundsMet = values.stream().filter((v) -> v <= TARGET_RATIO).count();
		String figure = String.format(Locale.ROOT, "median %s (%s of %d rounds at most %s)", ratio(median),
				roundsMet, values.size(), ratio(TARGET_RATIO));
		if (filled) {
			return "**Missed:** the ring filled in a run, so requests waited for room; " + figure + ".";
		}
		String caveat = (errors > 0) ? " " + errors + " requests failed (counted in no percentile)." : "";
		return ((median <= TARGET_RATIO) ? "**Met:** " : "**Missed:** ") + "p99 stopped ÷ p99 running, " + figure
				+ "; the ring never filled." + caveat;
	}

	/**
	 * Says when the machine was busier than it has cores during a run (1-minute load average at
	 * a run's start or end above the core count): the figures then measure the machine's
	 * contention as much as the broker.
	 * @param runs the runs
	 * @param info the run info, with {@code cores}
	 * @return the warning, if any
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
			.flatMap((r) -> java.util.stream.Stream.of(r.load1Start(), r.loadEnd().split(" ")[0]))
			.mapToDouble(ShippingLatencyReport::load)
			.max()
			.orElse(0);
		if (most <= cores) {
			return Optional.empty();
		}
		return Optional.of(String.format(Locale.ROOT, "**Inconclusive on this machine:** the 1-minute load average "
				+ "reached %.2f on %s cores during the runs (other processes included), so requests also waited for a "
				+ "CPU; the ratio measures that contention as much as the broker. Repeat on a quiet machine.", most,
				info.getProperty("cores")));
	}

	/**
	 * Says whether the console had every line of every answered request, from the counts the
	 * script keeps per run ({@code round.R.CONFIG.console=WRITTEN of EXPECTED}).
	 * @param info the run info
	 * @return one sentence
	 */
	static String consoleLines(Properties info) {
		List<String> short_ = new java.util.ArrayList<>();
		int counted = 0;
		for (String key : new java.util.TreeSet<>(info.stringPropertyNames())) {
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
		StringBuilder md = new StringBuilder();
		md.append("# Request latency with the Kafka broker stopped\n\n");
		md.append("Issue 24's target: with the destination away, 100% of requests served, request p99 at most 1.5x "
				+ "that with it running, no console line lost.\n\n");
		Optional<String> busy = busy(runs, info);
		if (busy.isPresent()) {
			md.append(busy.get()).append("\n\n");
			md.append("As measured, not a verdict: ")
				.append(verdict(runs).replace("**Met:** ", "").replace("**Missed:** ", ""))
				.append("\n\n");
		}
		else {
			md.append(verdict(runs)).append("\n\n");
		}
		md.append(consoleLines(info)).append("\n\n");
		md.append("```shell\n").append(info.getProperty("command", "load-tests/scripts/shipping-latency.sh"))
			.append("\n```\n\n");
		md.append(String.format(Locale.ROOT,
				"The demo app (Logback, asynclog's defaults: `async-logger`, a 16,384-slot ring, `queue-full-policy: "
						+ "block`, the kafka appender's lane and spool) with its `kafka` profile (ECS JSON to the topic "
						+ "`asynclog-demo`, and a console copy, counted after each run), a fresh JVM (%s) per run. `running`: a one-node "
						+ "KRaft broker in a JVM of its own on loopback (`LoopbackBroker`). `stopped`: a loopback port "
						+ "where nothing listens. Each run: %s s of warm-up, then %s s measured, both at a fixed "
						+ "%s requests/s to `GET /log?lines=%s` (open model: `LatencyLoad` sends request i at "
						+ "start + i/rate whatever the earlier ones do, and measures it from that due time, so a "
						+ "stall counts for every request due during it). Ring slots in use read from "
						+ "`/actuator/asynclog` every 200 ms while measuring; `peak` is the endpoint's own "
						+ "(its 1-minute window also covers the end of the warm-up). Latencies in ms.\n\n",
				info.getProperty("app.jvm", "?"), info.getProperty("warmup", "?"), info.getProperty("seconds", "?"),
				info.getProperty("rate", "?"), info.getProperty("lines", "?")));
		List<RoundRatio> ratios = ratios(runs);
		if (!ratios.isEmpty()) {
			List<Double> values = ratios.stream().map(RoundRatio::ratio).toList();
			md.append("## p99 stopped ÷ p99 running\n\n");
			md.append("| round | p99 running | p99 stopped | stopped ÷ running |\n|---|---|---|---|\n");
			for (RoundRatio r : ratios) {
				md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s |\n", r.round(), ms(r.p99Running()),
						ms(r.p99Stopped()), ratio(r.ratio())));
			}
			md.append(String.format(Locale.ROOT, "| **median (min–max)** | | | **%s** (%s–%s) |\n\n",
					ratio(median(values)), ratio(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow()),
					ratio(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow())));
			long ringMax = runs.stream().mapToLong(Run::ringMaxUsed).max().orElse(0);
			long ringPeak = runs.stream().mapToLong(Run::ringPeak).max().orElse(0);
			long capacity = runs.stream().mapToLong(Run::ringCapacity).max().orElse(0);
			md.append(String.format(Locale.ROOT,
					"Ring: at most %,d of %,d slots seen in use while measuring (endpoint peak %,d), %,d dropped.\n\n",
					ringMax, capacity, ringPeak, runs.stream().mapToLong(Run::dropped).sum()));
		}
		for (int round : new TreeSet<>(runs.stream().map(Run::round).toList())) {
			md.append("## Round ").append(round).append("\n\n");
			md.append("| run | configuration | requests | failed | p50 | p99 | p99.9 | max | ring max used | ring peak "
					+ "| records sent / acknowledged / waiting | load 1 min at start | load 1/5/15 min at end |\n");
			md.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
			runs.stream()
				.filter((r) -> r.round() == round)
				.sorted((a, b) -> Integer.compare(a.position(), b.position()))
				.forEach((r) -> md.append(String.format(Locale.ROOT,
						"| %d | `%s` | %,d | %,d | %s | %s | %s | %s | %,d | %,d | %,d / %,d / %,d | %s | %s |\n",
						r.position(), r.config(), r.requests(), r.errors(), ms(r.p50()), ms(r.p99()), ms(r.p999()),
						ms(r.max()), r.ringMaxUsed(), r.ringPeak(), r.sent(), r.acknowledged(), r.waiting(),
						r.load1Start(), r.loadEnd())));
			md.append('\n');
		}
		md.append("## Run\n\n");
		for (String key : List.of("started", "minutes", "cpu", "cores", "memory", "os", "jdk", "app")) {
			if (info.getProperty(key) != null) {
				md.append("- ").append(key).append(": ").append(info.getProperty(key)).append('\n');
			}
		}
		md.append("\nRaw figures: [").append(RAW_CSV).append("](").append(RAW_CSV).append("), run info: [")
			.append(RUN_INFO)
			.append("](")
			.append(RUN_INFO)
			.append(").\n");
		return md.toString();
	}

	static String ms(double value) {
		return (value >= 100) ? String.format(Locale.ROOT, "%,.0f", value)
				: String.format(Locale.ROOT, "%.2f", value);
	}

	static String ratio(double value) {
		return String.format(Locale.ROOT, (value < 0.1) ? "%.3f×" : "%.2f×", value);
	}

}
