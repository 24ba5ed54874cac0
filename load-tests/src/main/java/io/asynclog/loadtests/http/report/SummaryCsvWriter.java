package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders {@code http-comparison.csv}: one line per closed-model configuration in table order,
 * with medians, the min and max of TPS and p99, and the ratios. Unknown values are empty cells.
 *
 * @author asynclog
 */
final class SummaryCsvWriter {

	static final List<String> HEADER = List.of("config", "mode", "appenders", "immediate_flush", "pattern", "repeats",
			"tps_median", "tps_min", "tps_max", "mean_ms", "p50_ms", "p95_ms", "p99_ms_median", "p99_ms_min",
			"p99_ms_max", "max_ms", "app_cpu_pct", "app_rss_mb", "app_threads", "app_write_syscalls_per_s",
			"app_write_bytes_per_s", "app_write_mb_per_s", "app_wchar_bytes_per_s", "gatling_cpu_pct",
			"requests_ko_total", "lines_ok_repeats", "tps_ratio_sync", "tps_ratio_logging_off",
			"p99_ratio_logging_off");

	private SummaryCsvWriter() {
	}

	static String render(Comparison comparison) {
		StringBuilder csv = new StringBuilder(String.join(",", HEADER)).append('\n');
		for (ComparisonRow row : comparison.closed()) {
			csv.append(cells(row).stream().map(SummaryCsvWriter::quote).collect(Collectors.joining(","))).append('\n');
		}
		return csv.toString();
	}

	static List<String> cells(ComparisonRow row) {
		ConfigSummary s = row.summary();
		List<String> cells = new ArrayList<>();
		cells.add(s.config());
		cells.add(text(s.mode()));
		cells.add(text(s.appenders()));
		cells.add(text(s.immediateFlush()));
		cells.add(text(s.pattern()));
		cells.add(String.valueOf(s.repeats()));
		cells.add(Fmt.csv(s.tps().median()));
		cells.add(Fmt.csv(s.tps().min()));
		cells.add(Fmt.csv(s.tps().max()));
		cells.add(Fmt.csv(s.meanMs().median()));
		cells.add(Fmt.csv(s.p50Ms().median()));
		cells.add(Fmt.csv(s.p95Ms().median()));
		cells.add(Fmt.csv(s.p99Ms().median()));
		cells.add(Fmt.csv(s.p99Ms().min()));
		cells.add(Fmt.csv(s.p99Ms().max()));
		cells.add(Fmt.csv(s.maxMs().median()));
		cells.add(Fmt.csv(s.appCpuPct().median()));
		cells.add(Fmt.csv(s.appRssMb().median()));
		cells.add(Fmt.csv(s.appThreads().median()));
		cells.add(Fmt.csv(s.writesPerS().median()));
		cells.add(Fmt.csv(s.writeBytesPerS().median()));
		cells.add(Fmt.csv(Fmt.megabytes(s.writeBytesPerS().median())));
		cells.add(Fmt.csv(s.wcharBytesPerS().median()));
		cells.add(Fmt.csv(s.gatlingCpuPct().median()));
		cells.add(Fmt.csv(s.requestsKo()));
		cells.add(s.measured() ? String.valueOf(s.linesOkRepeats()) : "");
		cells.add(Fmt.csv(row.tpsVsSync()));
		cells.add(Fmt.csv(row.tpsVsLoggingOff()));
		cells.add(Fmt.csv(row.p99VsLoggingOff()));
		return cells;
	}

	private static String text(Object value) {
		return (value != null) ? value.toString() : "";
	}

	static String quote(String cell) {
		if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
			return "\"" + cell.replace("\"", "\"\"") + "\"";
		}
		return cell;
	}

}
