package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the HTTP comparison report from the runner's raw CSV and run-info: the markdown
 * {@code http-comparison.md}, the summary {@code http-comparison.csv} and four PNG charts. A
 * human-written {@code http-comparison-notes.md} in the report directory is included verbatim.
 *
 * <p>Usage from the command line: {@code HttpComparisonReport RAW_CSV RUN_INFO REPORT_DIR}.
 *
 * @author asynclog
 */
public final class HttpComparisonReport {

	public static final String MARKDOWN = "http-comparison.md";

	public static final String SUMMARY_CSV = "http-comparison.csv";

	public static final String NOTES = "http-comparison-notes.md";

	private HttpComparisonReport() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 3) {
			System.err.println("usage: HttpComparisonReport RAW_CSV RUN_INFO REPORT_DIR");
			System.exit(2);
			return;
		}
		write(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
		System.out.println("Wrote " + Path.of(args[2]).resolve(MARKDOWN));
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
		List<RunRecord> runs = RawCsvReader.read(rawCsv);
		RunInfo info = RunInfo.load(runInfo);
		Comparison comparison = Aggregator.aggregate(runs);
		List<TargetResult> targets = Targets.evaluate(comparison);

		Files.createDirectories(reportDir);
		ComparisonCharts.write(comparison, info, reportDir);
		Files.writeString(reportDir.resolve(SUMMARY_CSV), SummaryCsvWriter.render(comparison), StandardCharsets.UTF_8);
		Path notes = reportDir.resolve(NOTES);
		String notesText = Files.isRegularFile(notes) ? Files.readString(notes, StandardCharsets.UTF_8) : null;
		Files.writeString(reportDir.resolve(MARKDOWN),
				MarkdownReport.render(comparison, targets, info, ComparisonCharts.FILES, notesText),
				StandardCharsets.UTF_8);
	}

}
