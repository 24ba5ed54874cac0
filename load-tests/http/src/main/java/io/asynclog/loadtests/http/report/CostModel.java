package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Fmt;

/**
 * Predicts each configuration's closed-model TPS from what one request costs the app's CPU:
 * <ul>
 * <li>{@code h}: the HTTP work of a request without logging, the app's CPU time per request
 * with logging off, measured at the same lines per request on one core;</li>
 * <li>{@code f} and {@code w}: formatting and encoding one line, and the write system call of
 * a flushed line, from the JMH suite ({@link JmhCosts});</li>
 * <li>{@code a}: one hand-off to the async logger's or AsyncAppender's background thread,
 * from the JMH suite.</li>
 * </ul>
 * A request that logs {@code L} lines costs {@code h + L (f + w)} in sync mode and
 * {@code h + L (a + f + w)} in an async mode: the background thread still formats and writes
 * every line. Without the flush after each line, {@code w} drops out: the buffered write is
 * part of {@code f}'s JMH row. With the app on one core all of it is paid on that core, so TPS is
 * {@code 1 / cost}; async modes move the work off the request thread, not off the core. With
 * two cores shared with the load generator, the app has {@code 2 - Gatling's share} of a core
 * and an async logger's single background thread caps TPS at {@code 1 / (L (f + w))}. The
 * slow sink adds a second appender ({@code f + w} more per line) and a reader that takes
 * {@value #SLOW_SINK_BYTES_PER_SECOND} bytes a second of {@value #CONSOLE_LINE_BYTES}-byte
 * lines: sync cannot pass that rate; an async logger passes it until its ring of
 * {@value #RING_SLOTS} slots is full, then ({@code block}) falls to it, or ({@code discard})
 * drops the excess.
 *
 * @param jmh the per-line costs from the JMH suite
 * @param durationSeconds the measured seconds of each run
 * @author asynclog
 */
record CostModel(JmhCosts jmh, double durationSeconds) {

	static final int SLOW_SINK_BYTES_PER_SECOND = 256 * 1024;

	/** One request line as the plain pattern prints it: about 80 bytes of prefix, 108 of message. */
	static final int CONSOLE_LINE_BYTES = 190;

	static final int RING_SLOTS = 262_144;

	/**
	 * One prediction and what it is made of.
	 * @param tps predicted requests per second
	 * @param httpUs {@code h}
	 * @param loggingUs the logging CPU per request, {@code L (a + f + w)}
	 * @param bound what limits it: "one core", "two cores", "background thread" or "slow sink"
	 * @param ringFullAfterSeconds when the ring fills with the slow sink, or NaN
	 */
	record Prediction(double tps, double httpUs, double loggingUs, String bound, double ringFullAfterSeconds) {
	}

	/**
	 * Predicts a configuration's TPS.
	 * @param config the configuration (not logging-off)
	 * @param runs the runs, for {@code h} and Gatling's CPU
	 */
	Optional<Prediction> predict(RunConfig config, PaysRuns runs) {
		Optional<RoundRuns.Row> off = runs.closed(RunConfig.LOGGING_OFF + lines(config));
		if (off.isEmpty() || config.loggingOff()) {
			return Optional.empty();
		}
		double http = PaysRuns.cpuUsPerRequest(off.get());
		int lines = config.linesPerRequest();
		// Without the flush after each line, the write joins the buffer's: f alone is the JMH row's cost.
		double write = config.immediateFlush() ? this.jmh.writeUs() : 0;
		double perLine = (this.jmh.formatUs() + write) * (config.slowSink() ? 2 : 1);
		double handOff = this.jmh.handOffUs(config.mode());
		double logging = lines * (handOff + perLine);
		double cost = http + logging;
		double tps;
		String bound;
		if (config.cores() == 2) {
			double gatling = runs.closed(config.id())
				.map((row) -> row.over(RunRecord::gatlingCpuPct).median())
				.orElse(Double.NaN) / 100;
			tps = (2 - gatling) * 1e6 / cost;
			bound = "two cores, less the load generator's " + Fmt.number(gatling * 100) + "%";
			if (handOff > 0 && !config.mode().equals("async-appender")) {
				double background = 1e6 / (lines * perLine);
				if (background < tps) {
					tps = background;
					bound = "the background thread";
				}
			}
		}
		else {
			tps = 1e6 / cost;
			bound = "one core";
		}
		double ringFull = Double.NaN;
		if (config.slowSink()) {
			double sink = (double) SLOW_SINK_BYTES_PER_SECOND / (lines * CONSOLE_LINE_BYTES);
			if (handOff == 0 || config.mode().equals("async-appender")) {
				if (sink < tps) {
					tps = sink;
					bound = "slow sink";
				}
			}
			else if (sink < tps) {
				ringFull = RING_SLOTS / (lines * (tps - sink));
				if (ringFull < this.durationSeconds && !config.discard()) {
					tps = (ringFull * tps + (this.durationSeconds - ringFull) * sink) / this.durationSeconds;
					bound = "slow sink, once the ring is full";
				}
			}
		}
		return Optional.of(new Prediction(tps, http, logging, bound, ringFull));
	}

	/** The logging-off twin's options: the same lines per request, one core, no sink. */
	private static String lines(RunConfig config) {
		return (config.linesPerRequest() == 1) ? "" : "/lines=" + config.linesPerRequest();
	}

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
			double format = 1e6 / score(lines, FORMAT_ROW);
			double flushed = 1e6 / score(lines, FLUSH_ROW);
			return new JmhCosts(format, flushed - format, score(lines, ASYNCLOG_ROW) * 1000 / BURST_CALLS,
					score(lines, ASYNC_APPENDER_ROW) * 1000 / BURST_CALLS);
		}

		/** The score of the row named {@code "BENCHMARK PARAMETERS"}, or NaN. */
		private static double score(List<String> lines, String row) {
			for (String line : lines) {
				List<String> cells = RawCsvReader.split(line);
				if (cells.size() > 3 && (cells.get(0) + " " + cells.get(2)).equals(row)) {
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

}
