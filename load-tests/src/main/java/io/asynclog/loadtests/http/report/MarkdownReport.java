package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Writes {@code http-comparison.md}: the run's header, the closed-model table in the study's
 * layout, the open-model table, the targets, the charts, the human-written notes when there are
 * any, and how to reproduce the run.
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
	 * @param notes the content of {@code http-comparison-notes.md}, or {@code null} when there is none
	 * @param charts the chart file names, relative to the report
	 */
	static String render(Comparison comparison, List<TargetResult> targets, RunInfo info, List<String> charts,
			String notes) {
		StringBuilder md = new StringBuilder();
		header(md, info, !comparison.open().isEmpty());
		closed(md, comparison, info);
		open(md, comparison);
		targets(md, targets);
		md.append("## Charts\n\n");
		for (String chart : charts) {
			md.append("![").append(chart).append("](").append(chart).append(")\n\n");
		}
		if (notes != null) {
			md.append("## What the figures mean\n\n").append(notes);
			if (!notes.endsWith("\n")) {
				md.append('\n');
			}
			md.append('\n');
		}
		md.append("## How to reproduce\n\n")
			.append("Run ")
			.append(code(info.command()))
			.append(" on a comparable machine; expect different figures on different hardware.\n");
		return md.toString();
	}

	private static void header(StringBuilder md, RunInfo info, boolean open) {
		md.append("# HTTP comparison: synchronous vs asynchronous Log4j2 logging\n\n")
			.append("This is one run on one machine (")
			.append(info.machine())
			.append(", ")
			.append(info.date())
			.append("). The figures describe that run on that machine and nothing more.\n\n")
			.append("- Date: ")
			.append(info.date())
			.append('\n')
			.append("- Machine: ")
			.append(info.machine())
			.append('\n')
			.append("- JDK: ")
			.append(info.jdk())
			.append('\n')
			.append("- Gatling: ")
			.append(info.gatlingVersion())
			.append('\n')
			.append("- CPU pinning: ")
			.append(info.pinning())
			.append('\n')
			.append("- Closed model: ")
			.append(info.users())
			.append(" concurrent users\n");
		if (open || !Fmt.DASH.equals(info.openRate())) {
			md.append("- Open model: ").append(info.openRate()).append(" users arriving per second\n");
		}
		md.append("- Measured per run: ")
			.append(info.durationSeconds())
			.append(" s, after ")
			.append(info.warmupSeconds())
			.append(" s of warm-up\n")
			.append("- Repeats per configuration: ")
			.append(info.repeats())
			.append('\n')
			.append("- Command: ")
			.append(code(info.command()))
			.append("\n\n");
	}

	private static void closed(StringBuilder md, Comparison comparison, RunInfo info) {
		md.append("## Closed model (").append(info.users()).append(" users)\n\n")
			.append("Medians over the repeats; TPS also shows the lowest and highest repeat. ")
			.append("CPU is in percent of one core (200 = two cores). Write calls/s counts every write system call, "
					+ "sockets included; file writes/s estimates the log-file writes by taking away logging-off's "
					+ "write calls per request (the HTTP responses); queue peak and dropped are the highest over the "
					+ "repeats; ")
			.append("written MB/s is bytes sent to storage, in 10^6 bytes. ")
			.append("TPS \u00f7 sync compares with sync at the same appenders, flush and pattern. ")
			.append(Fmt.DASH)
			.append(" means not measured or not computable.\n\n");
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
		md.append("## Open model\n\n")
			.append("Users arrive at a fixed rate whatever the response times; medians over the repeats.\n\n");
		List<List<String>> rows = new ArrayList<>();
		for (OpenSummary o : comparison.open()) {
			rows.add(List.of(o.config(), Fmt.number(o.rate()), Fmt.number(o.meanMs().median()),
					Fmt.number(o.p50Ms().median()), Fmt.number(o.p95Ms().median()), Fmt.number(o.p99Ms().median()),
					Fmt.number(o.maxMs().median()), Fmt.number(o.appCpuPct().median())));
		}
		table(md, OPEN_COLUMNS, rows);
		md.append('\n');
	}

	private static void targets(StringBuilder md, List<TargetResult> targets) {
		md.append("## Targets\n\n");
		long met = targets.stream().filter((t) -> t.status() == TargetResult.Status.MET).count();
		md.append(String.format(Locale.ROOT, "%d of %d met, on the medians of this run.%n%n", met, targets.size()));
		for (TargetResult target : targets) {
			md.append(line(target)).append('\n');
		}
		md.append('\n');
	}

	static String line(TargetResult target) {
		return "- **" + target.status().label() + "**: " + target.target() + " \u2014 " + target.figures();
	}

	private static void table(StringBuilder md, List<String> columns, List<List<String>> rows) {
		md.append(row(columns)).append('\n');
		md.append(columns.stream().map((c) -> "---").collect(Collectors.joining("|", "|", "|"))).append('\n');
		rows.forEach((cells) -> md.append(row(cells)).append('\n'));
	}

	static String row(List<String> cells) {
		return cells.stream().map((c) -> c.replace("|", "\\|")).collect(Collectors.joining(" | ", "| ", " |"));
	}

	/** Inline code whose fence is longer than any run of backticks inside. */
	static String code(String text) {
		if (Fmt.DASH.equals(text)) {
			return text;
		}
		int longest = 0;
		int run = 0;
		for (char c : text.toCharArray()) {
			run = (c == '`') ? run + 1 : 0;
			longest = Math.max(longest, run);
		}
		String fence = "`".repeat(longest + 1);
		String pad = (text.startsWith("`") || text.endsWith("`")) ? " " : "";
		return fence + pad + text + pad + fence;
	}

}
