package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the report of the {@code busy-core} matrix from the runner's raw CSV and run-info:
 * {@code http-busy-core.md} and its two charts, with a copy of both inputs next to them. A
 * human-written {@code http-busy-core-notes.md} there is included verbatim.
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

	public static void main(String[] args) throws IOException {
		if (args.length != 3) {
			System.err.println("usage: BusyCoreReport RAW_CSV RUN_INFO REPORT_DIR");
			System.exit(2);
			return;
		}
		write(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
		System.out.println("Wrote " + Path.of(args[2]).resolve(MARKDOWN));
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		List<RunRecord> records = RawCsvReader.read(rawCsv);
		RunInfo info = RunInfo.load(runInfo);
		BusyCoreRuns runs = BusyCoreRuns.of(records);
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
		Files.createDirectories(reportDir);
		BusyCoreChart.write(runs, records, info, reportDir);
		ReportFiles.copyRunFiles(rawCsv, runInfo, reportDir, RAW_CSV, RUN_INFO);
		String notesText = ReportFiles.notes(reportDir, NOTES);
		Files.writeString(reportDir.resolve(MARKDOWN),
				BusyCoreMarkdown.render(runs, BusyCoreTargets.evaluate(runs), info, notesText), StandardCharsets.UTF_8);
	}

}
