package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the report of the {@code logback} matrix from the runner's raw CSV and run-info:
 * {@code http-logback.md} and its two charts, with a copy of both inputs next to them. A
 * human-written {@code http-logback-notes.md} there is included verbatim.
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

	public static void main(String[] args) throws IOException {
		if (args.length != 3) {
			System.err.println("usage: LogbackReport RAW_CSV RUN_INFO REPORT_DIR");
			System.exit(2);
			return;
		}
		write(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
		System.out.println("Wrote " + Path.of(args[2]).resolve(MARKDOWN));
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		List<RunRecord> records = RawCsvReader.read(rawCsv);
		RunInfo info = RunInfo.load(runInfo);
		LogbackRuns runs = LogbackRuns.of(records);
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
		Files.createDirectories(reportDir);
		LogbackChart.write(runs, records, info, reportDir);
		ReportFiles.copyRunFiles(rawCsv, runInfo, reportDir, RAW_CSV, RUN_INFO);
		String notesText = ReportFiles.notes(reportDir, NOTES);
		Files.writeString(reportDir.resolve(MARKDOWN),
				LogbackMarkdown.render(runs, LogbackTargets.evaluate(runs), info, notesText), StandardCharsets.UTF_8);
	}

}
