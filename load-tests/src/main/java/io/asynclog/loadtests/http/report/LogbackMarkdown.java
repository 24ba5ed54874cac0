package io.asynclog.loadtests.http.report;

import java.util.List;

import io.asynclog.loadtests.http.RunConfig;

/**
 * Renders {@code http-logback.md}: the targets, the table of the four Logback configurations (TPS
 * with its spread over the rounds, the per-round ratios to sync and to Logback's
 * {@code AsyncAppender}, p99, lines lost, line order, queue use, CPU per request by thread group),
 * the charts and the notes.
 *
 * @author asynclog
 */
final class LogbackMarkdown {

	private static final String HEADER = "| configuration | TPS median (min–max) | × sync, per round (min–max)"
			+ " | × AsyncAppender, per round (min–max) | p99 ms | lines lost, median (min–max) | lost, % of lines"
			+ " | lines out of order, worst run | max jump back ms | peak queue used (slots) | dropped, counted"
			+ " | CPU µs/request: request threads | background threads | other threads | line check |\n"
			+ "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

	private LogbackMarkdown() {
	}

	static String render(LogbackRuns runs, List<BusyCoreTargets.Target> targets, RunInfo info, String notes) {
		StringBuilder md = new StringBuilder();
		LogbackReport.PAGE.head(md, "HTTP comparison on Logback: sync, Logback's AsyncAppender and asynclog", info);
		md.append("- Demo app: `").append(info.get("app.logback_jar")).append("` (Spring Boot 4.1 on Logback, its"
				+ " default: the starter next to Boot's web and actuator starters, no exclusions), `-Xms512m -Xmx512m`,"
				+ " Tomcat with 10 threads, `GET /log?lines=20` logging twenty 108-byte INFO lines.\n");
		LogbackReport.PAGE.rounds(md, info);
		md.append("- Placement: the app and Gatling share both cores (`cores=2`, `taskset -c 0,1`); the runner"
				+ " itself sits on CPU 1.\n");
		md.append("- Sink: Spring Boot's console only (`sink=boot-console`), Boot's default pattern, its standard"
				+ " output sent to a file the runner reads at full speed.\n");
		md.append("- Rows: **sync**, Boot's own Logback console appender, asynclog `mode: sync` (a write per line);"
				+ " **Logback AsyncAppender**, Boot's console behind `ch.qos.logback.classic.AsyncAppender` with the"
				+ " Logback documentation's defaults (queue 256, discarding threshold unset: TRACE, DEBUG and INFO"
				+ " dropped once 80% of the queue is taken), from `logback-async-appender-spring.xml` selected by the"
				+ " demo app's `logback-async-appender` profile, asynclog in sync mode so it adds no queue;"
				+ " **async-logger**, asynclog's ring on Logback with default settings (Boot's console flushed at"
				+ " the end of each batch); **async-logger, discard**, the same ring with `queue-full-policy: discard`"
				+ " (a full ring drops INFO and below and counts each drop by level, where the AsyncAppender drops"
				+ " without counting); **logging-off**, the same jar not logging the request lines, the ceiling.\n");
		md.append("- Lines lost: request lines the app logged (`/log/count` × 20) minus those found in the console"
				+ " output, counted by the runner, since the AsyncAppender counts nothing (asynclog's endpoint shows its"
				+ " queue, not its drops). Every request line is INFO, so for the AsyncAppender they are INFO lines"
				+ " lost. \"dropped, counted\" is what the app's `/actuator/asynclog` counted.\n");
		md.append("- × sync, × AsyncAppender: each run's TPS over that configuration's run of the same round, median"
				+ " and min–max of those ratios. Lines out of order: request lines older than a line written before"
				+ " them, in percent of the lines written. CPU per request: CPU time of each thread group over the"
				+ " measured window, per successful request.\n\n");

		md.append("## Targets\n\n");
		md.append("Computed from the runs, not asserted.\n\n");
		BusyCoreMarkdown.targetsTable(md, targets);

		md.append("## Logback, Spring Boot's console, two shared cores, 20 lines a request\n\n").append(HEADER);
		for (LogbackRuns.Row row : runs.rows()) {
			Fmt.tableRow(md, label(row.config()), Fmt.withSpread(row.tps()), Fmt.ratioWithSpread(row.ratioToSync()),
					Fmt.ratioWithSpread(row.ratioToAsyncAppender()), Fmt.number(row.p99Ms().median()),
					Fmt.withSpread(row.linesLost()), Fmt.percent(row.lostPct().median()), Fmt.percent(row.outOfOrderPct()),
					Fmt.number(row.maxJumpBackMs()), Fmt.number(row.peakQueueUsed()), Fmt.number(row.queueDropped()),
					Fmt.number(row.requestUs()), Fmt.number(row.backgroundUs()), Fmt.number(row.otherUs()),
					lineCheck(row));
		}
		md.append('\n');

		md.append("![TPS per configuration](").append(LogbackChart.TPS).append(")\n\n");
		md.append("![Request lines lost per configuration](").append(LogbackChart.LOST).append(")\n\n");
		if (notes != null && !notes.isBlank()) {
			md.append("## Notes\n\n").append(notes.strip()).append("\n\n");
		}
		md.append("## Raw data\n\n");
		md.append("- `").append(LogbackReport.RAW_CSV).append("`: one row per run (the runner's columns; `lines_lost`"
				+ " and `backend` at the end).\n");
		md.append("- `").append(LogbackReport.RUN_INFO).append("`: machine, JDK, timings, command.\n");
		md.append("- Rebuild this page: `java -cp \"load-tests/target/classes:$(cat"
				+ " load-tests/target/http-comparison-cli/classpath.txt)\""
				+ " io.asynclog.loadtests.http.report.LogbackReport docs/results/").append(LogbackReport.RAW_CSV)
			.append(" docs/results/").append(LogbackReport.RUN_INFO).append(" docs/results`.\n");
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
	private static String lineCheck(LogbackRuns.Row row) {
		if (!row.linesOk()) {
			return "**failed**";
		}
		if (row.config().discard()) {
			return "ok, every drop counted";
		}
		return row.config().lossCounted() ? "ok, losses counted" : "ok, all written";
	}

}
