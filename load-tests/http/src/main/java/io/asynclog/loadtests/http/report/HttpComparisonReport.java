package io.asynclog.loadtests.http.report;

import java.awt.Color;
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
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Writes the HTTP comparison report from the runner's raw CSV and run-info: the markdown
 * {@code http-comparison.md} (the targets, the closed-model table in the study's layout, the
 * open-model table and the charts), the summary {@code http-comparison.csv} and four PNG charts.
 * The targets: async-logger with three appenders at least twice sync's TPS, within 10 % of
 * logging-off's TPS and within 20 % of its p99, and async-logger ahead of async-appender at three
 * and six appenders. Usage: {@code RAW_CSV RUN_INFO REPORT_DIR}, as {@link Page#main}.
 *
 * @author asynclog
 */
public final class HttpComparisonReport {

	public static final String MARKDOWN = "http-comparison.md";

	public static final String SUMMARY_CSV = "http-comparison.csv";

	static final Page PAGE = new Page("HttpComparisonReport", "http-comparison");

	static final String TPS_CHART = "http-comparison-tps.png";

	static final String P99_CHART = "http-comparison-p99.png";

	static final String CPU_CHART = "http-comparison-cpu.png";

	static final String DISK_CHART = "http-comparison-disk.png";

	static final int WIDTH = 1000;

	static final int HEIGHT = 600;

	static final List<String> CSV_HEADER = List.of("config", "mode", "appenders", "immediate_flush", "pattern",
			"repeats", "tps_median", "tps_min", "tps_max", "mean_ms", "p50_ms", "p95_ms", "p99_ms_median", "p99_ms_min",
			"p99_ms_max", "max_ms", "app_cpu_pct", "app_rss_mb", "app_threads", "app_write_syscalls_per_s",
			"app_write_bytes_per_s", "app_write_mb_per_s", "app_wchar_bytes_per_s", "gatling_cpu_pct",
			"requests_ko_total", "lines_ok_repeats", "tps_ratio_sync", "tps_ratio_logging_off",
			"p99_ratio_logging_off");

	private static final List<String> CLOSED_COLUMNS = List.of("config", "mode", "appenders", "flush", "pattern",
			"TPS median (min\u2013max)", "mean ms", "p95 ms", "p99 ms", "app CPU %", "RSS MB", "threads",
			"write calls/s", "file writes/s", "written MB/s", "Gatling CPU %", "TPS \u00f7 sync", "TPS \u00f7 logging-off",
			"p99 \u00f7 logging-off", "lines", "queue peak", "dropped");

	private static final List<String> OPEN_COLUMNS = List.of("config", "rate (users/s)", "mean ms", "p50 ms", "p95 ms",
			"p99 ms", "max ms", "app CPU %");

	private static final String X_TITLE = "configuration, grouped by appenders (flush and study pattern unless named)";

	private HttpComparisonReport() {
	}

	public static void main(String[] args) throws IOException {
		PAGE.main(args, HttpComparisonReport::render);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		PAGE.write(rawCsv, runInfo, reportDir, HttpComparisonReport::render);
	}

	private static String render(List<RunRecord> records, RunInfo info, Path dir) throws IOException {
		Comparison comparison = Comparison.of(records);
		charts(comparison, info, dir);
		StringBuilder csv = new StringBuilder(String.join(",", CSV_HEADER)).append('\n');
		comparison.closed().forEach((row) -> csv.append(String.join(",", csvCells(row))).append('\n'));
		Files.writeString(dir.resolve(SUMMARY_CSV), csv, StandardCharsets.UTF_8);

		StringBuilder md = PAGE.head("HTTP comparison: synchronous vs asynchronous Log4j2 logging", info, dir);
		md.append("- Each run: ").append(info.users()).append(" closed-model users");
		if (!comparison.open().isEmpty() || !Fmt.DASH.equals(info.openRate())) {
			md.append(" (open model: ").append(info.openRate()).append(" users arriving per second)");
		}
		md.append(", ").append(info.durationSeconds()).append(" s after ").append(info.warmupSeconds())
			.append(" s of warm-up; ").append(info.repeats()).append(" repeats, medians (min–max); placement: ")
			.append(info.pinning()).append(".\n\n");
		Target.table(md, targets(comparison));
		// Write calls per request with logging off are the HTTP responses', subtracted to estimate the file writes.
		double socketWritesPerRequest = comparison.loggingOff()
			.map((off) -> off.over(RunRecord::appWriteSyscallsPerS).median() / off.over(RunRecord::tps).median())
			.orElse(Double.NaN);
		Fmt.table(md, "Closed model (" + info.users() + " users)", CLOSED_COLUMNS, comparison.closed().stream(),
				(row) -> escaped(closedCells(row, socketWritesPerRequest)));
		String failing = comparison.measuredClosed()
			.stream()
			.filter((row) -> Comparison.requestsKo(row) > 0)
			.map((row) -> row.config().id() + " " + Fmt.number(Comparison.requestsKo(row)))
			.collect(Collectors.joining(", "));
		if (!failing.isEmpty()) {
			md.append("Failed requests, summed over the repeats: ").append(failing).append(".\n\n");
		}
		else if (comparison.measuredClosed().stream().anyMatch((row) -> !Double.isNaN(Comparison.requestsKo(row)))) {
			md.append("No request failed.\n\n");
		}
		if (!comparison.open().isEmpty()) {
			Fmt.table(md, "Open model", OPEN_COLUMNS, comparison.open().stream(), (runs) -> escaped(openCells(runs)));
		}
		for (String chart : List.of(TPS_CHART, P99_CHART, CPU_CHART, DISK_CHART)) {
			md.append("![").append(chart).append("](").append(chart).append(")\n\n");
		}
		return md.toString();
	}

	static List<String> closedCells(RoundRuns.Row row, double socketWritesPerRequest) {
		RunConfig c = row.config();
		boolean nominal = Comparison.nominal(row);
		double tps = row.over(RunRecord::tps).median();
		double writes = row.over(RunRecord::appWriteSyscallsPerS).median();
		return List.of(c.id(), c.csvMode(), nominal ? Fmt.DASH : Fmt.orDash(c.appenders()),
				Fmt.flush(nominal ? null : c.immediateFlush()), nominal ? Fmt.DASH : c.pattern(),
				Fmt.withSpread(row.over(RunRecord::tps)), row.median(RunRecord::meanMs), row.median(RunRecord::p95Ms),
				row.median(RunRecord::p99Ms), row.median(RunRecord::appCpuPct), row.median(RunRecord::appRssMb),
				row.median(RunRecord::appThreads), Fmt.number(writes),
				Fmt.number(Math.max(0, writes - socketWritesPerRequest * tps)),
				Fmt.number(Fmt.megabytes(row.over(RunRecord::appWriteBytesPerS).median())),
				row.median(RunRecord::gatlingCpuPct), Fmt.ratio(row.medianRatioTo(Comparison.SYNC, RunRecord::tps)),
				Fmt.ratio(row.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps)),
				Fmt.ratio(row.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::p99Ms)), lines(row),
				Fmt.number(row.over(RunRecord::queuePeak).max()), Fmt.number(row.over(RunRecord::queueDropped).max()));
	}

	private static List<String> openCells(List<RunRecord> runs) {
		List<String> cells = new ArrayList<>(List.of(runs.get(0).config(), Fmt.number(runs.get(0).rate())));
		for (ToDoubleFunction<RunRecord> metric : List.<ToDoubleFunction<RunRecord>>of(RunRecord::meanMs,
				RunRecord::p50Ms, RunRecord::p95Ms, RunRecord::p99Ms, RunRecord::maxMs, RunRecord::appCpuPct)) {
			cells.add(Fmt.number(RoundRuns.over(runs, metric).median()));
		}
		return cells;
	}

	static String lines(RoundRuns.Row row) {
		if (!row.measured()) {
			return Fmt.DASH;
		}
		int failed = row.rounds() - Comparison.linesOkRounds(row);
		return (failed == 0) ? "\u2713" : "\u2717 " + failed + " of " + row.rounds() + " failed";
	}

	/** A table row's cells, a pipe in one escaped so that it stays in its cell. */
	private static Object[] escaped(List<String> cells) {
		return cells.stream().map((cell) -> cell.replace("|", "\\|")).toArray();
	}

	/** One line of the summary CSV: medians, the min and max of TPS and p99, and the ratios; unknown values empty. */
	static List<String> csvCells(RoundRuns.Row row) {
		RunConfig c = row.config();
		boolean nominal = Comparison.nominal(row);
		List<String> cells = new ArrayList<>(List.of(c.id(), c.csvMode(), nominal ? "" : String.valueOf(c.appenders()),
				nominal ? "" : String.valueOf(c.immediateFlush()), nominal ? "" : c.pattern(),
				String.valueOf(row.rounds())));
		Stats tps = row.over(RunRecord::tps);
		Stats p99 = row.over(RunRecord::p99Ms);
		double writeBytes = row.over(RunRecord::appWriteBytesPerS).median();
		for (double value : new double[] { tps.median(), tps.min(), tps.max(), median(row, RunRecord::meanMs),
				median(row, RunRecord::p50Ms), median(row, RunRecord::p95Ms), p99.median(), p99.min(), p99.max(),
				median(row, RunRecord::maxMs), median(row, RunRecord::appCpuPct), median(row, RunRecord::appRssMb),
				median(row, RunRecord::appThreads), median(row, RunRecord::appWriteSyscallsPerS), writeBytes,
				Fmt.megabytes(writeBytes), median(row, RunRecord::appWcharBytesPerS),
				median(row, RunRecord::gatlingCpuPct), Comparison.requestsKo(row) }) {
			cells.add(Fmt.csv(value));
		}
		cells.add(row.measured() ? String.valueOf(Comparison.linesOkRounds(row)) : "");
		cells.add(Fmt.csv(row.medianRatioTo(Comparison.SYNC, RunRecord::tps)));
		cells.add(Fmt.csv(row.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps)));
		cells.add(Fmt.csv(row.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::p99Ms)));
		return cells.stream().map(HttpComparisonReport::quote).toList();
	}

	private static double median(RoundRuns.Row row, ToDoubleFunction<RunRecord> metric) {
		return row.over(metric).median();
	}

	private static String quote(String cell) {
		if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
			return "\"" + cell.replace("\"", "\"\"") + "\"";
		}
		return cell;
	}

	static List<Target> targets(Comparison comparison) {
		String asyncLogger3 = Comparison.studyConfig(Comparison.ASYNC_LOGGER, 3);
		String sync3 = Comparison.studyConfig(Comparison.SYNC, 3);
		String off = comparison.loggingOff().map((row) -> row.config().id()).orElse(Comparison.LOGGING_OFF);
		List<Target> results = new ArrayList<>();
		results.add(compare(comparison, asyncLogger3 + " TPS \u2265 2.0\u00d7 " + sync3, asyncLogger3, sync3,
				RunRecord::tps, "TPS", 2.0, true));
		results.add(compare(comparison, asyncLogger3 + " TPS \u2265 0.9\u00d7 " + off, asyncLogger3, off, RunRecord::tps,
				"TPS", 0.9, true));
		results.add(compare(comparison, asyncLogger3 + " p99 \u2264 1.2\u00d7 " + off + " p99", asyncLogger3, off,
				RunRecord::p99Ms, "ms p99", 1.2, false));
		for (int appenders : List.of(3, 6)) {
			String logger = Comparison.studyConfig(Comparison.ASYNC_LOGGER, appenders);
			String appender = Comparison.studyConfig(Comparison.ASYNC_APPENDER, appenders);
			results.add(compare(comparison, logger + " TPS > " + appender + " TPS", logger, appender, RunRecord::tps,
					"TPS", Double.NaN, true));
		}
		return results;
	}

	/**
	 * Compares the medians of two rows: their ratio against a threshold, at least or at most it,
	 * or with a NaN threshold whether the subject's is the greater.
	 */
	private static Target compare(Comparison comparison, String target, String subjectName, String referenceName,
			ToDoubleFunction<RunRecord> metric, String unit, double threshold, boolean atLeast) {
		Optional<RoundRuns.Row> subject = comparison.measured(subjectName);
		Optional<RoundRuns.Row> reference = comparison.measured(referenceName);
		Stats a = subject.map((row) -> row.over(metric)).orElse(Stats.EMPTY);
		Stats b = reference.map((row) -> row.over(metric)).orElse(Stats.EMPTY);
		List<String> absent = new ArrayList<>();
		if (!a.measured()) {
			absent.add(subjectName);
		}
		if (!b.measured()) {
			absent.add(referenceName);
		}
		if (!absent.isEmpty()) {
			return new Target(target, Target.Status.NOT_MEASURED, "no " + unit + " for " + String.join(" or ", absent), "");
		}
		double ratio = Stats.ratio(a.median(), b.median());
		String figures = subjectName + " " + Fmt.withSpread(a) + " vs " + referenceName + " " + Fmt.withSpread(b) + " "
				+ unit + ": ";
		String caveats = caveats(subject.get(), reference.get());
		if (Double.isNaN(threshold)) {
			figures += Fmt.ratio(ratio) + (((a.count() > 1 || b.count() > 1) && a.overlaps(b))
					? "; the min\u2013max ranges overlap" : "");
			return Target.of(target, a.median() > b.median(), figures + caveats, "");
		}
		if (Double.isNaN(ratio)) {
			return new Target(target, Target.Status.NOT_MEASURED,
					"cannot divide by " + referenceName + "'s " + Fmt.number(b.median()) + " " + unit, "");
		}
		figures += ratio(ratio, threshold) + " (needs " + (atLeast ? "\u2265 " : "\u2264 ")
				+ String.format(Locale.ROOT, "%.2f\u00d7", threshold) + ")" + caveats;
		return Target.of(target, atLeast ? ratio >= threshold : ratio <= threshold, figures, "");
	}

	/** Lines-check failures of either side, which make the comparison doubtful. */
	private static String caveats(RoundRuns.Row... rows) {
		StringBuilder caveats = new StringBuilder();
		for (RoundRuns.Row row : rows) {
			if (!row.linesOk()) {
				caveats.append("; lines check failed in ").append(row.rounds() - Comparison.linesOkRounds(row))
					.append(" of ").append(row.rounds()).append(" repeats of ").append(row.config().id());
			}
		}
		return caveats.toString();
	}

	/** Two decimals, or three when two would round onto the threshold and hide which side it is on. */
	static String ratio(double ratio, double threshold) {
		String two = String.format(Locale.ROOT, "%.2f", ratio);
		String limit = String.format(Locale.ROOT, "%.2f", threshold);
		return (two.equals(limit) && ratio != threshold) ? String.format(Locale.ROOT, "%.3f\u00d7", ratio)
				: two + "\u00d7";
	}

	/**
	 * The page's charts: one bar per measured closed-model configuration, grouped by number of
	 * appenders with logging-off last, coloured by mode; the TPS and p99 charts add the min–max
	 * over the repeats as whiskers and logging-off's median as a dashed reference line.
	 */
	private static void charts(Comparison comparison, RunInfo info, Path dir) throws IOException {
		List<ComparisonCharts.Slot> slots = slots(comparison);
		double offTps = comparison.loggingOff().map((off) -> off.over(RunRecord::tps).median()).orElse(Double.NaN);
		double offP99 = comparison.loggingOff().map((off) -> off.over(RunRecord::p99Ms).median()).orElse(Double.NaN);
		String tpsTitle = "Throughput, " + info.users() + " closed-model users" + info.where();
		ComparisonCharts.save(ComparisonCharts.modeBars(tpsTitle, X_TITLE, "TPS: median, whisker = min\u2013max", slots,
				RunRecord::tps, true, offTps, "#,##0", WIDTH, HEIGHT), tpsTitle, dir.resolve(TPS_CHART), WIDTH, HEIGHT);
		String p99Title = "p99 response time, " + info.users() + " closed-model users" + info.where();
		ComparisonCharts.save(ComparisonCharts.modeBars(p99Title, X_TITLE, "p99 ms: median, whisker = min\u2013max",
				slots, RunRecord::p99Ms, true, offP99, "#,##0.#", WIDTH, HEIGHT), p99Title, dir.resolve(P99_CHART), WIDTH,
				HEIGHT);
		String cpuTitle = "CPU, percent of one core (median)" + info.where();
		ComparisonCharts.save(cpuChart(cpuTitle, slots), cpuTitle, dir.resolve(CPU_CHART), WIDTH, HEIGHT);

		String writesTitle = "App write system calls per second (median)" + info.where();
		String bytesTitle = "App bytes written to storage, MB/s (median)" + info.where();
		int panel = 380;
		CategoryChart writes = ComparisonCharts.modeBars(writesTitle, X_TITLE, "writes/s", slots,
				RunRecord::appWriteSyscallsPerS, false, Double.NaN, "#,##0", WIDTH, panel);
		if (writes != null) {
			// The lower panel has the same bars in the same places and carries the legend.
			writes.getStyler().setLegendVisible(false);
			writes.getStyler().setXAxisTitleVisible(false);
		}
		CategoryChart bytes = ComparisonCharts.modeBars(bytesTitle, X_TITLE, "MB/s (10^6 bytes)", slots,
				(run) -> run.appWriteBytesPerS() * 1e-6, false, Double.NaN, "#,##0.##", WIDTH, panel);
		// XChart's grid: two cells of the first chart's size, one above the other.
		BitmapEncoder.saveBitmap(List.of(ComparisonCharts.orNote(writes, writesTitle, WIDTH, panel),
				ComparisonCharts.orNote(bytes, bytesTitle, WIDTH, panel)), 2, 1, dir.resolve(DISK_CHART).toString(),
				BitmapFormat.PNG);
	}

	/** Measured configurations grouped by appenders (ascending), gaps between groups, logging-off last. */
	static List<ComparisonCharts.Slot> slots(Comparison comparison) {
		Map<Integer, List<RoundRuns.Row>> groups = comparison.measuredClosed()
			.stream()
			.collect(Collectors.groupingBy(
					(row) -> row.config().loggingOff() ? Integer.MAX_VALUE : row.config().appenders(), TreeMap::new,
					Collectors.toList()));
		List<ComparisonCharts.Slot> slots = new ArrayList<>();
		for (List<RoundRuns.Row> group : groups.values()) {
			if (!slots.isEmpty()) {
				// Distinct blank labels: XChart draws a category per list entry.
				slots.add(new ComparisonCharts.Slot(" ".repeat(slots.size() + 1), null));
			}
			group.forEach((row) -> slots.add(new ComparisonCharts.Slot(label(row.config().id()), row)));
		}
		return slots;
	}

	/** The config id without the default {@code flush} and {@code study} parts. */
	static String label(String config) {
		return Arrays.stream(config.split("/"))
			.filter((part) -> !part.equals("flush") && !part.equals(Comparison.STUDY_PATTERN))
			.collect(Collectors.joining("/"));
	}

	/** App and Gatling CPU side by side per configuration; {@code null} when neither was measured. */
	private static CategoryChart cpuChart(String title, List<ComparisonCharts.Slot> slots) {
		List<String> labels = slots.stream().map(ComparisonCharts.Slot::label).toList();
		List<Double> app = slots.stream().map((slot) -> slot.median(RunRecord::appCpuPct)).toList();
		List<Double> gatling = slots.stream().map((slot) -> slot.median(RunRecord::gatlingCpuPct)).toList();
		double top = Stream.concat(app.stream(), gatling.stream())
			.filter(Objects::nonNull)
			.mapToDouble(Double::doubleValue)
			.max()
			.orElse(0);
		boolean hasApp = app.stream().anyMatch(Objects::nonNull);
		boolean hasGatling = gatling.stream().anyMatch(Objects::nonNull);
		if (!hasApp && !hasGatling) {
			return null;
		}
		CategoryChart chart = ComparisonCharts.bars(title, X_TITLE, "% of one core (200 = two cores)", WIDTH, HEIGHT,
				"#,##0", top);
		if (hasApp) {
			chart.addSeries("app (demo app JVM)", labels, app).setFillColor(new Color(31, 119, 180));
		}
		if (hasGatling) {
			chart.addSeries("Gatling (load generator)", labels, gatling).setFillColor(new Color(150, 150, 150));
		}
		return chart;
	}

	/**
	 * The http-comparison study's run table: {@link RoundRuns}' rows in the study's order, each with
	 * two twins, {@link #SYNC} (the sync configuration with the same options) and {@link #LOGGING_OFF}
	 * (the baseline), and the grid's configurations that did not run as rows without runs.
	 *
	 * <p>Order of the closed table: for 1, 3 and 6 appenders, sync, async-appender and async-logger
	 * (flush, study pattern), whether measured or not; then every other measured configuration by
	 * mode, appenders, flush and pattern; then logging-off.
	 *
	 * @param closed one row per configuration, in table order
	 * @param open the open-model runs of one configuration at one arrival rate, in table order, then by rate
	 */
	record Comparison(List<RoundRuns.Row> closed, List<List<RunRecord>> open) {

		static final String SYNC = "sync";

		static final String ASYNC_APPENDER = "async-appender";

		static final String ASYNC_LOGGER = "async-logger";

		static final String ALL_ASYNC = "all-async";

		static final String LOGGING_OFF = RunConfig.LOGGING_OFF;

		static final List<String> MODES = List.of(SYNC, ASYNC_APPENDER, ASYNC_LOGGER, ALL_ASYNC, LOGGING_OFF);

		static final String STUDY_PATTERN = "study";

		/** Mode (study order, then by name), appenders, flush before no flush, study pattern first, id. */
		static final Comparator<RunConfig> ORDER = Comparator.comparingInt((RunConfig c) -> modeRank(c.csvMode()))
			.thenComparing(RunConfig::csvMode)
			.thenComparing(RunConfig::appenders)
			.thenComparing(RunConfig::immediateFlush, Comparator.reverseOrder())
			.thenComparing((c) -> STUDY_PATTERN.equals(c.pattern()) ? 0 : 1)
			.thenComparing(RunConfig::pattern)
			.thenComparing(RunConfig::id);

		/** The id of a configuration of the study's grid, such as {@code async-logger/3/flush/study}. */
		static String studyConfig(String mode, int appenders) {
			return mode + "/" + appenders + "/flush/" + STUDY_PATTERN;
		}

		static Comparison of(List<RunRecord> records) {
			Optional<RunConfig> baseline = RoundRuns.closedByConfig(records)
				.keySet()
				.stream()
				.map(RunConfig::parse)
				.filter(RunConfig::loggingOff)
				.min(ORDER);
			RoundRuns table = RoundRuns.of(records, (config) -> {
				Map<String, String> twins = new LinkedHashMap<>();
				if (!config.loggingOff()) {
					twins.put(SYNC, SYNC + config.id().substring(config.id().indexOf('/')));
				}
				baseline.ifPresent((off) -> twins.put(LOGGING_OFF, off.id()));
				return twins;
			});
			List<RoundRuns.Row> closed = new ArrayList<>();
			for (int appenders : List.of(1, 3, 6)) {
				for (String mode : List.of(SYNC, ASYNC_APPENDER, ASYNC_LOGGER)) {
					String id = studyConfig(mode, appenders);
					closed.add(table.row(id).orElseGet(() -> notRun(id)));
				}
			}
			List<RoundRuns.Row> others = new ArrayList<>(table.rows());
			others.removeAll(closed);
			others.sort(Comparator.comparing(RoundRuns.Row::config, ORDER));
			closed.addAll(others);
			if (baseline.isEmpty()) {
				closed.add(notRun(LOGGING_OFF));
			}
			List<String> order = closed.stream().map((row) -> row.config().id()).toList();
			List<List<RunRecord>> openRows = new ArrayList<>(
					RoundRuns.groups(records.stream().filter(RunRecord::open), (run) -> run.config() + "\u0000" + run.rate())
						.values());
			openRows.sort(Comparator.comparingInt((List<RunRecord> runs) -> position(order, runs.get(0).config()))
				.thenComparing((runs) -> runs.get(0).config())
				.thenComparingDouble((runs) -> runs.get(0).rate()));
			return new Comparison(List.copyOf(closed), List.copyOf(openRows));
		}

		private static RoundRuns.Row notRun(String id) {
			return new RoundRuns.Row(RunConfig.parse(id), List.of(), Map.of());
		}

		private static int position(List<String> order, String config) {
			int position = order.indexOf(config);
			return (position < 0) ? Integer.MAX_VALUE : position;
		}

		/** The study's modes first, then modes this report does not know, then logging-off. */
		static int modeRank(String mode) {
			int rank = MODES.indexOf(mode);
			return LOGGING_OFF.equals(mode) ? MODES.size() : (rank < 0) ? MODES.size() - 1 : rank;
		}

		Optional<RoundRuns.Row> measured(String config) {
			return measuredClosed().stream().filter((row) -> row.config().id().equals(config)).findFirst();
		}

		Optional<RoundRuns.Row> loggingOff() {
			return measuredClosed().stream().filter((row) -> row.config().loggingOff()).findFirst();
		}

		List<RoundRuns.Row> measuredClosed() {
			return this.closed.stream().filter(RoundRuns.Row::measured).toList();
		}

		/** Whether a row's appenders, flush and pattern are nominal: a baseline that did not run has none. */
		static boolean nominal(RoundRuns.Row row) {
			return row.config().loggingOff() && !row.measured();
		}

		/** Failed requests summed over the rounds, NaN when no round reported them. */
		static double requestsKo(RoundRuns.Row row) {
			boolean reported = row.runs().stream().anyMatch((run) -> !Double.isNaN(run.requestsKo()));
			return reported ? row.runs().stream().mapToDouble(RunRecord::requestsKo).filter((v) -> !Double.isNaN(v)).sum()
					: Double.NaN;
		}

		static int linesOkRounds(RoundRuns.Row row) {
			return (int) row.runs().stream().filter(RunRecord::linesOk).count();
		}

	}

}
