package io.asynclog.loadtests.http.report;

import java.nio.file.Path;
import java.util.List;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;

/**
 * Renders {@code http-logback.md}: the targets, the table of the four Logback configurations (TPS
 * with its spread over the rounds, the per-round ratios to sync and to Logback's
 * {@code AsyncAppender}, p99, lines lost, line order, queue use, CPU per request by thread group),
 * the charts and the notes.
 *
 * @author asynclog
 */
final class LogbackMarkdown {

	private static final String HEADER = "| configuration | TPS | × sync | × AsyncAppender | p99 ms | lines lost"
			+ " | lost % | out of order, worst run | jump back ms | peak queue | dropped, counted"
			+ " | CPU µs/request: request threads | background threads | other threads | line check |\n"
			+ "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

	private LogbackMarkdown() {
	}

	static String render(RoundRuns runs, List<Target> targets, RunInfo info, Path dir) {
		StringBuilder md = new StringBuilder();
		LogbackReport.PAGE.head(md, "HTTP comparison on Logback: sync, Logback's AsyncAppender and asynclog", info, dir);
		LogbackReport.PAGE.rounds(md, info);
		md.append("- App: `").append(info.get("app.logback_jar")).append("`, Spring Boot's console only, the app and"
				+ " Gatling sharing both cores (`cores=2`).\n\n");
		md.append("## Targets\n\n");
		Target.table(md, targets);

		md.append("## Logback, Spring Boot's console, two shared cores, 20 lines a request\n\n").append(HEADER);
		for (RoundRuns.Row row : runs.rows()) {
			Fmt.tableRow(md, label(row.config()), Fmt.withSpread(row.over(RunRecord::tps)),
					Fmt.ratioWithSpread(row.ratioTo(LogbackRuns.SYNC, RunRecord::tps)),
					Fmt.ratioWithSpread(row.ratioTo(LogbackRuns.ASYNC_APPENDER, RunRecord::tps)),
					Fmt.number(row.over(RunRecord::p99Ms).median()), Fmt.withSpread(row.over(LogbackRuns::lost)),
					Fmt.percent(row.over(LogbackRuns::lostPct).median()), Fmt.percent(row.worst(LogbackRuns::outOfOrderPct)),
					Fmt.number(row.worst(RunRecord::maxJumpBackMs)), Fmt.number(row.worst(RunRecord::peakRingUsed)),
					Fmt.number(row.worst(RunRecord::queueDropped)), Fmt.number(row.usPerRequest(RunRecord::cpuRequestS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuLoggingBgS)),
					Fmt.number(row.usPerRequest(RunRecord::cpuOtherS)), lineCheck(row));
		}
		md.append('\n');

		md.append("![TPS per configuration](").append(LogbackChart.TPS).append(")\n\n");
		md.append("![Request lines lost per configuration](").append(LogbackChart.LOST).append(")\n\n");
		return md.toString();
	}

	/** The row's name: what writes Boot's console. */
	static String label(RunConfig config) {
		String label = switch (config.csvMode()) {
			case "sync" -> "Logback sync (asynclog sync)";
			case RunConfig.LOGBACK_ASYNC_APPENDER -> "Logback AsyncAppender (queue 256)";
			case "async-logger" -> config.discard() ? "asynclog async-logger, discard" : "asynclog async-logger";
			case RunConfig.LOGGING_OFF -> "logging-off (ceiling)";
			default -> config.csvMode();
		};
		return (config.linesPerRequest() != 20) ? label + ", " + config.linesPerRequest() + " lines" : label;
	}

	/** A lossy configuration passes its check with lines missing: say so rather than a bare "ok". */
	private static String lineCheck(RoundRuns.Row row) {
		if (!LogbackRuns.linesOk(row)) {
			return "**failed**";
		}
		if (row.config().discard()) {
			return "ok, every drop counted";
		}
		return row.config().lossCounted() ? "ok, losses counted" : "ok, all written";
	}

}
