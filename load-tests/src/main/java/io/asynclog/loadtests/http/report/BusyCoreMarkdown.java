package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.asynclog.loadtests.http.RunConfig;

/**
 * Renders {@code http-busy-core.md}: the targets, then one table per backend, sink and placement
 * (the app's CPU per request first, with its per-round ratio to sync and its split by thread
 * group, allocation per request, then TPS with its spread and ratio, p99, line order and ring
 * use), and the ring sizes when those rows ran.
 *
 * @author asynclog
 */
final class BusyCoreMarkdown {

	private static final String HEADER = "| configuration | CPU µs/request, all threads: median (min–max)"
			+ " | CPU × sync, per round (min–max) | request threads | logging threads | GC | JIT | other"
			+ " | KiB allocated/request | TPS median (min–max) | TPS × sync, per round (min–max) | p99 ms"
			+ " | lines out of order, worst run | max jump back ms, worst run | peak ring used (slots) | lines |\n"
			+ "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

	private BusyCoreMarkdown() {
	}

	static String render(BusyCoreRuns runs, List<BusyCoreTargets.Target> targets, RunInfo info, String notes) {
		StringBuilder md = new StringBuilder();
		BusyCoreReport.PAGE.head(md, "HTTP comparison, part three: a busy core", info);
		BusyCoreReport.PAGE.rounds(md, info);
		md.append("- Placement: ").append(info.pinning()).append("; `cores=2` runs give the app and Gatling both CPUs"
				+ " (`taskset -c 0,1`).\n");
		md.append("- The demo app: a Spring Boot app that only adds the starter, Tomcat with 10 threads,"
				+ " `GET /log?lines=L` logging L 108-byte INFO lines. Spring Boot's console (`sink=boot-console`):"
				+ " no asynclog appender, Boot's Console appender with its default pattern and asynclog's default flush"
				+ " (after every line in sync mode, at the end of each batch in the async modes), its output sent to a file at full speed. The rolling file: one file, buffered (no flush after each"
				+ " line), the plain pattern.\n");
		md.append("- CPU per request, the first figure: the app's CPU time over the measured window, every thread"
				+ " counted (`/proc/<pid>/stat`), per successful request; then split by thread group"
				+ " (`/proc/<pid>/task/*/stat`, medians): request threads (Tomcat's), logging threads (the rings'"
				+ " and AsyncAppenders' threads, asynclog's monitor), GC (with the VM thread, where SerialGC collects on one CPU), JIT, the rest. Allocation: bytes the app's"
				+ " threads allocated over the window (`ThreadMXBean.getTotalThreadAllocatedBytes`), per request."
				+ " × sync: each run's figure over its sync twin's of the same round (same backend, sink, placement"
				+ " and lines), median and min–max of those ratios; under 1.0× is less CPU than sync, over 1.0× is"
				+ " more TPS. Lines out of order: request lines older than a line written before them in the same"
				+ " file, in percent of the run's lines; the jump back is by how much.\n\n");

		md.append("## Targets\n\n");
		targetsTable(md, targets);

		List<BusyCoreRuns.Row> left = new ArrayList<>(runs.rows());
		int number = 1;
		for (boolean logback : List.of(false, true)) {
			String backend = logback ? "Logback" : "Log4j2";
			Predicate<RunConfig> on = (config) -> config.logback() == logback;
			number = section(md, number, backend + ", one busy core: Spring Boot's console", left,
					on.and((config) -> config.cores() == 1 && config.bootConsole() && config.ringSize() == 0
							&& !config.metersOff()));
			number = section(md, number, backend + ", one busy core: one buffered rolling file", left,
					on.and((config) -> config.cores() == 1 && !config.bootConsole() && config.ringSize() == 0));
			number = section(md, number, backend + ", two cores shared with the load: Spring Boot's console", left,
					on.and((config) -> config.cores() == 2 && config.ringSize() == 0));
		}
		number = section(md, number, "Ring sizes: async-logger, Spring Boot's console, one busy core", left,
				(config) -> config.ringSize() != 0);
		section(md, number, "Other configurations", left, (config) -> true);

		md.append("![TPS per configuration](").append(BusyCoreChart.TPS).append(")\n\n");
		md.append("![CPU per request by thread group](").append(BusyCoreChart.CPU).append(")\n\n");
		if (notes != null && !notes.isBlank()) {
			md.append("## Notes\n\n").append(notes.strip()).append("\n\n");
		}
		md.append("## Raw data\n\n");
		md.append("- `").append(BusyCoreReport.RAW_CSV).append("`: one row per run (the runner's columns).\n");
		md.append("- `").append(BusyCoreReport.RUN_INFO).append("`: machine, JDK, timings, command.\n");
		return md.toString();
	}

	/**
	 * A table of the rows that match and are not in an earlier table; nothing when none match.
	 * @return the next section's number
	 */
	static int section(StringBuilder md, int number, String title, List<BusyCoreRuns.Row> left,
			Predicate<RunConfig> filter) {
		List<BusyCoreRuns.Row> rows = left.stream().filter((row) -> filter.test(row.config())).toList();
		if (rows.isEmpty()) {
			return number;
		}
		left.removeAll(rows);
		md.append("## ").append(number).append(". ").append(title).append("\n\n").append(HEADER);
		for (BusyCoreRuns.Row row : rows) {
			Fmt.tableRow(md, label(row.config()), Fmt.withSpread(row.cpuUs()), Fmt.ratioWithSpread(row.cpuRatioToSync()),
					Fmt.number(row.requestUs()), Fmt.number(row.backgroundUs()), Fmt.number(row.gcUs()),
					Fmt.number(row.jitUs()), Fmt.number(row.otherUs()), Fmt.number(row.allocKb()),
					Fmt.withSpread(row.tps()), Fmt.ratioWithSpread(row.ratioToSync()), Fmt.number(row.p99Ms().median()),
					Fmt.percent(row.outOfOrderPct()), Fmt.number(row.maxJumpBackMs()), Fmt.number(row.peakRingUsed()),
					row.linesOk() ? "ok" : "**mismatch**");
		}
		md.append('\n');
		return number + 1;
	}

	/**
	 * The targets as a table, each met or missed (in bold) and by how much.
	 * @param md where the table goes
	 * @param targets the computed targets
	 */
	static void targetsTable(StringBuilder md, List<BusyCoreTargets.Target> targets) {
		md.append("| target | measured | result | by how much |\n|---|---|---|---|\n");
		for (BusyCoreTargets.Target target : targets) {
			String status = target.status().label();
			Fmt.tableRow(md, target.target(), target.figures(),
					(target.status() == TargetResult.Status.MET) ? status : "**" + status + "**", target.margin());
		}
		md.append('\n');
	}

	/** The configuration without what its table says already. */
	static String label(RunConfig config) {
		List<String> parts = new ArrayList<>();
		parts.add(RunConfig.LOGBACK_ASYNC_APPENDER.equals(config.csvMode()) ? "Logback's AsyncAppender"
				: config.csvMode());
		if (config.ringSize() != 0) {
			parts.add("ring " + config.ringSize());
		}
		if (config.metersOff()) {
			parts.add("meters off");
		}
		if (!config.waitStrategy().isEmpty()) {
			parts.add("wait-strategy " + config.waitStrategy());
		}
		if (config.threadLocalsOff()) {
			parts.add("Log4j2 thread-locals off");
		}
		if (config.discard()) {
			parts.add("discard");
		}
		if (config.linesPerRequest() != 20) {
			parts.add(config.linesPerRequest() + " lines");
		}
		return String.join(", ", parts);
	}

}
