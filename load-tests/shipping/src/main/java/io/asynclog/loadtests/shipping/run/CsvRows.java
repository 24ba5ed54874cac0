package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.asynclog.loadtests.report.RunFiles;

/**
 * The rows the run appends: one per run to {@code --csv} (the columns: {@link #COLUMNS}), each
 * thread's CPU to {@code --threads}.
 *
 * @author asynclog
 */
final class CsvRows {

	static final List<String> COLUMNS = List.of("round", "position", "config", "lines", "warmup", "seconds",
			"lines_per_s", "caller_seconds", "caller_lines_per_s", "delivered", "checked", "check", "record_bytes",
			"cpu_caller_s", "cpu_background_s", "cpu_producer_s", "cpu_lane_s", "cpu_format_s", "cpu_gc_s", "cpu_jit_s", "cpu_other_s", "cpu_app_s",
			"cpu_broker_s", "wait_caller_s", "wait_background_s", "wait_producer_s", "machine_busy_s", "ring_capacity", "ring_samples", "ring_nearly_full_samples", "ring_max_used",
			"ring_used_at_caller_end", "load_before", "load_after");

	private CsvRows() {
	}

	static void writeThreads(Options options, Map<Long, ThreadCpu.Thread> before,
			Map<Long, ThreadCpu.Thread> after) throws IOException {
		if (options.threads() == null) {
			return;
		}
		Map<String, Double> byName = new TreeMap<>();
		after.forEach((tid, thread) -> byName.merge(thread.comm(),
				thread.cpuSecondsSince(before.get(tid), options.clockTicks()), Double::sum));
		StringBuilder out = new StringBuilder();
		byName.forEach((comm, seconds) -> {
			if (seconds > 0) {
				out.append(String.join(",", String.valueOf(options.round()), options.config(), comm.replace(',', ' '),
						CpuAccounting.group(comm), String.valueOf(seconds))).append('\n');
			}
		});
		RunFiles.appendRows(options.threads(), "round,config,thread,group,cpu_s", out.toString());
	}

	static boolean write(Options options, Map<String, Object> row) throws IOException {
		row.putAll(Map.of("round", options.round(), "position", options.position(), "config", options.config(), "lines",
				options.lines(), "warmup", options.warmup()));
		String line = String.join(",", COLUMNS.stream().map((column) -> cell(row.get(column))).toList());
		RunFiles.appendRows(options.csv(), String.join(",", COLUMNS), line + "\n");
		System.out.println("RESULT " + line);
		return !Boolean.FALSE.equals(row.get("checked"));
	}

	/** A CSV cell: doubles to at most four decimals, commas in text turned into semicolons. */
	static String cell(Object value) {
		if (value == null) {
			return "";
		}
		if (value instanceof Double number) {
			return new BigDecimal(number).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
		}
		return value.toString().replace(',', ';');
	}

}
