package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.asynclog.loadtests.http.RunConfig;

/**
 * Renders {@code http-busy-core.md}: the targets, then one table per sink and placement (TPS
 * with its spread over the rounds, the per-round ratio to sync, p99, line order, ring use and the
 * app's CPU per request split by thread group), and the ring sizes when those rows ran.
 *
 * @author asynclog
 */
final class BusyCoreMarkdown {

	private static final String HEADER = "| configuration | TPS median (min–max) | × sync, per round (min–max) | p99 ms"
			+ " | lines out of order, worst run | max jump back ms, worst run | peak ring used (slots)"
			+ " | CPU µs/request: request threads | background threads | other threads | lines |\n"
			+ "|---|---|---|---|---|---|---|---|---|---|---|\n";

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
		md.append("- × sync: each run's TPS over its sync twin's of the same round (same sink, placement and lines),"
				+ " median and min–max of those ratios. Lines out of order: request lines older than a line written"
				+ " before them in the same file, in percent of the run's lines; the jump back is by how much."
				+ " CPU per request: CPU time of each thread group over the measured window (`/proc/<pid>/task`),"
				+ " per successful request.\n\n");

		md.append("## Targets\n\n");
		md.append("| target | measured | result | by how much |\n|---|---|---|---|\n");
		for (BusyCoreTargets.Target target : targets) {
			String status = target.status().label();
			Fmt.tableRow(md, target.target(), target.figures(),
					(target.status() == TargetResult.Status.MET) ? status : "**" + status + "**", target.margin());
		}
		md.append('\n');

		List<BusyCoreRuns.Row> left = new ArrayList<>(runs.rows());
		section(md, "1. One busy core: Spring Boot's console", runs, left,
				(config) -> config.cores() == 1 && config.bootConsole() && config.ringSize() == 0 && !config.metersOff());
		section(md, "2. One busy core: one buffered rolling file", runs, left,
				(config) -> config.cores() == 1 && !config.bootConsole() && config.ringSize() == 0);
		section(md, "3. Two cores shared with the load: Spring Boot's console", runs, left,
				(config) -> config.cores() == 2 && config.ringSize() == 0);
		section(md, "4. Ring sizes: async-logger, Spring Boot's console, one busy core", runs, left,
				(config) -> config.ringSize() != 0);
		section(md, "5. Other configurations", runs, left, (config) -> true);

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

	/** A table of the rows that match and are not in an earlier table; nothing when none match. */
	private static void section(StringBuilder md, String title, BusyCoreRuns runs, List<BusyCoreRuns.Row> left,
			Predicate<RunConfig> filter) {
		List<BusyCoreRuns.Row> rows = left.stream().filter((row) -> filter.test(row.config())).toList();
		if (rows.isEmpty()) {
			return;
		}
		left.removeAll(rows);
		md.append("## ").append(title).append("\n\n").append(HEADER);
		for (BusyCoreRuns.Row row : rows) {
			Fmt.tableRow(md, label(row.config()), Fmt.withSpread(row.tps()), Fmt.ratioWithSpread(row.ratioToSync()),
					Fmt.number(row.p99Ms().median()), Fmt.percent(row.outOfOrderPct()), Fmt.number(row.maxJumpBackMs()),
					Fmt.number(row.peakRingUsed()), Fmt.number(row.requestUs()), Fmt.number(row.backgroundUs()),
					Fmt.number(row.otherUs()), row.linesOk() ? "ok" : "**mismatch**");
		}
		md.append('\n');
	}

	/** The configuration without what its table says already. */
	static String label(RunConfig config) {
		List<String> parts = new ArrayList<>();
		parts.add(config.csvMode());
		if (config.ringSize() != 0) {
			parts.add("ring " + config.ringSize());
		}
		if (config.metersOff()) {
			parts.add("meters off");
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
