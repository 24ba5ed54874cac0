package io.asynclog.loadtests.jmh;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.springframework.util.FileSystemUtils;

import io.asynclog.loadtests.jmh.JmhResults.JmhResult;
import io.asynclog.loadtests.jmh.JmhResults.SideResult;
import io.asynclog.loadtests.report.Charts;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.RunFiles;
import io.asynclog.loadtests.report.Stats;

import static io.asynclog.loadtests.jmh.JmhResults.ALLOCATION;
import static io.asynclog.loadtests.jmh.JmhResults.LATENCY;

/**
 * Writes {@code docs/results/jmh.md}, its charts, a summary CSV and a copy of the raw results
 * from one run of {@code load-tests/scripts/jmh.sh}; from a {@code --logback} run (its run-info
 * says {@code suite=logback}), {@code docs/results/jmh-logback.md} and its files instead, from the
 * run's {@code round-N} directories. Each page is a subclass; what they share is here: the head,
 * the latency and allocation tables, figures over the rounds (jmh.md's run is a single round: a
 * figure without a spread), how they flag lost events and their XChart bar charts, whose axes are
 * linear (XChart's bars always start at zero, which a logarithmic axis cannot show).
 */
public abstract class JmhReport {

	private static final String RUN_INFO = "run-info.properties";

	private static final String SUMMARY_HEADER = "benchmark,threads,params,score,error,unit,alloc_bytes_per_op\n";

	private static final Color ASYNCLOG = new Color(0x2E7D32);

	private static final Color OTHERS = new Color(0x5C6BC0);

	final StringBuilder out = new StringBuilder();

	/** The run's results: one per round of a {@code --logback} run, else the run's only one. */
	final List<JmhResults> rounds;

	final Properties info;

	/** The hand-written notes' file name, which the page links to, or {@code null} when there are none. */
	final String notes;

	JmhReport(List<JmhResults> rounds, Properties info, String notes) {
		this.rounds = rounds;
		this.info = info;
		this.notes = notes;
	}

	/** Arguments: the run's output directory, then the results directory. */
	public static void main(String[] args) throws IOException {
		RunFiles.requireArgs(args, 2, "Usage: JmhReport <run output dir> <docs/results dir>");
		System.out.println("Wrote " + write(Path.of(args[0]), Path.of(args[1])));
	}

	/** Writes the page, its charts, summary and raw copy into {@code resultsDir}; returns the page. */
	public static Path write(Path runDir, Path resultsDir) throws IOException {
		Properties info = RunFiles.properties(runDir.resolve(RUN_INFO));
		boolean logback = "logback".equals(info.getProperty("suite"));
		List<Path> roundDirs = logback ? rounds(runDir) : List.of(runDir);
		if (roundDirs.isEmpty()) {
			throw new IOException("No round-N directory in " + runDir + ": not the output of jmh.sh --logback");
		}
		List<JmhResults> rounds = new ArrayList<>();
		for (Path dir : roundDirs) {
			rounds.add(JmhResults.read(dir));
		}
		String name = logback ? "jmh-logback" : "jmh";
		Files.createDirectories(resultsDir);
		String notes = Files.exists(resultsDir.resolve(name + "-notes.md")) ? name + "-notes.md" : null;
		JmhReport markdown = logback ? new JmhLogbackMarkdown(rounds, info, notes) : new JmhMarkdown(rounds, info, notes);
		Path page = resultsDir.resolve(name + ".md");
		Files.writeString(page, markdown.render());
		markdown.drawCharts(resultsDir);
		StringBuilder csv = new StringBuilder(logback ? "round," : "").append(SUMMARY_HEADER);
		for (int round = 0; round < rounds.size(); round++) {
			for (JmhResult result : rounds.get(round).results()) {
				csv.append(logback ? (round + 1) + "," : "").append(result.benchmark()).append(',').append(result.threads())
					.append(',').append(result.params().entrySet().stream().map((e) -> e.getKey() + "=" + e.getValue())
						.collect(Collectors.joining(";")))
					.append(',').append(Fmt.csv(result.score())).append(',').append(Fmt.csv(result.error())).append(',')
					.append(result.unit()).append(',').append(Fmt.csv(result.allocationPerCall())).append('\n');
			}
		}
		Files.writeString(resultsDir.resolve(name + "-summary.csv"), csv);
		Path rawDir = resultsDir.resolve(name + "-raw");
		// The run's own files: its run-info and, from a run without rounds, its results.
		copyRaw(runDir, rawDir);
		if (logback) {
			if (!Files.isSameFile(rawDir, runDir)) {
				// Rounds of an earlier, longer run would otherwise join this one's when the page is rebuilt.
				for (Path stale : rounds(rawDir)) {
					FileSystemUtils.deleteRecursively(stale);
				}
			}
			for (Path roundDir : roundDirs) {
				copyRaw(roundDir, rawDir.resolve(roundDir.getFileName().toString()));
			}
		}
		return page;
	}

