package io.asynclog.loadtests.shipping;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.RunFiles;

/**
 * One run of a shipping script: one row of its raw CSV, by the header's column names. A
 * throughput row is one run of {@code run.ThroughputApp}, its CPU figures seconds over the
 * measured run; a latency row is one {@link LatencyLoad} run.
 *
 * @param row the cells by column name
 * @author asynclog
 */
record ShippingRun(Map<String, String> row) {

	/** The throughput's CPU groups, in the order the report shows them. */
	static final List<String> CPU_GROUPS = List.of("caller", "background", "producer", "lane", "format", "gc", "jit",
			"other", "app", "broker");

	int round() {
		return (int) figure("round");
	}

	String config() {
		return this.row.get("config");
	}

	/** Whether the run was delivered and its sink checked (end offset, line count). */
	boolean checked() {
		return Boolean.parseBoolean(this.row.get("checked"));
	}

	double linesPerSecond() {
		return figure("lines_per_s");
	}

	/** A number column; NaN when it is missing or blank (a failed run has no figures). */
	double figure(String column) {
		String value = this.row.get(column);
		return (value == null || value.isBlank()) ? Double.NaN : Double.parseDouble(value);
	}

	/** A column that must be there (the latency CSV's). */
	String cell(String column) {
		return Optional.ofNullable(this.row.get(column))
			.orElseThrow(() -> new IllegalArgumentException("no column " + column));
	}

	/** CPU seconds of a group divided by the run's seconds: how many cores it kept busy. */
	double cores(String group) {
		return figure("cpu_" + group + "_s") / figure("seconds");
	}

	/** The share of the run a group's threads waited for a CPU (1 = one thread waiting all the time). */
	double waiting(String group) {
		return figure("wait_" + group + "_s") / figure("seconds");
	}

	/** How many of the machine's cores were busy, every process included. */
	double machineCores() {
		return figure("machine_busy_s") / figure("seconds");
	}

	double microsPerLine(String group) {
		return figure("cpu_" + group + "_s") * 1e6 / figure("lines");
	}

	/** The share of the ring reads that found it at least 90% full, in percent. */
	double ringNearlyFullPercent() {
		double samples = figure("ring_samples");
		return (samples > 0) ? 100.0 * figure("ring_nearly_full_samples") / samples : Double.NaN;
	}

	/** The runs of a raw CSV; blank lines are skipped. */
	static List<ShippingRun> read(List<String> lines) {
		return RunFiles.csvRows(lines).stream().map(ShippingRun::new).toList();
	}

	/**
	 * Reads the runs a script wrote to its output directory ({@code PAGE-raw.csv}), after copying
	 * that CSV and the run info beside the page as {@code PAGE-raw.csv} and {@code PAGE-run-info.properties}.
	 */
	static List<ShippingRun> readAndCopy(Path out, String page, Path reportDir) throws IOException {
		Files.createDirectories(reportDir);
		RunFiles.copy(out.resolve(page + "-raw.csv"), out.resolve("run-info.properties"), reportDir, page + "-raw.csv",
				page + "-run-info.properties");
		return read(Files.readAllLines(out.resolve(page + "-raw.csv")));
	}

	/** When, how long and on what a run was made, from its run info, in one line. */
	static String runLine(Properties info) {
		return String.format("%s, %s rounds, %s minutes; %s, %s cores, %s, %s; JDK %s; app JVM %s",
				Stream.of("started", "rounds", "minutes", "cpu", "cores", "memory", "os", "jdk", "app.jvm")
					.map((key) -> info.getProperty(key, "–"))
					.toArray());
	}

}
