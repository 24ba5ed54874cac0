package io.asynclog.loadtests.shipping;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;

import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.RunFiles;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes {@code shipping-throughput.md}, its two charts and copies of the raw files from the
 * output directory of load-tests/scripts/shipping-throughput.sh. How the runs are made is told
 * once, in docs/load-tests.md; the hand-written notes are linked, not included.
 * <p>
 * Usage: {@code ShippingThroughputReport OUT_DIR REPORT_DIR}.
 *
 * @author asynclog
 */
public final class ShippingThroughputReport {

	/** The page's name, and the start of its files'. */
	private static final String PAGE = "shipping-throughput";

	/**
	 * The targets, with async-logger on this 2-core machine: issue 24's through the lane (and the
	 * spool) with a pattern layout, and with ECS JSON; issue 36's over OTLP/HTTP to a loopback
	 * receiver (issue 36 keeps issue 24's for Kafka).
	 */
	static final Map<String, Double> TARGETS = Map.of("kafka", 300_000.0, "kafka-away", 300_000.0, "kafka-ecs",
			100_000.0, "otlp", 250_000.0);

	static final List<String> CONFIGS = List.of("kafka", "kafka-ecs", "kafka-away", "otlp", "otlp-away", "file");

	/** The yardstick the others are divided by. */
	static final String YARDSTICK = "file";

	private static final Map<String, String> CONFIG_LABELS = Map.of("kafka", "kafka (pattern)", "kafka-ecs",
			"kafka-ecs (format: ecs)", "kafka-away", "kafka-away (pattern, broker away: lane to spool)", "otlp",
			"otlp (OTLP/HTTP to a loopback receiver)", "otlp-away", "otlp-away (receiver away: lane to spool)", "file",
			"file (pattern)");

	/** The labels of {@link ShippingRun#CPU_GROUPS}, shown in that order. */
	private static final Map<String, String> GROUP_LABELS = Map.ofEntries(Map.entry("caller", "caller"),
			Map.entry("background", "ring thread"), Map.entry("producer", "client I/O"), Map.entry("lane", "lane thread"),
			Map.entry("format", "format thread"), Map.entry("gc", "GC"), Map.entry("jit", "JIT"),
			Map.entry("other", "other"), Map.entry("app", "app JVM"), Map.entry("broker", "broker or receiver JVM"));

	/** At or above this share of a core, a thread is taken as saturated. */
	static final double SATURATED = 0.85;

	private ShippingThroughputReport() {
	}

	public static void main(String[] args) throws IOException {
		RunFiles.requireArgs(args, 2, "usage: ShippingThroughputReport OUT_DIR REPORT_DIR");
		write(Path.of(args[0]), Path.of(args[1]));
		System.out.println("Wrote " + Path.of(args[1]).resolve(PAGE + ".md"));
	}

