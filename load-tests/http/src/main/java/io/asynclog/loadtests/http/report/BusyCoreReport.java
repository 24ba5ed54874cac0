package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes the report of the {@code busy-core} matrix from the runner's raw CSV and run-info:
 * {@code http-busy-core.md} and its two charts, with a copy of both inputs next to them. The page
 * links to the hand-written {@code http-busy-core-notes.md} there.
 *
 * <p>Usage from the command line: {@code BusyCoreReport RAW_CSV RUN_INFO REPORT_DIR}.
 *
 * @author asynclog
 */
public final class BusyCoreReport {

	public static final String MARKDOWN = "http-busy-core.md";

	public static final String RAW_CSV = "http-busy-core-raw-runs.csv";

	public static final String RUN_INFO = "http-busy-core-run-info.properties";

	public static final String NOTES = "http-busy-core-notes.md";

	private BusyCoreReport() {
	}

	static final ReportFiles.Page PAGE = new ReportFiles.Page("BusyCoreReport", MARKDOWN, RAW_CSV, RUN_INFO, NOTES);

	public static void main(String[] args) throws IOException {
		ReportFiles.main(args, PAGE, BusyCoreReport::write);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		ReportFiles.writePage(rawCsv, runInfo, reportDir, PAGE, (records, info, dir) -> {
			RoundRuns runs = BusyCoreRuns.of(records);
			BusyCoreChart.write(runs, info, dir);
			return BusyCoreMarkdown.render(runs, BusyCoreTargets.evaluate(runs), info, dir);
		});
	}

}
