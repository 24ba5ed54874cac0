package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the HTTP comparison report from the runner's raw CSV and run-info: the markdown
 * {@code http-comparison.md}, the summary {@code http-comparison.csv} and four PNG charts, with a
 * copy of both inputs next to them. The page links to the hand-written
 * {@code http-comparison-notes.md} there.
 *
 * <p>Usage from the command line: {@code HttpComparisonReport RAW_CSV RUN_INFO REPORT_DIR}.
 *
 * @author asynclog
 */
public final class HttpComparisonReport {

	public static final String MARKDOWN = "http-comparison.md";

	public static final String SUMMARY_CSV = "http-comparison.csv";

	public static final String NOTES = "http-comparison-notes.md";

	static final ReportFiles.Page PAGE = new ReportFiles.Page("HttpComparisonReport", MARKDOWN,
			"http-comparison-raw-runs.csv", "http-comparison-run-info.properties", NOTES);

	private HttpComparisonReport() {
	}

	public static void main(String[] args) throws IOException {
		ReportFiles.main(args, PAGE, HttpComparisonReport::write);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		ReportFiles.writePage(rawCsv, runInfo, reportDir, PAGE, (runs, info, dir) -> {
			Comparison comparison = Comparison.of(runs);
			ComparisonCharts.write(comparison, info, dir);
			Files.writeString(dir.resolve(SUMMARY_CSV), SummaryCsvWriter.render(comparison), StandardCharsets.UTF_8);
			return MarkdownReport.render(comparison, Targets.evaluate(comparison), info, ComparisonCharts.FILES, dir);
		});
	}

}
