package io.asynclog.loadtests.http.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

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
			.map((off) -> off.writesPerS().median() / off.tps().median())
			.orElse(Double.NaN);
		table(md, CLOSED_COLUMNS,
				comparison.closed().stream().map((row) -> closedCells(row, socketWritesPerRequest)).toList());
		List<ConfigSummary> failing = comparison.measuredClosed()
			.stream()
			.map(ComparisonRow::summary)
			.filter((s) -> s.requestsKo() > 0)
			.toList();
		boolean reported = comparison.measuredClosed().stream().anyMatch((r) -> !Double.isNaN(r.summary().requestsKo()));
		if (!failing.isEmpty()) {
			md.append("\nFailed requests, summed over the repeats: ")
				.append(failing.stream()
					.map((s) -> s.config() + " " + Fmt.number(s.requestsKo()))
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
	 * @param row the row
	 * @param socketWritesPerRequest write calls per request with logging off (the HTTP
	 * responses), subtracted to estimate the file writes
	 */
	static List<String> closedCells(ComparisonRow row, double socketWritesPerRequest) {
		ConfigSummary s = row.summary();
		return List.of(s.config(), Fmt.orDash(s.mode()), Fmt.orDash(s.appenders()), Fmt.flush(s.immediateFlush()),
				Fmt.orDash(s.pattern()), Fmt.withSpread(s.tps()), Fmt.number(s.meanMs().median()),
				Fmt.number(s.p95Ms().median()), Fmt.number(s.p99Ms().median()), Fmt.number(s.appCpuPct().median()),
				Fmt.number(s.appRssMb().median()), Fmt.number(s.appThreads().median()),
				Fmt.number(s.writesPerS().median()),
				Fmt.number(Math.max(0, s.writesPerS().median() - socketWritesPerRequest * s.tps().median())),
				Fmt.number(Fmt.megabytes(s.writeBytesPerS().median())),
				Fmt.number(s.gatlingCpuPct().median()), Fmt.ratio(row.tpsVsSync()), Fmt.ratio(row.tpsVsLoggingOff()),
				Fmt.ratio(row.p99VsLoggingOff()), lines(s), Fmt.number(s.queuePeak().max()),
				Fmt.number(s.queueDropped().max()));
	}

	static String lines(ConfigSummary summary) {
		if (!summary.measured()) {
			return Fmt.DASH;
		}
		if (summary.allLinesOk()) {
			return "\u2713";
		}
		return "\u2717 " + (summary.repeats() - summary.linesOkRepeats()) + " of " + summary.repeats() + " failed";
	}

	private static void open(StringBuilder md, Comparison comparison) {
		if (comparison.open().isEmpty()) {
			return;
		}
		md.append("## Open model\n\n");
		List<List<String>> rows = new ArrayList<>();
		for (OpenSummary o : comparison.open()) {
			rows.add(List.of(o.config(), Fmt.number(o.rate()), Fmt.number(o.meanMs().median()),
					Fmt.number(o.p50Ms().median()), Fmt.number(o.p95Ms().median()), Fmt.number(o.p99Ms().median()),
					Fmt.number(o.maxMs().median()), Fmt.number(o.appCpuPct().median())));
		}
		table(md, OPEN_COLUMNS, rows);
		md.append('\n');
	}

	private static void table(StringBuilder md, List<String> columns, List<List<String>> rows) {
		md.append(row(columns)).append('\n');
		md.append(columns.stream().map((c) -> "---").collect(Collectors.joining("|", "|", "|"))).append('\n');
		rows.forEach((cells) -> md.append(row(cells)).append('\n'));
	}

	static String row(List<String> cells) {
		return cells.stream().map((c) -> c.replace("|", "\\|")).collect(Collectors.joining(" | ", "| ", " |"));
	}

}
