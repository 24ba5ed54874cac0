package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The per-line costs the cost model takes from the JMH suite's summary
 * ({@code jmh-summary.csv}), each from one named row, in microseconds of one core.
 *
 * @param formatUs formatting and encoding one line with a pattern like the plain one into a
 * file's buffer ({@code LayoutBenchmark} row {@code D_P_C_T_X_M_EX}, Log4j2 sync, no flush)
 * @param writeUs the write system call a flushed line adds ({@code D_P_C_T_X_M_EX_FLUSH} minus
 * the row above)
 * @param asyncLoggerHandOffUs one asynclog hand-off, caller and background thread together
 * ({@code HandOffBenchmark.oneThread}, 108-byte message, a burst of 100,000 calls)
 * @param asyncAppenderHandOffUs the same for Log4j2's AsyncAppender
 * @author asynclog
 */
record JmhCosts(double formatUs, double writeUs, double asyncLoggerHandOffUs, double asyncAppenderHandOffUs) {

	static final String FILE = "jmh-summary.csv";

	static final String FORMAT_ROW = "LayoutBenchmark.log row=D_P_C_T_X_M_EX";

	static final String FLUSH_ROW = "LayoutBenchmark.log row=D_P_C_T_X_M_EX_FLUSH";

	static final String ASYNCLOG_ROW = "HandOffBenchmark.oneThread message=108;setup=asynclog";

	static final String ASYNC_APPENDER_ROW = "HandOffBenchmark.oneThread message=108;setup=log4j2-async-appender";

	private static final double BURST_CALLS = 100_000;

	/** Reads the summary, or gives NaN costs when it is missing. */
	static JmhCosts read(Path summary) throws IOException {
		if (!Files.isRegularFile(summary)) {
			return new JmhCosts(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
		}
		List<String> lines = Files.readAllLines(summary, StandardCharsets.UTF_8);
		double format = 1e6 / score(lines, "LayoutBenchmark.log", "row=D_P_C_T_X_M_EX");
		double flushed = 1e6 / score(lines, "LayoutBenchmark.log", "row=D_P_C_T_X_M_EX_FLUSH");
		double asynclog = score(lines, "HandOffBenchmark.oneThread", "message=108;setup=asynclog") * 1000
				/ BURST_CALLS;
		double asyncAppender = score(lines, "HandOffBenchmark.oneThread", "message=108;setup=log4j2-async-appender")
				* 1000 / BURST_CALLS;
		return new JmhCosts(format, flushed - format, asynclog, asyncAppender);
	}

	/** The score of the row with this benchmark and these parameters, or NaN. */
	private static double score(List<String> lines, String benchmark, String params) {
		for (String line : lines) {
			List<String> cells = RawCsvReader.split(line);
			if (cells.size() > 3 && cells.get(0).equals(benchmark) && cells.get(2).equals(params)) {
				return Double.parseDouble(cells.get(3));
			}
		}
		return Double.NaN;
	}

	/** The hand-off of a mode, or 0 for sync and logging-off. */
	double handOffUs(String mode) {
		return switch (mode) {
			case "async-logger", "all-async" -> this.asyncLoggerHandOffUs;
			case "async-appender" -> this.asyncAppenderHandOffUs;
			default -> 0;
		};
	}

}
