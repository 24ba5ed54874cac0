package io.asynclog.loadtests.http.command;

import java.io.PrintStream;
import java.nio.file.Path;

import io.asynclog.loadtests.http.ComparisonOptions;
import io.asynclog.loadtests.http.HttpComparison;
import io.asynclog.loadtests.http.report.BusyCoreReport;
import io.asynclog.loadtests.http.report.HttpComparisonReport;
import io.asynclog.loadtests.http.report.LogbackReport;
import io.asynclog.loadtests.http.report.VirtualThreadsReport;
import io.asynclog.loadtests.http.report.WhereAsyncPaysReport;

/**
 * {@code load-tests/scripts/http-comparison.sh}: runs a matrix ({@link HttpComparison}), then writes
 * its report. It sits above both so that the runner and the reports, which read the runner's run
 * ids, do not depend on each other.
 *
 * @author asynclog
 */
public final class HttpComparisonCommand {

	private HttpComparisonCommand() {
	}

	public static void main(String[] args) {
		// If the runner is stopped (Ctrl-C, SIGTERM), stop the app and Gatling it started too.
		Runtime.getRuntime()
			.addShutdownHook(new Thread(() -> ProcessHandle.current().children().forEach(ProcessHandle::destroy),
					"stop-children"));
		System.exit(run(System.out, args));
	}

	/** Runs the matrix in this JVM (the app and Gatling are forked), writes its report, returns the exit code. */
	public static int run(PrintStream log, String... args) {
		return HttpComparison.run(log, HttpComparisonCommand::writeReport, args);
	}

	static void writeReport(String matrix, Path rawCsv, Path runInfo, Path reportDir) throws Exception {
		switch (matrix) {
			case ComparisonOptions.STUDY -> HttpComparisonReport.write(rawCsv, runInfo, reportDir);
			case ComparisonOptions.BUSY_CORE -> BusyCoreReport.write(rawCsv, runInfo, reportDir);
			case ComparisonOptions.VIRTUAL_THREADS -> VirtualThreadsReport.write(rawCsv, runInfo, reportDir);
			case ComparisonOptions.LOGBACK -> LogbackReport.write(rawCsv, runInfo, reportDir);
			default -> WhereAsyncPaysReport.write(rawCsv, runInfo, reportDir);
		}
	}

}
