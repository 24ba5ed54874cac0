package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

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
		for (RoundRuns.Row row : comparison.closed()) {
			csv.append(cells(row).stream().map(SummaryCsvWriter::quote).collect(Collectors.joining(","))).append('\n');
		}
		return csv.toString();
	}

	static List<String> cells(RoundRuns.Row row) {
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
		return cells;
	}

	private static double median(RoundRuns.Row row, ToDoubleFunction<RunRecord> metric) {
		return row.over(metric).median();
	}

	static String quote(String cell) {
		if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
			return "\"" + cell.replace("\"", "\"\"") + "\"";
		}
		return cell;
	}

}