	static void write(Path out, Path reportDir) throws IOException {
		System.setProperty("java.awt.headless", System.getProperty("java.awt.headless", "true"));
		List<ShippingRun> runs = ShippingRun.readAndCopy(out, PAGE, reportDir);
		RunFiles.copy(out.resolve(PAGE + "-threads.csv"), out.resolve("run-info.properties"), reportDir,
				PAGE + "-threads.csv", PAGE + "-run-info.properties");
		Properties info = RunFiles.properties(out.resolve("run-info.properties"));
		Path threadsCsv = out.resolve(PAGE + "-threads.csv");
		// The rows (round, config, thread, group, CPU seconds); a thread name with a comma is left out.
		List<String[]> threads = !Files.isRegularFile(threadsCsv) ? List.of()
				: Files.readAllLines(threadsCsv, StandardCharsets.UTF_8).stream().skip(1)
					.map((line) -> line.split(",", -1)).filter((cells) -> cells.length == 5).toList();
		List<String> configs = configs(runs);
		CategoryChart lines = Charts.plainBars("Lines per second, first call to last delivered (per round)", "",
				"lines/s", 900, 520);
		lines.getStyler().setYAxisDecimalPattern("#,###");
		lines.getStyler().setSeriesColors(new Color[] { new Color(0x5C6BC0), new Color(0xF9A825), new Color(0x8D6E63),
				new Color(0x2E7D32), new Color(0xC62828) });
		for (int round : rounds(runs)) {
			lines.addSeries("round " + round, configs, configs.stream()
				.map((config) -> of(runs, config).filter((run) -> run.round() == round && run.checked())
					.mapToDouble(ShippingRun::linesPerSecond).findFirst().orElse(0))
				.toList());
		}
		lines.addSeries("target", configs, configs.stream().map((config) -> TARGETS.getOrDefault(config, 0.0)).toList());
		BitmapEncoder.saveBitmap(lines, reportDir.resolve(PAGE + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
		CategoryChart cpu = Charts.plainBars("CPU microseconds per line, by thread (median over rounds)", "",
				"µs of CPU per line", 900, 520);
		cpu.getStyler().setStacked(true);
		for (String group : ShippingRun.CPU_GROUPS.stream().filter((group) -> !group.equals("app")).toList()) {
			cpu.addSeries(GROUP_LABELS.get(group), configs, configs.stream().map((config) -> {
				double value = median(runs, config, (run) -> run.microsPerLine(group));
				return Double.isNaN(value) ? 0.0 : value;
			}).toList());
		}
		BitmapEncoder.saveBitmap(cpu, reportDir.resolve(PAGE + "-cpu.png").toString(), BitmapEncoder.BitmapFormat.PNG);
		boolean notes = Files.isRegularFile(reportDir.resolve(PAGE + "-notes.md"));
		Files.writeString(reportDir.resolve(PAGE + ".md"), markdown(runs, info, threads, notes), StandardCharsets.UTF_8);
	}

	static String markdown(List<ShippingRun> runs, Properties info, List<String[]> threads, boolean notes) {
		StringBuilder md = new StringBuilder("# Shipping throughput: Kafka and OTLP\n\n");
		md.append("Generated by `ShippingThroughputReport` from the raw files beside it; method:"
				+ " [load-tests.md](../load-tests.md#shipping-throughput)")
			.append(notes ? "; notes: [" + PAGE + "-notes.md](" + PAGE + "-notes.md)" : "").append(".\n\n");
		md.append("- Run: ").append(ShippingRun.runLine(info)).append("; Kafka ").append(info.getProperty("kafka", Fmt.DASH))
			.append(", broker JVM ").append(info.getProperty("broker.jvm", Fmt.DASH));
		if (info.containsKey("opentelemetry.exporter")) {
			md.append("; OpenTelemetry exporter ").append(info.getProperty("opentelemetry.exporter"))
				.append(", receiver JVM ").append(info.getProperty("receiver.jvm", Fmt.DASH));
		}
		md.append("\n- Command: `").append(info.getProperty("command", Fmt.DASH)).append("`\n\n");
		verdict(md, runs, Double.parseDouble(info.getProperty("cores", "2")));
		md.append("## Lines per second\n\n![lines per second per configuration and round](").append(PAGE + ".png)\n\n");
		table(md, runs, (config) -> List.of(CONFIG_LABELS.getOrDefault(config, config),
				Fmt.withSpread(stats(runs, config, ShippingRun::linesPerSecond)),
				config.equals(YARDSTICK) ? Fmt.DASH : Fmt.ratioWithSpread(ratioToFile(runs, config)),
				Fmt.withSpread(stats(runs, config, (run) -> run.figure("caller_lines_per_s"))),
				Fmt.number(median(runs, config, (run) -> run.figure("record_bytes"))),
				of(runs, config).filter(ShippingRun::checked).count() + " of " + of(runs, config).count()),
				"configuration", "lines/s, first call to last delivered", "÷ file, same round", "caller's calls/s",
				"bytes per record or line", "runs checked");
		List<String> configs = configs(runs);
		md.append('\n');
		Fmt.table(md, "Per round", Stream.concat(Stream.of("round", "order", "load average before", "after"),
				configs.stream().map((config) -> config + " lines/s")).toList(), rounds(runs).stream(), (round) -> {
			List<Object> cells = new ArrayList<>(List.of(round, info.getProperty("round." + round + ".order", Fmt.DASH),
					info.getProperty("round." + round + ".load.before", Fmt.DASH),
					info.getProperty("round." + round + ".load.after", Fmt.DASH)));
			configs.forEach((config) -> cells.add(of(runs, config).filter((run) -> run.round() == round).findFirst()
				.map((run) -> run.checked() ? Fmt.number(run.linesPerSecond()) : "failed").orElse(Fmt.DASH)));
			return cells.toArray();
		});
		md.append("## CPU per thread\n\nCores kept busy (CPU seconds ÷ run seconds):\n\n");
		cpuTable(md, runs, ShippingRun::cores);
		md.append("\nCPU microseconds per line:\n\n");
		cpuTable(md, runs, ShippingRun::microsPerLine);
		md.append("\n![CPU microseconds per line by thread](").append(PAGE + "-cpu.png)\n\n");
		md.append("Waiting for a CPU (share of the run) and the machine's busy cores:\n\n");
		table(md, runs, (config) -> {
			boolean remote = !config.equals(YARDSTICK);
			return List.of(config, Fmt.spread(stats(runs, config, (run) -> 100 * run.waiting("caller")), Fmt::percent),
					Fmt.spread(stats(runs, config, (run) -> 100 * run.waiting("background")), Fmt::percent),
					remote ? Fmt.spread(stats(runs, config, (run) -> 100 * run.waiting("producer")), Fmt::percent) : Fmt.DASH,
					Fmt.withSpread(stats(runs, config, ShippingRun::machineCores)), Fmt.withSpread(stats(runs, config,
							(run) -> run.machineCores() - run.cores("app") - (remote ? run.cores("broker") : 0))));
		}, "configuration", "caller waited", "ring thread waited", "client I/O waited", "machine busy, cores",
				"of which neither app nor broker or receiver");
		md.append("\n## The ring\n\n");
		table(md, runs, (config) -> List.of(config, Fmt.number(median(runs, config, (run) -> run.figure("ring_capacity"))),
				Fmt.spread(stats(runs, config, ShippingRun::ringNearlyFullPercent), Fmt::percent),
				Fmt.withSpread(stats(runs, config, (run) -> run.figure("ring_used_at_caller_end")))),
				"configuration", "slots", "reads that found it at least 90% full", "events left when the caller finished");
		md.append('\n');
		if (!threads.isEmpty()) {
			Fmt.table(md, "Threads seen", List.of("group", "threads"), threads.stream()
				.collect(Collectors.groupingBy((thread) -> thread[3], TreeMap::new,
						Collectors.mapping((thread) -> "`" + thread[2] + "`", Collectors.toCollection(TreeSet::new))))
				.entrySet().stream(), (group) -> new Object[] { GROUP_LABELS.getOrDefault(group.getKey(), group.getKey()),
						String.join(", ", group.getValue()) });
		}
		checks(md, runs);
		return md.toString();
	}

	private static void verdict(StringBuilder md, List<ShippingRun> runs, double cores) {
		md.append("## Verdict\n\nTargets (issues 24 and 36): ").append(Fmt.number(TARGETS.get("kafka")))
			.append(" lines/s with a pattern (to the broker, or to the spool), ").append(Fmt.number(TARGETS.get("kafka-ecs")))
			.append(" with ECS JSON");
		if (of(runs, "otlp").findAny().isPresent()) {
			md.append("; OTLP: ").append(Fmt.number(TARGETS.get("otlp")))
				.append(" records/s over OTLP/HTTP to a loopback receiver, none dropped without a count");
		}
		md.append(".\n\n");
		for (String config : CONFIGS) {
			Stats stats = stats(runs, config, ShippingRun::linesPerSecond);
			if (stats.measured()) {
				String figure = CONFIG_LABELS.get(config) + ": " + Fmt.withSpread(stats) + " lines/s";
				md.append("- ").append(TARGETS.containsKey(config)
						? "**" + figure + ", " + targetWord(stats, TARGETS.get(config)) + ".**"
						: figure + (config.equals(YARDSTICK) ? " (the yardstick)." : " (no target)."))
					.append(" Ceiling: ").append(ceiling(runs, config, cores)).append(".\n");
			}
		}
		long failed = runs.stream().filter((run) -> !run.checked()).count();
		md.append("\n").append((failed == 0) ? "Every run was delivered and checked (" + runs.size() + " runs)."
				: "**" + failed + " of " + runs.size() + " runs failed their check** (see [Checks](#checks)).")
			.append("\n\n");
	}

	static String targetWord(Stats stats, double target) {
		return (stats.min() >= target) ? "target met in every round"
				: (stats.median() >= target) ? "target met at the median, not in every round"
						: (stats.max() >= target) ? "target missed at the median (met in some round)" : "target missed";
	}

	/**
	 * Where the ceiling of a configuration is, from the medians of its runs: a saturated ring
	 * thread, lane thread, broker or OTLP receiver, or client I/O thread; a ring thread that never idled (running
	 * or waiting for a CPU) while the caller waited for room in a nearly full ring; the machine's
	 * cores (every process counted); or the caller.
	 */
	static String ceiling(List<ShippingRun> runs, String config, double cores) {
		boolean remote = !config.equals(YARDSTICK);
		boolean otlp = config.startsWith("otlp");
		double background = median(runs, config, (run) -> run.cores("background"));
		double busyOrWaiting = background + median(runs, config, (run) -> run.waiting("background"));
		double full = median(runs, config, ShippingRun::ringNearlyFullPercent);
		if (background >= SATURATED) {
			return "**the ring thread**, on a core of its own";
		}
		for (String[] group : new String[][] { { "lane", "lane thread" }, { "format", "format thread" }, { "broker", otlp ? "OTLP receiver" : "broker" },
				{ "producer", otlp ? "exporter's HTTP client threads" : "producer's I/O thread" } }) {
			if (remote && median(runs, config, (run) -> run.cores(group[0])) >= SATURATED) {
				return "**the " + group[1] + "**";
			}
		}
		if (busyOrWaiting >= SATURATED && full >= 10) {
			return "**the ring thread**, running or waiting for a CPU "
					+ String.format(Locale.ROOT, "%.0f%%", 100 * busyOrWaiting)
					+ " of the run while the caller waited for room";
		}
		if (median(runs, config, ShippingRun::machineCores) >= SATURATED * cores) {
			return "**the machine's " + Fmt.number(cores) + " cores**: no single thread is saturated";
		}
		if (median(runs, config, (run) -> run.cores("caller")) >= SATURATED && full < 10) {
			return "**the caller** (the log call itself)";
		}
		return "none: no thread and not the machine is saturated, the run waits (batches, acknowledgements)";
	}

	/** Per round, a configuration's lines/s divided by the file run's of the same round. */
	static Stats ratioToFile(List<ShippingRun> runs, String config) {
		Map<Integer, Double> file = new TreeMap<>();
		of(runs, YARDSTICK).filter(ShippingRun::checked).forEach((run) -> file.put(run.round(), run.linesPerSecond()));
		return Stats.of(of(runs, config).filter(ShippingRun::checked)
			.mapToDouble((run) -> Stats.ratio(run.linesPerSecond(), file.getOrDefault(run.round(), Double.NaN)))
			.toArray());
	}

	private static void table(StringBuilder md, List<ShippingRun> runs, Function<String, List<Object>> row,
			String... head) {
		Fmt.tableHead(md, head);
		configs(runs).forEach((config) -> Fmt.tableRow(md, row.apply(config).toArray()));
	}

	private static void cpuTable(StringBuilder md, List<ShippingRun> runs,
			ToDoubleBiFunction<ShippingRun, String> figure) {
		table(md, runs, (config) -> {
			List<Object> cells = new ArrayList<>(List.of(config));
			for (String group : ShippingRun.CPU_GROUPS) {
				Stats stats = stats(runs, config, (run) -> figure.applyAsDouble(run, group));
				cells.add((config.equals(YARDSTICK) && (group.equals("producer") || group.equals("broker")))
						? Fmt.DASH + (group.equals("broker") ? " (idle: " + Fmt.number(stats.median()) + ")" : "")
						: Fmt.withSpread(stats));
			}
			return cells;
		}, Stream.concat(Stream.of("configuration"), ShippingRun.CPU_GROUPS.stream().map(GROUP_LABELS::get))
			.toArray(String[]::new));
	}

	/** What each run's check found, the runs that found the same thing on one row. */
	private static void checks(StringBuilder md, List<ShippingRun> runs) {
		Fmt.table(md, "Checks", List.of("runs (configuration: rounds)", "passed", "what was found"), configs(runs).stream()
			.flatMap((config) -> of(runs, config).sorted(Comparator.comparingInt(ShippingRun::round)))
			.collect(Collectors.groupingBy((run) -> List.of(run.checked() ? "yes" : "**no**",
					Fmt.orDash(run.row().get("check"))), LinkedHashMap::new,
					Collectors.groupingBy(ShippingRun::config, LinkedHashMap::new,
							Collectors.mapping((run) -> String.valueOf(run.round()), Collectors.joining(", ")))))
			.entrySet().stream(), (found) -> new Object[] { found.getValue().entrySet().stream()
				.map((entry) -> entry.getKey() + ": " + entry.getValue())
				.collect(Collectors.joining("; ")), found.getKey().get(0), found.getKey().get(1) });
	}

	/** The configurations run, the known ones first in their order. */
	private static List<String> configs(List<ShippingRun> runs) {
		return Stream.concat(CONFIGS.stream(), runs.stream().map(ShippingRun::config))
			.distinct()
			.filter((config) -> of(runs, config).findAny().isPresent())
			.toList();
	}

	private static Set<Integer> rounds(List<ShippingRun> runs) {
		return new TreeSet<>(runs.stream().map(ShippingRun::round).toList());
	}

	private static Stream<ShippingRun> of(List<ShippingRun> runs, String config) {
		return runs.stream().filter((run) -> run.config().equals(config));
	}

	/** A figure over a configuration's checked runs (a failed run's figures are not counted). */
	static Stats stats(List<ShippingRun> runs, String config, ToDoubleFunction<ShippingRun> figure) {
		return Stats.of(of(runs, config).filter(ShippingRun::checked).mapToDouble(figure).toArray());
	}

	private static double median(List<ShippingRun> runs, String config, ToDoubleFunction<ShippingRun> figure) {
		return stats(runs, config, figure).median();
	}

}
