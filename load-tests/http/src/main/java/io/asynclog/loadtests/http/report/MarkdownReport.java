package io.asynclog.loadtests.http.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;

/**
 * Writes {@code http-comparison.md}: the run's header, the targets, the closed-model table in
 * the study's layout, the open-model table and the charts.
 *
 * @author asynclog
 */
final class MarkdownReport {

	static final List<String> CLOSED_COLUMNS = List.of("config", "mode", "appenders", "flush", "pattern",
			"TPS median (min\u2013max)", "mean ms", "p95 ms", "p99 ms", "app CPU %", "RSS MB", "threads",
			"write calls/s", "file writes/s", "written MB/s", "Gatling CPU %", "TPS \u00f7 sync", "TPS \u00f7 logging-off",
			"p99 \u00f7 logging-off", "lines", "queue peak", "dropped");

	static final List<String> OPEN_COLUMNS = List.of("config", "rate (users/s)", "mean ms", "p50 ms", "p95 ms",
			"p99 ms", "max ms", "app CPU %");

	private MarkdownReport() {
	}

	/**
	 * @param charts the chart file names, relative to the report
	 * @param dir where the page goes, for the link to its notes
	 */
	static String render(Comparison comparison, List<Target> targets, RunInfo info, List<String> charts, Path dir) {
		StringBuilder md = new StringBuilder();
		HttpComparisonReport.PAGE.head(md, "HTTP comparison: synchronous vs asynchronous Log4j2 logging", info, dir);
		md.append("- Each run: ").append(info.users()).append(" closed-model users");
		if (!comparison.open().isEmpty() || !Fmt.DASH.equals(info.openRate())) {
			md.append(" (open model: ").append(info.openRate()).append(" users arriving per second)");
		}
		md.append(", ").append(info.durationSeconds()).append(" s after ").append(info.warmupSeconds())
			.append(" s of warm-up; ").append(info.repeats()).append(" repeats, medians (min–max); placement: ")
			.append(info.pinning()).append(".\n\n");
		md.append("## Targets\n\n");
		Target.table(md, targets);
		closed(md, comparison, info);
		open(md, comparison);
		for (String chart : charts) {
			md.append("![").append(chart).append("](").append(chart).append(")\n\n");
		}
		return md.toString();
	}

	private static void closed(StringBuilder md, Comparison comparison, RunInfo info) {
		md.append("## Closed model (").append(info.users()).append(" users)\n\n");
		double socketWritesPerRequest = comparison.loggingOff()
			.map((off) -> off.over(RunRecord::appWriteSyscallsPerS).median() / off.over(RunRecord::tps).median())
			.orElse(Double.NaN);
		table(md, CLOSED_COLUMNS,
				comparison.closed().stream().map((row) -> closedCells(row, socketWritesPerRequest)).toList());
		List<RoundRuns.Row> failing = comparison.measuredClosed()
			.stream()
			.filter((row) -> Comparison.requestsKo(row) > 0)
			.toList();
		boolean reported = comparison.measuredClosed().stream().anyMatch((row) -> !Double.isNaN(Comparison.requestsKo(row)));
		if (!failing.isEmpty()) {
			md.append("\nFailed requests, summed over the repeats: ")
				.append(failing.stream()
					.map((row) -> row.config().id() + " " + Fmt.number(Comparison.requestsKo(row)))
					.collect(Collectors.joining(", ")))
				.append(".\n");
		}
		else if (reported) {
			md.append("\nNo request failed.\n");
		}
		md.append('\n');
	}

	/**
	 * The cells of one closed-model row.
	 * @param socketWritesPerRequest write calls per request with logging off (the HTTP
	 * responses), subtracted to estimate the file writes
	 */
	static List<String> closedCells(RoundRuns.Row row, double socketWritesPerRequest) {
		RunConfig c = row.config();
		boolean nominal = Comparison.nominal(row);
		double tps = row.over(RunRecord::tps).median();
		double writes = row.over(RunRecord::appWriteSyscallsPerS).median();
		return List.of(c.id(), c.csvMode(), nominal ? Fmt.DASH : Fmt.orDash(c.appenders()),
				Fmt.flush(nominal ? null : c.immediateFlush()), nominal ? Fmt.DASH : c.pattern(),
				Fmt.withSpread(row.over(RunRecord::tps)), median(row, RunRecord::meanMs), median(row, RunRecord::p95Ms),
				median(row, RunRecord::p99Ms), median(row, RunRecord::appCpuPct), median(row, RunRecord::appRssMb),
				median(row, RunRecord::appThreads), Fmt.number(writes),
				Fmt.number(Math.max(0, writes - socketWritesPerRequest * tps)),
				Fmt.number(Fmt.megabytes(row.over(RunRecord::appWriteBytesPerS).median())),
				median(row, RunRecord::gatlingCpuPct), Fmt.ratio(row.medianRatioTo(Comparison.SYNC, RunRecord::tps)),
				Fmt.ratio(row.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps)),
				Fmt.ratio(row.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::p99Ms)), lines(row),
				Fmt.number(row.over(RunRecord::queuePeak).max()), Fmt.number(row.over(RunRecord::queueDropped).max()));
	}

	private static String median(RoundRuns.Row row, ToDoubleFunction<RunRecord> metric) {
		return median(row.runs(), metric);
	}

	private static String median(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
		return Fmt.number(RunStats.over(runs, metric).median());
	}

	static String lines(RoundRuns.Row row) {
		if (!row.measured()) {
			return Fmt.DASH;
		}
		int failed = row.rounds() - Comparison.linesOkRounds(row);
		return (failed == 0) ? "\u2713" : "\u2717 " + failed + " of " + row.rounds() + " failed";
	}

	private static void open(StringBuilder md, Comparison comparison) {
		if (comparison.open().isEmpty()) {
			return;
		}
		md.append("## Open model\n\n");
		List<List<String>> rows = new ArrayList<>();
		for (List<RunRecord> runs : comparison.open()) {
			rows.add(List.of(runs.get(0).config(), Fmt.number(runs.get(0).rate()), median(runs, RunRecord::meanMs),
					median(runs, RunRecord::p50Ms), median(runs, RunRecord::p95Ms), median(runs, RunRecord::p99Ms),
					median(runs, RunRecord::maxMs), median(runs, RunRecord::appCpuPct)));
		}
		table(md, OPEN_COLUMNS, rows);
		md.append('\n');
	}

	/** A table whose cells may hold a pipe, escaped so that it stays in its cell. */
	private static void table(StringBuilder md, List<String> columns, List<List<String>> rows) {
		Fmt.tableHead(md, columns.stream().map(MarkdownReport::escaped).toArray(String[]::new));
		rows.forEach((cells) -> Fmt.tableRow(md, cells.stream().map(MarkdownReport::escaped).toArray()));
	}

	private static String escaped(String cell) {
		return cell.replace("|", "\\|");
	}

}
