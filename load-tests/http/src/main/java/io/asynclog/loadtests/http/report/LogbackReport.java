package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes the report of the {@code logback} matrix from the runner's raw CSV and run-info:
 * {@code http-logback.md} and its two charts, with a copy of both inputs next to them. The page
 * links to the hand-written {@code http-logback-notes.md} there.
 *
 * <p>Usage from the command line: {@code LogbackReport RAW_CSV RUN_INFO REPORT_DIR}.
 *
 * @author asynclog
 */
public final class LogbackReport {

	public static final String MARKDOWN = "http-logback.md";

	public static final String RAW_CSV = "http-logback-raw-runs.csv";

	public static final String RUN_INFO = "http-logback-run-info.properties";

	public static final String NOTES = "http-logback-notes.md";

	private LogbackReport() {
	}

	static final ReportFiles.Page PAGE = new ReportFiles.Page("LogbackReport", MARKDOWN, RAW_CSV, RUN_INFO, NOTES);

	public static void main(String[] args) throws IOException {
		ReportFiles.main(args, PAGE, LogbackReport::write);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		ReportFiles.writePage(rawCsv, runInfo, reportDir, PAGE, (records, info, dir) -> {
			RoundRuns runs = LogbackRuns.of(records);
			LogbackChart.write(runs, info, dir);
			return LogbackMarkdown.render(runs, LogbackTargets.evaluate(runs), info, dir);
		});
	}

}
