package io.asynclog.loadtests.http;

import java.util.List;
import java.util.Locale;

/**
 * Reads the "Global Information" block that Gatling 3.15 prints to the console when it
 * generates its reports (since 3.13 there is no stats.json to read instead):
 *
 * <pre>
 * ---- Global Information ---------------------------------------|---Total---|-----OK----|----KO----
 * &gt; request count                                                |     9,492 |     9,492 |         -
 * &gt; max response time (ms)                                       |       916 |       916 |         -
 * &gt; mean response time (ms)                                      |       212 |       212 |         -
 * &gt; response time 50th percentile (ms)                           |       200 |       200 |         -
 * &gt; response time 95th percentile (ms)                           |       403 |       403 |         -
 * &gt; response time 99th percentile (ms)                           |       689 |       689 |         -
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
	 * The figures of one run.
	 * @param ok requests answered as expected
	 * @param ko requests that failed (timeouts, errors, other status)
	 * @param meanMs mean response time
	 * @param p50Ms 50th percentile
	 * @param p95Ms 95th percentile
	 * @param p99Ms 99th percentile
	 * @param p999Ms 99.9th percentile, NaN when Gatling was not asked for it
	 * @param maxMs largest response time
	 * @param meanRps Gatling's mean throughput (over its own run time)
	 */
	record Summary(long ok, long ko, double meanMs, double p50Ms, double p95Ms, double p99Ms, double p999Ms,
			double maxMs, double meanRps) {
	}

	private GatlingConsole() {
	}

	/** Parses Gatling's console output. */
	static Summary parse(List<String> lines) {
		int start = -1;
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).contains("---- Global Information")) {
				start = i;
			}
		}
		if (start < 0) {
			throw new IllegalArgumentException("no '---- Global Information' block in Gatling's output");
		}
		Double total = null;
		Double ok = null;
		Double ko = null;
		Double mean = null;
		Double p50 = null;
		Double p999 = null;
		Double p95 = null;
		Double p99 = null;
		Double max = null;
		Double rps = null;
		for (int i = start + 1; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.startsWith("----") || line.startsWith("====")) {
				break;
			}
			if (!line.startsWith(">")) {
				continue;
			}
			String[] cells = line.substring(1).split("\\|");
			if (cells.length < 3) {
				continue;
			}
			String label = cells[0].strip().toLowerCase(Locale.ROOT);
			Double totalCell = number(cells[1]);
			Double okCell = number(cells[2]);
			Double koCell = (cells.length > 3) ? number(cells[3]) : null;
			Double time = (okCell != null) ? okCell : totalCell;
			if (label.startsWith("request count")) {
				total = totalCell;
				ok = (okCell != null) ? okCell : 0.0;
				ko = (koCell != null) ? koCell : 0.0;
			}
			else if (label.startsWith("mean response time")) {
				mean = time;
			}
			else if (label.startsWith("max response time")) {
				max = time;
			}
			else if (label.contains("50th percentile")) {
				p50 = time;
			}
			else if (label.contains("99.9th percentile")) {
				p999 = time;
			}
			else if (label.contains("95th percentile")) {
				p95 = time;
			}
			else if (label.contains("99th percentile")) {
				p99 = time;
			}
			else if (label.startsWith("mean throughput") || label.startsWith("mean requests/sec")) {
				rps = totalCell;
			}
		}
		if (total == null) {
			throw new IllegalArgumentException("no 'request count' row in Gatling's Global Information block");
		}
		if (Math.round(ok) + Math.round(ko) != Math.round(total)) {
			throw new IllegalArgumentException(
					"Gatling's request count: OK " + ok + " + KO " + ko + " is not the total " + total);
		}
		return new Summary(Math.round(ok), Math.round(ko), required(mean, "mean response time"),
				required(p50, "50th percentile"), required(p95, "95th percentile"), required(p99, "99th percentile"),
				nan(p999), required(max, "max response time"),
				required(rps, "mean throughput"));
	}

	private static double required(Double value, String row) {
		if (value == null) {
			throw new IllegalArgumentException("no '" + row
					+ "' value in Gatling's Global Information block (are the percentiles 50/75/95/99?)");
		}
		return value;
	}

	private static double nan(Double value) {
		return (value != null) ? value : Double.NaN;
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
