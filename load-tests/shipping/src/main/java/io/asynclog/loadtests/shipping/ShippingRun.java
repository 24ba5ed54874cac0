package io.asynclog.loadtests.shipping;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One row of the shipping throughput's raw CSV: one application run of one configuration in one
 * round, as {@code io.asynclog.loadtests.shipping.run.ThroughputApp} (module load-tests/shipping)
 * wrote it. CPU figures are seconds of CPU over the measured run; a figure that is missing reads
 * as NaN.
 *
 * @param round the round (1..)
 * @param position the run's place in its round (1..)
 * @param config {@code kafka}, {@code kafka-ecs} or {@code file}
 * @param lines measured lines
 * @param warmup lines delivered before the clock started
 * @param seconds from the first measured call until the last line was delivered
 * @param linesPerSecond {@code lines / seconds}
 * @param callerLinesPerSecond lines per second of the caller's own calls (until the last call returned)
 * @param checked whether the run was delivered and its sink checked (end offset, line count)
 * @param check what the check found
 * @param recordBytes bytes of one record (the last one) or one file line
 * @param cpu CPU seconds by group: caller, background, producer, gc, jit, other, app, broker
 * @param cpuWait seconds spent runnable but waiting for a CPU, by group: caller, background, producer
 * @param machineBusy CPU seconds of the whole machine (every process) over the run
 * @param ringCapacity slots of the async-logger ring
 * @param ringSamples reads of the ring while the caller logged
 * @param ringNearlyFullSamples reads that found it at least 90% full
 * @param ringUsedAtCallerEnd events still in the ring when the caller's last call returned
 * @param loadBefore load average when the clock started
 * @param loadAfter load average when the run ended
 * @author asynclog
 */
record ShippingRun(int round, int position, String config, long lines, long warmup, double seconds,
		double linesPerSecond, double callerLinesPerSecond, boolean checked, String check, double recordBytes,
		Map<String, Double> cpu, Map<String, Double> cpuWait, double machineBusy, double ringCapacity, double ringSamples, double ringNearlyFullSamples,
		double ringUsedAtCallerEnd, String loadBefore, String loadAfter) {

	/** The CPU groups, in the order the report shows them. */
	static final List<String> CPU_GROUPS = List.of("caller", "background", "producer", "lane", "format", "gc", "jit", "other",
			"app", "broker");

	/** The groups whose wait for a CPU is measured. */
	static final List<String> WAIT_GROUPS = List.of("caller", "background", "producer");

	/** CPU seconds of a group divided by the run's seconds: how many cores it kept busy. */
	double cores(String group) {
		return this.cpu.getOrDefault(group, Double.NaN) / this.seconds;
	}

	/** The share of the run a group's threads waited for a CPU (1 = one thread waiting all the time). */
	double waiting(String group) {
		return this.cpuWait.getOrDefault(group, Double.NaN) / this.seconds;
	}

	/** How many of the machine's cores were busy, every process included. */
	double machineCores() {
		return this.machineBusy / this.seconds;
	}

	/** CPU microseconds of a group per measured line. */
	double microsPerLine(String group) {
		return this.cpu.getOrDefault(group, Double.NaN) * 1e6 / this.lines;
	}

	/** The share of the ring reads that found it at least 90% full, in percent. */
	double ringNearlyFullPercent() {
		return (this.ringSamples > 0) ? 100.0 * this.ringNearlyFullSamples / this.ringSamples : Double.NaN;
	}

	/** Reads the raw CSV, by its header's column names. */
	static List<ShippingRun> read(Path csv) throws IOException {
		return rows(Files.readAllLines(csv, StandardCharsets.UTF_8)).stream().map(ShippingRun::of).toList();
	}

	/**
	 * The rows of a raw CSV (this one or the latency runs'), each by its header's column names;
	 * blank lines are skipped.
	 */
	static List<Map<String, String>> rows(List<String> lines) {
		if (lines.isEmpty()) {
			throw new IllegalArgumentException("empty CSV");
		}
		String[] header = lines.get(0).split(",", -1);
		List<Map<String, String>> rows = new ArrayList<>();
		for (String line : lines.subList(1, lines.size())) {
			if (line.isBlank()) {
				continue;
			}
			String[] cells = line.split(",", -1);
			if (cells.length != header.length) {
				throw new IllegalArgumentException(cells.length + " cells where the header has " + header.length + ": "
						+ line);
			}
			Map<String, String> row = new HashMap<>();
			for (int i = 0; i < header.length; i++) {
				row.put(header[i], cells[i]);
			}
			rows.add(row);
		}
		return rows;
	}

	/** Reads a script's {@code run-info.properties}. */
	static Properties runInfo(Path out) throws IOException {
		Properties info = new Properties();
		try (Reader reader = Files.newBufferedReader(out.resolve("run-info.properties"), StandardCharsets.UTF_8)) {
			info.load(reader);
		}
		return info;
	}

	/** When, how long and on what a run was made, from its run info, in one line. */
	static String runLine(Properties info) {
		return info.getProperty("started", "–") + ", " + info.getProperty("rounds", "–") + " rounds, "
				+ info.getProperty("minutes", "–") + " minutes; " + info.getProperty("cpu", "–") + ", "
				+ info.getProperty("cores", "–") + " cores, " + info.getProperty("memory", "–") + ", "
				+ info.getProperty("os", "–") + "; JDK " + info.getProperty("jdk", "–")
				+ "; app JVM " + info.getProperty("app.jvm", "–");
	}

	private static ShippingRun of(Map<String, String> row) {
		Map<String, Double> cpu = new HashMap<>();
		for (String group : CPU_GROUPS) {
			cpu.put(group, number(row, "cpu_" + group + "_s"));
		}
		Map<String, Double> wait = new HashMap<>();
		for (String group : WAIT_GROUPS) {
			wait.put(group, number(row, "wait_" + group + "_s"));
		}
		return new ShippingRun((int) number(row, "round"), (int) number(row, "position"), row.get("config"),
				(long) number(row, "lines"), (long) number(row, "warmup"), number(row, "seconds"),
				number(row, "lines_per_s"), number(row, "caller_lines_per_s"), Boolean.parseBoolean(row.get("checked")),
				row.getOrDefault("check", ""), number(row, "record_bytes"), cpu, wait, number(row, "machine_busy_s"),
				number(row, "ring_capacity"),
				number(row, "ring_samples"), number(row, "ring_nearly_full_samples"), number(row, "ring_used_at_caller_end"),
				row.getOrDefault("load_before", ""), row.getOrDefault("load_after", ""));
	}

	private static double number(Map<String, String> row, String column) {
		String value = row.get(column);
		return (value == null || value.isBlank()) ? Double.NaN : Double.parseDouble(value);
	}

}
