package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Reads the runner's raw CSV (one row per run) into {@link RunRecord}s. Columns are found by
 * name; a missing column or a malformed number is an {@link IOException} naming the line.
 *
 * @author asynclog
 */
public final class RawCsvReader {

	static final List<String> COLUMNS = List.of("config", "mode", "appenders", "immediate_flush", "pattern", "model",
			"users", "rate", "repeat", "duration_s", "requests_ok", "requests_ko", "tps", "mean_ms", "p50_ms", "p95_ms",
			"p99_ms", "max_ms", "app_cpu_pct", "app_rss_mb", "app_threads", "app_write_syscalls_per_s",
			"app_write_bytes_per_s", "app_wchar_bytes_per_s", "gatling_cpu_pct", "lines_expected", "lines_found",
			"lines_ok");

	private RawCsvReader() {
	}

	public static List<RunRecord> read(Path csv) throws IOException {
		return parse(Files.readAllLines(csv, StandardCharsets.UTF_8), csv.toString());
	}

	static List<RunRecord> parse(List<String> lines, String source) throws IOException {
		int headerLine = IntStream.range(0, lines.size()).filter((i) -> !lines.get(i).isBlank()).findFirst().orElse(-1);
		if (headerLine < 0) {
			throw new IOException(source + ": empty file, expected a header line");
		}
		List<String> names = split(lines.get(headerLine).replaceFirst("^\uFEFF", ""));
		Map<String, Integer> index = new HashMap<>();
		for (int i = 0; i < names.size(); i++) {
			index.put(names.get(i).strip().toLowerCase(Locale.ROOT), i);
		}
		List<String> missing = COLUMNS.stream().filter((name) -> !index.containsKey(name)).toList();
		if (!missing.isEmpty()) {
			throw new IOException(source + ": the header lacks the columns " + missing);
		}
		List<RunRecord> records = new ArrayList<>();
		for (int i = headerLine + 1; i < lines.size(); i++) {
			if (lines.get(i).isBlank()) {
				continue;
			}
			List<String> cells = split(lines.get(i));
			if (cells.size() != names.size()) {
				throw new IOException(source + " line " + (i + 1) + ": " + cells.size() + " cells, the header has "
						+ names.size());
			}
			records.add(new Row(cells, index, source + " line " + (i + 1)).toRecord());
		}
		return records;
	}

	/** Splits one CSV line; double quotes protect commas, and {@code ""} inside quotes is one quote. */
	static List<String> split(String line) {
		List<String> cells = new ArrayList<>();
		StringBuilder cell = new StringBuilder();
		boolean quoted = false;
		for (int i = 0; i < line.length(); i++) {
			char c = line.charAt(i);
			if (c == '"' && quoted && i + 1 < line.length() && line.charAt(i + 1) == '"') {
				cell.append('"');
				i++;
			}
			else if (c == '"') {
				quoted = !quoted;
			}
			else if (c == ',' && !quoted) {
				cells.add(cell.toString());
				cell.setLength(0);
			}
			else {
				cell.append(c);
			}
		}
		cells.add(cell.toString());
		return cells;
	}

	/** One line's cells; a column older runners did not write reads as NaN. */
	private record Row(List<String> cells, Map<String, Integer> index, String where) {

		RunRecord toRecord() throws IOException {
			String model = text("model");
			if (!model.equalsIgnoreCase(RunRecord.CLOSED) && !model.equalsIgnoreCase(RunRecord.OPEN)) {
				throw new IOException(this.where + ": model is neither closed nor open: '" + model + "'");
			}
			return new RunRecord(text("config"), text("mode"), integer("appenders"), bool("immediate_flush"),
					text("pattern").isEmpty() ? null : text("pattern"), model, integer("users"), number("rate"),
					(int) Math.round(number("repeat")), number("duration_s"), number("requests_ok"),
					number("requests_ko"), number("tps"), number("mean_ms"), number("p50_ms"), number("p95_ms"),
					number("p99_ms"), number("max_ms"), number("app_cpu_pct"), number("app_rss_mb"),
					number("app_threads"), number("app_write_syscalls_per_s"), number("app_write_bytes_per_s"),
					number("app_wchar_bytes_per_s"), number("gatling_cpu_pct"), number("lines_expected"),
					number("lines_found"), Boolean.TRUE.equals(bool("lines_ok")), number("queue_peak"),
					number("queue_dropped"), number("p999_ms"), number("out_of_order_lines"),
					number("max_jump_back_ms"), number("peak_ring_used"), number("cpu_request_s"),
					number("cpu_logging_bg_s"), number("cpu_other_s"), number("cpu_gc_s"), number("cpu_jit_s"),
					number("alloc_bytes"), number("pinned_events"), number("pinned_in_asynclog"));
		}

		String text(String column) {
			return this.cells.get(this.index.get(column)).strip();
		}

		double number(String column) throws IOException {
			String value = this.index.containsKey(column) ? text(column) : "";
			if (value.isEmpty() || value.equals("-") || value.equals("\u2013") || value.equalsIgnoreCase("nan")) {
				return Double.NaN;
			}
			try {
				return Double.parseDouble(value);
			}
			catch (NumberFormatException ex) {
				throw new IOException(this.where + ": " + column + " is not a number: '" + value + "'", ex);
			}
		}

		Integer integer(String column) throws IOException {
			double value = number(column);
			return Double.isNaN(value) ? null : (int) Math.round(value);
		}

		Boolean bool(String column) throws IOException {
			String value = text(column).toLowerCase(Locale.ROOT);
			return switch (value) {
				case "" -> null;
				case "true", "yes", "1" -> Boolean.TRUE;
				case "false", "no", "0" -> Boolean.FALSE;
				default -> throw new IOException(this.where + ": " + column + " is not true or false: '" + value + "'");
			};
		}

	}

}
