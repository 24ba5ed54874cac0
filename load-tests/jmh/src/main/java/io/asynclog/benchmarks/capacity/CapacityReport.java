package io.asynclog.benchmarks.capacity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The capacity check (docs/results/capacity-check.md), from the raw files of
 * load-tests/scripts/capacity.sh: each sink's cost per line on the ring thread from JMH
 * ({@link SinkCostBenchmark}, one CSV per round, {@code jmh-round-N.csv}), the rate at which one
 * thread saturates that it predicts (10^9 / ns a line), and the rate the ring thread reached in
 * the measured runs ({@link SaturationRun}, {@code saturation.csv}). A prediction holds when the
 * median, over the rounds, of measured ÷ predicted (each round against its own JMH run) is within
 * {@link #TOLERANCE} of 1.
 */
public final class CapacityReport {

	/** How far the measured rate may be from the predicted one. */
	static final double TOLERANCE = 0.20;

	private static final Pattern JMH_ROUND = Pattern.compile("jmh-round-(\\d+)\\.csv");

	private CapacityReport() {
	}

	/**
	 * Writes the report.
	 * @param args the raw directory, the report's path, and the command that made the raw files
	 * @throws IOException if a file cannot be read or written
	 */
	public static void main(String[] args) throws IOException {
		if (args.length != 3) {
			throw new IllegalArgumentException("Usage: CapacityReport RAW_DIR REPORT.md COMMAND");
		}
		Result result = read(Path.of(args[0]));
		Files.writeString(Path.of(args[1]), markdown(result, args[2], Path.of(args[1]).getParent().relativize(Path.of(args[0]))),
				StandardCharsets.UTF_8);
		System.out.println(result.summary());
		if (!result.allHold()) {
			System.exit(1);
		}
	}

	/**
	 * Reads the raw files.
	 * @param raw the directory
	 * @return the costs, the runs and the checks
	 * @throws IOException if a file cannot be read
	 */
	static Result read(Path raw) throws IOException {
		Map<String, Map<Integer, Double>> costs = new TreeMap<>();
		try (Stream<Path> files = Files.list(raw)) {
			for (Path file : files.sorted().toList()) {
				Matcher matcher = JMH_ROUND.matcher(file.getFileName().toString());
				if (matcher.matches()) {
					int round = Integer.parseInt(matcher.group(1));
					List<Map<String, String>> rows = csv(file);
					for (Map<String, String> row : rows) {
						String key = row.get("Param: backend") + " " + row.get("Param: sink");
						costs.computeIfAbsent(key, (k) -> new TreeMap<>()).put(round, Double.parseDouble(row.get("Score")));
					}
				}
			}
		}
		List<Run> runs = new ArrayList<>();
		Path saturation = raw.resolve("saturation.csv");
		if (Files.exists(saturation)) {
			for (Map<String, String> row : csv(saturation)) {
				runs.add(new Run(Integer.parseInt(row.get("round")), row.get("backend") + " " + row.get("sink"),
						Double.parseDouble(row.get("lines_per_s")), Double.parseDouble(row.get("ring_cpu_ns_per_line")),
						Double.parseDouble(row.get("ring_cpu_share")), Double.parseDouble(row.get("ring_busy_share")),
						Double.parseDouble(row.get("ring_half_full_share"))));
			}
		}
		List<Check> checks = new ArrayList<>();
		for (Map.Entry<String, Map<Integer, Double>> cost : costs.entrySet()) {
			List<Run> measured = runs.stream().filter((run) -> run.config().equals(cost.getKey())).toList();
			List<Double> ratios = new ArrayList<>();
			for (Run run : measured) {
				Double ns = cost.getValue().get(run.round());
				if (ns != null) {
					ratios.add(run.linesPerSecond() / (1e9 / ns));
				}
			}
			checks.add(new Check(cost.getKey(), List.copyOf(cost.getValue().values()), measured, ratios));
		}
		return new Result(checks);
	}

	private static List<Map<String, String>> csv(Path file) throws IOException {
		List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
		if (lines.isEmpty()) {
			return List.of();
		}
		List<String> header = fields(lines.get(0));
		List<Map<String, String>> rows = new ArrayList<>();
		for (String line : lines.subList(1, lines.size())) {
			if (line.isBlank()) {
				continue;
			}
			List<String> values = fields(line);
			Map<String, String> row = new LinkedHashMap<>();
			for (int i = 0; i < header.size() && i < values.size(); i++) {
				row.put(header.get(i), values.get(i));
			}
			rows.add(row);
		}
		return rows;
	}

	private static List<String> fields(String line) {
		// JMH quotes its text fields and never puts a comma inside one.
		return Arrays.stream(line.split(",", -1)).map((field) -> field.replace("\"", "")).toList();
	}

	static String markdown(Result result, String command, Path raw) {
		StringBuilder out = new StringBuilder();
		out.append("# Capacity check: the rate at which one ring thread saturates\n\n");
		out.append("Generated by `CapacityReport` from the raw files in [").append(raw).append("](").append(raw)
			.append("/); the page for users: [capacity.md](../capacity.md). Command: `").append(command).append("`.\n\n");
		out.append("Each sink's cost per line is what one thread spends doing, line after line, what the ring's thread "
				+ "does for an event (JMH, `SinkCostBenchmark`: a real application in `async-logger` mode, the appenders "
				+ "behind its ring called directly). One thread with a core to itself saturates at 10^9 ÷ that cost lines "
				+ "a second. The measured run (`SaturationRun`) is the same application with two threads logging as fast "
				+ "as they can into a full ring, the ring thread pinned alone on a core; it counts the lines the callers got "
				+ "through in the window. A prediction holds when the median of measured ÷ predicted (each round against "
				+ "its own JMH run) is within " + Math.round(TOLERANCE * 100) + "%.\n\n");
		out.append("**").append(result.summary()).append("**\n\n");
		out.append("| backend, sink | JMH ns a line | predicted lines/s | measured lines/s | measured ÷ predicted | holds | "
				+ "ring thread's ns a line in the run | its CPU share | busy meter | ring at least half full |\n");
		out.append("|---|---|---|---|---|---|---|---|---|---|\n");
		for (Check check : result.checks()) {
			out.append("| ").append(check.config().replace(" ", ", ")).append(" | ").append(range(check.costs(), "%,.0f"));
			out.append(" | ").append(String.format(Locale.ROOT, "%,.0f", check.predicted()));
			if (check.runs().isEmpty()) {
				out.append(" | not measured | – | – | – | – | – | – |\n");
				continue;
			}
			out.append(" | ").append(range(check.values(Run::linesPerSecond), "%,.0f"));
			out.append(" | ").append(range(check.ratios(), "%.2f"));
			out.append(" | ").append(check.holds() ? "yes" : "**no**");
			out.append(" | ").append(range(check.values(Run::ringCpuNanosPerLine), "%,.0f"));
			out.append(" | ").append(range(check.values(Run::ringCpuShare), "%.2f"));
			out.append(" | ").append(range(check.values(Run::busyShare), "%.3f"));
			out.append(" | ").append(range(check.values(Run::halfFullShare), "%.2f")).append(" |\n");
		}
		out.append("\nFigures are medians over the rounds, with the range in brackets. \"Its CPU share\" is the ring "
				+ "thread's CPU time over the window (1.00: a whole core); \"busy meter\" is what "
				+ "`asynclog.thread.busy.time` read over the window; \"ring at least half full\" is the share of samples, "
				+ "every 20 ms, with half the ring or more in use (callers that find it full wait until half is free).\n");
		return out.toString();
	}

	private static String range(List<Double> values, String format) {
		if (values.isEmpty()) {
			return "–";
		}
		List<Double> sorted = values.stream().sorted().toList();
		String median = String.format(Locale.ROOT, format, median(sorted));
		String lowest = String.format(Locale.ROOT, format, sorted.get(0));
		String highest = String.format(Locale.ROOT, format, sorted.get(sorted.size() - 1));
		if (lowest.equals(highest)) {
			return median;
		}
		return median + " (" + lowest + "–" + highest + ")";
	}

	static double median(List<Double> values) {
		List<Double> sorted = values.stream().sorted(Comparator.naturalOrder()).toList();
		int middle = sorted.size() / 2;
		return (sorted.size() % 2 == 1) ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
	}

	/**
	 * One measured run.
	 */
	record Run(int round, String config, double linesPerSecond, double ringCpuNanosPerLine, double ringCpuShare,
			double busyShare, double halfFullShare) {

	}

	/**
	 * One backend and sink: its JMH costs, its measured runs and the ratios of each run to its
	 * round's prediction.
	 */
	record Check(String config, List<Double> costs, List<Run> runs, List<Double> ratios) {

		double predicted() {
			return 1e9 / median(this.costs);
		}

		List<Double> values(ToDoubleFunction<Run> value) {
			return this.runs.stream().map((run) -> value.applyAsDouble(run)).toList();
		}

		boolean measured() {
			return !this.ratios.isEmpty();
		}

		boolean holds() {
			return measured() && Math.abs(median(this.ratios) - 1) <= TOLERANCE;
		}

	}

	/**
	 * Every check.
	 */
	record Result(List<Check> checks) {

		boolean allHold() {
			return checks.stream().filter(Check::measured).allMatch(Check::holds)
					&& checks.stream().anyMatch(Check::measured);
		}

		String summary() {
			long measured = checks.stream().filter(Check::measured).count();
			long holding = checks.stream().filter(Check::holds).count();
			return String.format(Locale.ROOT, "%d of %d measured predictions within %d%% of the measured rate", holding,
					measured, Math.round(TOLERANCE * 100));
		}

	}

}
