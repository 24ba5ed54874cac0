package io.asynclog.loadtests.http.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;

/**
 * Renders {@code http-busy-core.md}: the targets, then one table per backend, sink and placement
 * (the app's CPU per request first, with its per-round ratio to sync and its split by thread
 * group, allocation per request, then TPS with its spread and ratio, p99, line order and ring
 * use), and the ring sizes when those rows ran.
 *
 * @author asynclog
 */
final class BusyCoreMarkdown {

	/** The columns, defined in docs/load-tests.md: CPU per request, then its split by thread group, in µs. */
	private static final String HEADER = "| configuration | CPU µs/request | CPU × sync | request threads | logging"
			+ " threads | GC | JIT | other | KiB/request | TPS | TPS × sync | p99 ms | out of order, worst run"
			+ " | jump back ms, worst run | peak ring | lines |\n"
			+ "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

	private BusyCoreMarkdown() {
	}

	static String render(RoundRuns runs, List<Target> targets, RunInfo info, Path dir) {
		StringBuilder md = new StringBuilder();
		BusyCoreReport.PAGE.head(md, "HTTP comparison, part three: a busy core", info, dir);
		BusyCoreReport.PAGE.rounds(md, info);
		md.append("- Placement: ").append(info.pinning()).append("; `cores=2`: both CPUs for both.\n\n");
		md.append("## Targets\n\n");
		Target.table(md, targets);

		List<RoundRuns.Row> left = new ArrayList<>(runs.rows());
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
		return md.toString();
	}

	/** A table of the rows that match and are not in an earlier table; nothing when none match. */
	static int section(StringBuilder md, int number, String title, List<RoundRuns.Row> left,
			Predicate<RunConfig> filter) {
		List<RoundRuns.Row> rows = left.stream().filter((row) -> filter.test(row.config())).toList();
		if (rows.isEmpty()) {
			return number;
		}
		left.removeAll(rows);
		md.append("## ").append(number).append(". ").append(title).append("\n\n").append(HEADER);
		for (RoundRuns.Row row : rows) {
			Fmt.tableRow(md, label(row.config()), Fmt.withSpread(BusyCoreRuns.cpuUs(row)),
					Fmt.ratioWithSpread(BusyCoreRuns.cpuToSync(row)), Fmt.number(row.usPerRequest(RunRecord::cpuRequestS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuLoggingBgS)), Fmt.number(row.usPerRequest(RunRecord::cpuGcS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuJitS)), Fmt.number(row.usPerRequest(RunRecord::cpuOtherS)),
					Fmt.number(BusyCoreRuns.allocKb(row)), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratioWithSpread(BusyCoreRuns.tpsToSync(row)), Fmt.number(row.over(RunRecord::p99Ms).median()),
					Fmt.percent(row.worst(BusyCoreRuns::outOfOrderPct)), Fmt.number(row.worst(RunRecord::maxJumpBackMs)),
					Fmt.number(row.worst(RunRecord::peakRingUsed)), row.linesOk() ? "ok" : "**mismatch**");
		}
		md.append('\n');
		return number + 1;
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
