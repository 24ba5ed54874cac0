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

	/**
	 * Reads a raw CSV.
	 * @param csv the file
	 * @return one record per row
	 * @throws IOException if it cannot be read or a column or number is wrong
	 */
	public static List<RunRecord> read(Path csv) throws IOException {
		return parse(Files.readAllLines(csv, StandardCharsets.UTF_8), csv.toString());
	}

	static List<RunRecord> parse(List<String> lines, String source) throws IOException {
		int headerLine = 0;
		while (headerLine < lines.size() && lines.get(headerLine).isBlank()) {
			headerLine++;
		}
		if (headerLine == lines.size()) {
			throw new IOException(source + ": empty file, expected a header line");
		}
		String header = lines.get(headerLine);
		if (header.startsWith("\uFEFF")) {
			header = header.substring(1);
		}
		Map<String, Integer> index = new HashMap<>();
		List<String> names = split(header);
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
			records.add(new Row(cells, index, source, i + 1).toRecord());
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
			if (quoted) {
				if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
					cell.append('"');
					i++;
				}
				else if (c == '"') {
					quoted = false;
				}
				else {
					cell.append(c);
				}
			}
			else if (c == '"') {
				quoted = true;
			}
			else if (c == ',') {
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

	private record Row(List<String> cells, Map<String, Integer> index, String source, int line) {

		RunRecord toRecord() throws IOException {
			String model = text("model");
			if (!model.equalsIgnoreCase(RunRecord.CLOSED) && !model.equalsIgnoreCase(RunRecord.OPEN)) {
				throw new IOException(this.source + " line " + this.line + ": model is neither closed nor open: '"
						+ model + "'");
			}
			return new RunRecord(text("config"), text("mode"), integer("appenders"), bool("immediate_flush"),
					optional("pattern"), text("model"), integer("users"), number("rate"), repeat(), number("duration_s"),
					number("requests_ok"), number("requests_ko"), number("tps"), number("mean_ms"), number("p50_ms"),
					number("p95_ms"), number("p99_ms"), number("max_ms"), number("app_cpu_pct"), number("app_rss_mb"),
					number("app_threads"), number("app_write_syscalls_per_s"), number("app_write_bytes_per_s"),
					number("app_wchar_bytes_per_s"), number("gatling_cpu_pct"), number("lines_expected"),
					number("lines_found"), Boolean.TRUE.equals(bool("lines_ok")), optionalNumber("queue_peak"),
					optionalNumber("queue_dropped"), optionalNumber("p999_ms"), optionalNumber("out_of_order_lines"),
					optionalNumber("max_jump_back_ms"), optionalNumber("peak_ring_used"), optionalNumber("cpu_request_s"),
					optionalNumber("cpu_logging_bg_s"), optionalNumber("cpu_other_s"), optionalNumber("cpu_gc_s"),
					optionalNumber("cpu_jit_s"), optionalNumber("alloc_bytes"), optionalNumber("pinned_events"),
					optionalNumber("pinned_in_asynclog"));
		}

		/** A column older runners did not write: NaN when absent. */
		double optionalNumber(String column) throws IOException {
			return this.index.containsKey(column) ? number(column) : Double.NaN;
		}

		String text(String column) {
			return this.cells.get(this.index.get(column)).strip();
		}

		String optional(String column) {
			String value = text(column);
			return value.isEmpty() ? null : value;
		}

		double number(String column) throws IOException {
			String value = text(column);
			if (value.isEmpty() || value.equals("-") || value.equals("\u2013") || value.equalsIgnoreCase("nan")) {
				return Double.NaN;
			}
			try {
				return Double.parseDouble(value);
			}
			catch (NumberFormatException ex) {
				throw new IOException(this.source + " line " + this.line + ": " + column + " is not a number: '"
						+ value + "'", ex);
			}
		}

		Integer integer(String column) throws IOException {
			double value = number(column);
			return Double.isNaN(value) ? null : (int) Math.round(value);
		}

		int repeat() throws IOException {
			Integer repeat = integer("repeat");
			return (repeat != null) ? repeat : 0;
		}

		Boolean bool(String column) throws IOException {
			String value = text(column).toLowerCase(Locale.ROOT);
			return switch (value) {
				case "" -> null;
				case "true", "yes", "1" -> Boolean.TRUE;
				case "false", "no", "0" -> Boolean.FALSE;
				default -> throw new IOException(
						this.source + " line " + this.line + ": " + column + " is not true or false: '" + value + "'");
			};
		}

	}

}
