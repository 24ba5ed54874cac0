package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.file.Path;

import io.asynclog.loadtests.report.Fmt;

/**
 * Writes the report of the {@code where-async-pays} matrix from the runner's raw CSV and
 * run-info: {@code http-where-async-pays.md} and the chart {@code http-where-async-pays-tps.png},
 * with a copy of both inputs next to them. The cost
 * model reads the JMH suite's {@code jmh-summary.csv} from the same directory, and the page
 * links to the hand-written {@code http-where-async-pays-notes.md} there.
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

	static final ReportFiles.Page PAGE = new ReportFiles.Page("WhereAsyncPaysReport", MARKDOWN, RAW_CSV, RUN_INFO, NOTES);

	public static void main(String[] args) throws IOException {
		ReportFiles.main(args, PAGE, WhereAsyncPaysReport::write);
	}

	public static void write(Path rawCsv, Path runInfo, Path reportDir) throws IOException {
		ReportFiles.writePage(rawCsv, runInfo, reportDir, PAGE, (records, info, dir) -> {
			PaysRuns runs = PaysRuns.of(records);
			double duration = Double.parseDouble(info.durationSeconds().replace(Fmt.DASH, "20"));
			CostModel model = new CostModel(JmhCosts.read(dir.resolve(JmhCosts.FILE)), duration);
			WhereAsyncPaysChart.write(runs, model, info, dir);
			return WhereAsyncPaysMarkdown.render(runs, model, PaysTargets.evaluate(runs, model), info, dir);
		});
	}

}
