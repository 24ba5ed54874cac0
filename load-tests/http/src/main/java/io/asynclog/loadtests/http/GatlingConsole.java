package io.asynclog.loadtests.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the "Global Information" block that Gatling 3.15 prints to the console when it
 * generates its reports (since 3.13 there is no stats.json to read instead):
 *
 * <pre>
 * ---- Global Information ---------------------------------------|---Total---|-----OK----|----KO----
 * &gt; request count                                                |     9,492 |     9,492 |         -
 * &gt; response time 50th percentile (ms)                           |       200 |       200 |         -
 * &gt; mean throughput (rps)                                        |     1,356 |     1,356 |         -
 * </pre>
 *
 * Response times are those of the OK requests (the Total column when no request was OK);
 * throughput is the Total column. "-" means none.
 *
 * @author asynclog
 */
final class GatlingConsole {

	/**
	 * The figures of one run; KO requests are timeouts, errors and other statuses, p999 is NaN when
	 * Gatling was not asked for it, and the throughput is over Gatling's own run time.
	 */
	record Summary(long ok, long ko, double meanMs, double p50Ms, double p95Ms, double p99Ms, double p999Ms,
			double maxMs, double meanRps) {
	}

	private GatlingConsole() {
	}

	static Summary parse(List<String> lines) {
		int start = -1;
		for (int i = 0; i < lines.size(); i++) {
			start = lines.get(i).contains("---- Global Information") ? i : start;
		}
		if (start < 0) {
			throw new IllegalArgumentException("no '---- Global Information' block in Gatling's output");
		}
		// label -> Total, OK and KO cells
		Map<String, Double[]> rows = new LinkedHashMap<>();
		for (String text : lines.subList(start + 1, lines.size())) {
			String line = text.strip();
			if (line.startsWith("----") || line.startsWith("====")) {
				break;
			}
			String[] cells = line.startsWith(">") ? line.substring(1).split("\\|") : new String[0];
			if (cells.length >= 3) {
				rows.put(cells[0].strip().toLowerCase(Locale.ROOT), new Double[] { number(cells[1]), number(cells[2]),
						(cells.length > 3) ? number(cells[3]) : null });
			}
		}
		Double[] count = row(rows, "request count");
		if (count == null) {
			throw new IllegalArgumentException("no 'request count' row in Gatling's Global Information block");
		}
		double ok = (count[1] != null) ? count[1] : 0.0;
		double ko = (count[2] != null) ? count[2] : 0.0;
		if (Math.round(ok) + Math.round(ko) != Math.round(count[0])) {
			throw new IllegalArgumentException(
					"Gatling's request count: OK " + ok + " + KO " + ko + " is not the total " + count[0]);
		}
		Double[] throughput = row(rows, "mean throughput");
		throughput = (throughput != null) ? throughput : row(rows, "mean requests/sec");
		return new Summary(Math.round(ok), Math.round(ko), required(time(rows, "mean response time"), "mean response time"),
				required(time(rows, "50th percentile"), "50th percentile"),
				required(time(rows, "95th percentile"), "95th percentile"),
				required(time(rows, "99th percentile"), "99th percentile"),
				Objects.requireNonNullElse(time(rows, "99.9th percentile"), Double.NaN),
				required(time(rows, "max response time"), "max response time"),
				required((throughput != null) ? throughput[0] : null, "mean throughput"));
	}

	private static Double[] row(Map<String, Double[]> rows, String label) {
		return rows.entrySet().stream().filter((row) -> row.getKey().contains(label)).map(Map.Entry::getValue)
			.findFirst().orElse(null);
	}

	/** A response time: of the OK requests, or of them all when none was OK; null when there is none. */
	private static Double time(Map<String, Double[]> rows, String label) {
		Double[] cells = row(rows, label);
		return (cells == null) ? null : (cells[1] != null) ? cells[1] : cells[0];
	}

	private static double required(Double value, String row) {
		if (value == null) {
			throw new IllegalArgumentException("no '" + row
					+ "' value in Gatling's Global Information block (are the percentiles 50/75/95/99?)");
		}
		return value;
	}

	/** "9,492" or "1,356.5" as a number; "-" or blank as null. */
	static Double number(String cell) {
		String text = cell.strip().replace(",", "").replace("\u202f", "").replace("\u00a0", "");
		if (text.isEmpty() || text.equals("-")) {
			return null;
		}
		try {
			return Double.parseDouble(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a number in Gatling's output: '" + cell.strip() + "'");
		}
	}

}
