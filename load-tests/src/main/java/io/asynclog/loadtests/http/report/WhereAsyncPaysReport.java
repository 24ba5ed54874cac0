package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the report of the {@code where-async-pays} matrix from the runner's raw CSV and
 * run-info: {@code http-where-async-pays.md} and the chart {@code http-where-async-pays-tps.png},
 * with a copy of both inputs next to them. The cost
 * model reads the JMH suite's {@code jmh-summary.csv} from the same directory, and a
 * human-written {@code http-where-async-pays-notes.md} there is included verbatim.
 *
 * <p>Usage from the command line: {@code WhereAsyncPaysReport RAW_CSV RUN_INFO REPORT_DIR}.
 *
 * @author asynclog
 */
public final class WhereAsyncPaysReport {

	public static final String MARKDOWN = "http-where-async-pays.md";

	public static final String RAW_CSV = "http-where-async-pays-raw-runs.csv";

	public static final String RUN_INFO = "http-where-async-pays-run-info.properties";

	public static final String NOTES = "http-where-async-pays-notes.md";

	private WhereAsyncPaysReport() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length != 3) {
			System.err.println("usage: WhereAsyncPaysReport RAW_CSV RUN_INFO REPORT_DIR");
			System.exit(2);
			return;
		}
		write(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]));
		System.out.println("Wrote " + Path.of(args[2]).resolve(MARKDOWN));
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		List<RunRecord> records = RawCsvReader.read(rawCsv);
		RunInfo info = RunInfo.load(runInfo);
		PaysRuns runs = PaysRuns.of(records);
		double duration = Double.parseDouble(info.durationSeconds().replace(Fmt.DASH, "20"));
		CostModel model = new CostModel(JmhCosts.read(reportDir.resolve(JmhCosts.FILE)), duration);
		if (System.getProperty("java.awt.headless") == null) {
			System.setProperty("java.awt.headless", "true");
		}
		Files.createDirectories(reportDir);
		WhereAsyncPaysChart.write(runs, model, info, reportDir);
		ReportFiles.copyRunFiles(rawCsv, runInfo, reportDir, RAW_CSV, RUN_INFO);
		String notesText = ReportFiles.notes(reportDir, NOTES);
		Files.writeString(reportDir.resolve(MARKDOWN), WhereAsyncPaysMarkdown.render(runs, model,
				PaysTargets.evaluate(runs, model), info, notesText), StandardCharsets.UTF_8);
	}

}