	/** A {@code --logback} run's {@code round-N} directories, in round order. */
	private static List<Path> rounds(Path runDir) throws IOException {
		try (Stream<Path> list = Files.list(runDir)) {
			return list.filter((dir) -> Files.isDirectory(dir) && dir.getFileName().toString().matches("round-\\d+"))
				.sorted(Comparator.comparingInt((dir) -> Integer.parseInt(dir.getFileName().toString().substring(6))))
				.toList();
		}
	}

	private static void copyRaw(Path runDir, Path rawDir) throws IOException {
		Files.createDirectories(rawDir);
		List<Path> files;
		try (Stream<Path> list = Files.list(runDir)) {
			files = list.filter((f) -> f.getFileName().toString().matches(".*\\.(json|jsonl|properties)")).toList();
		}
		for (Path file : files) {
			Files.copy(file, rawDir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
		}
	}

	abstract String render();

	abstract void drawCharts(Path dir) throws IOException;

	/**
	 * Appends the title, where the page comes from, the links to its notes and the method, and the
	 * run's command (or {@code defaultCommand}), machine and JDK, ended by {@code runTail}.
	 */
	void head(String title, String rawDir, String defaultCommand, String runTail) {
		this.out.append("# ").append(title).append("\n\n");
		this.out.append("Generated by `io.asynclog.loadtests.jmh.JmhReport` from `").append(rawDir).append("/` (rebuild:"
				+ " [benchmarks.md](../benchmarks.md#the-report)); setups and method: [benchmarks.md](../benchmarks.md).");
		if (this.notes != null) {
			this.out.append(" Notes: [").append(this.notes).append("](").append(this.notes).append(").");
		}
		this.out.append("\n\n- Run: `").append(this.info.getProperty("command", defaultCommand)).append("`, JMH ")
			.append(this.info.getProperty("jmh", "1.37")).append(", ").append(this.info.getProperty("minutes", "?"))
			.append(" minutes from ").append(this.info.getProperty("started", "?")).append("; ")
			.append(this.info.getProperty("cpu", "?")).append(", ").append(this.info.getProperty("cores", "?")).append(" cores, ")
			.append(this.info.getProperty("memory", "?")).append(", ").append(this.info.getProperty("os", "?")).append("; JDK ")
			.append(this.info.getProperty("jdk", "?")).append(", G1").append(runTail).append(".\n");
	}

	void line(String text) {
		this.out.append(text).append('\n');
	}

	/** A line and the blank line after it. */
	void paragraph(String text) {
		this.out.append(text).append("\n\n");
	}

	void tableHead(String... columns) {
		Fmt.tableHead(this.out, columns);
	}

	void row(Object... cells) {
		Fmt.tableRow(this.out, cells);
	}

	/**
	 * The latency section's tables, one per rate, each figure in microseconds over the rounds; a row
	 * per setup that {@code setupsAt} gives for the rate, its calls flagged when {@code flagLosses}.
	 */
	void latencyTables(String callsColumn, boolean flagLosses, Function<String, Collection<String>> setupsAt) {
		for (String rate : rates()) {
			paragraph("At " + rate(rate) + " calls/s:");
			tableHead("setup", callsColumn, "p50", "p90", "p99", "p99.9", "p99.99", "max");
			for (String setup : setupsAt.apply(rate)) {
				List<Object> cells = new ArrayList<>(List.of(setup, Fmt.withSpread(over((round) -> round.latency(setup, rate, "count")))
						+ (flagLosses ? missing(LATENCY, Map.of("setup", setup, "rate", rate)) : "")));
				for (String value : List.of("p50_ns", "p90_ns", "p99_ns", "p99_9_ns", "p99_99_ns", "max_ns")) {
					cells.add(Fmt.withSpread(over(micros(setup, rate, value))));
				}
				row(cells.toArray());
			}
			line("");
		}
	}

	/** Bytes per call and calls per second under {@code -prof gc}, a row per setup. */
	void allocationTable(Collection<String> setups) {
		tableHead("setup", "bytes per call", "calls/s under the profiler");
		for (String setup : setups) {
			row(setup, Fmt.withSpread(over((round) -> round.allocation(setup))),
					Fmt.withSpread(over((round) -> round.score(ALLOCATION, Map.of("setup", setup)))));
		}
		line("");
	}

	/** Calls per second of a benchmark's configuration over the rounds, flagged when a trial of it lost events. */
	String calls(String benchmark, Map<String, String> params) {
		return Fmt.withSpread(over((round) -> round.callsPerSecond(benchmark, params))) + missing(benchmark, params);
	}

	/** A warning for a table cell when trials of its configuration lost events in any round, else nothing. */
	String missing(String benchmark, Map<String, String> params) {
		double missing = this.rounds.stream().mapToDouble((round) -> round.missing(benchmark, params)).sum();
		return (missing > 0) ? " (**" + Fmt.number(missing) + " events missing**)" : "";
	}

	/** The latency benchmark's rates in any round, lowest first. */
	TreeSet<String> rates() {
		TreeSet<String> rates = new TreeSet<>(Comparator.comparingLong(Long::parseLong));
		this.rounds.forEach((round) -> round.sides(LATENCY, Map.of()).forEach((s) -> rates.add(s.params().get("rate"))));
		return rates;
	}

	/** A figure's median, minimum and maximum over the rounds, NaN where a round lacks it. */
	Stats over(ToDoubleFunction<JmhResults> figure) {
		return Stats.of(this.rounds.stream().mapToDouble(figure).toArray());
	}

	/** The parameters of a setup's hand-off with messages of the given length. */
	static Map<String, String> handOffParams(String setup, String message) {
		return Map.of("setup", setup, "message", message);
	}

	static ToDoubleFunction<JmhResults> micros(String setup, String rate, String value) {
		return (round) -> round.latency(setup, rate, value) / 1000.0;
	}

	/** What a trial that lost events lost, after the list item's start. */
	static String loss(SideResult side) {
		return side.benchmark() + " " + side.setup() + " " + side.params() + ": " + Fmt.number(side.value("logged")) + " calls, "
				+ Fmt.number(side.value("delivered")) + " delivered, " + Fmt.number(side.value("missing")) + " missing";
	}

	static String rate(String rate) {
		return Fmt.number(Double.parseDouble(rate));
	}

	/** The verdict on a figure against its goal. */
	static String result(double measured, double goal, boolean higherIsBetter) {
		return Double.isNaN(measured) ? "not measured"
				: ((higherIsBetter ? measured >= goal : measured <= goal) ? "met" : "**missed**");
	}

	/** Draws a bar per item whose value is known, labelled by {@code label}, asynclog's in its own colour. */
	static <T> void bars(Path file, String title, String yTitle, Collection<T> items, Function<T, String> label,
			ToDoubleFunction<T> value) throws IOException {
		List<String> labels = new ArrayList<>();
		List<Double> ours = new ArrayList<>();
		List<Double> theirs = new ArrayList<>();
		for (T item : items) {
			double known = value.applyAsDouble(item);
			if (!Double.isNaN(known)) {
				String name = label.apply(item);
				labels.add(name);
				boolean asynclog = name.startsWith("asynclog");
				ours.add(asynclog ? known : 0.0);
				theirs.add(asynclog ? 0.0 : known);
			}
		}
		CategoryChart chart = chart(title, yTitle, 30);
		chart.getStyler().setOverlapped(true);
		chart.getStyler().setSeriesColors(new Color[] { OTHERS, ASYNCLOG });
		chart.addSeries("other setups", labels, theirs);
		chart.addSeries("asynclog", labels, ours);
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	/** Bars grouped by setup, one series (values in the order of {@code setups}) per condition; unknown values draw none. */
	static void groupedBars(Path file, String title, String yTitle, List<String> setups, Map<String, List<Double>> series)
			throws IOException {
		CategoryChart chart = chart(title, yTitle, 20);
		// Series are conditions, not setups: asynclog's green stays out of them.
		chart.getStyler().setSeriesColors(new Color[] { OTHERS, new Color(0xF9A825), new Color(0x8D6E63) });
		series.forEach((name, values) -> chart.addSeries(name, setups,
				values.stream().map((value) -> (value == null || value.isNaN()) ? 0.0 : value).toList()));
		BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
	}

	/** The pages' plain bars, 1000 x 560, the legend below: a tall bar would hide under a legend inside the plot. */
	private static CategoryChart chart(String title, String yTitle, int labelRotation) {
		CategoryChart chart = Charts.plainBars(title, "", yTitle, 1000, 560);
		chart.getStyler().setXAxisLabelRotation(labelRotation);
		chart.getStyler().setYAxisDecimalPattern("#,###");
		return chart;
	}

}
