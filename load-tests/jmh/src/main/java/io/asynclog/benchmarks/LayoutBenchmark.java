package io.asynclog.benchmarks;

import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.ThreadContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.asynclog.benchmarks.setup.Setups;
import io.asynclog.benchmarks.setup.Sink;

/**
 * Benchmark 4, the formatting-cost table of LOG4J2-930: Log4j2 synchronous RandomAccessFile, no
 * flush, one caller, one pattern per row, then the longest pattern flushed, through all-async
 * loggers and through asynclog. The raw buffered write stands in for the JIRA's "no layout,
 * fixed byte[]" row.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
public class LayoutBenchmark {

	enum Row {

		RAW(Setups.RAW_WRITE, "%m%n"), M(Setups.LOG4J2_SYNC, "%m%n"), D_M_EX(Setups.LOG4J2_SYNC, "%d %m %ex%n"),
		D_T_M_EX(Setups.LOG4J2_SYNC, "%d [%t] %m %ex%n"), D_P_T_M_EX(Setups.LOG4J2_SYNC, "%d %p [%t] %m %ex%n"),
		D_P_C_T_M_EX(Setups.LOG4J2_SYNC, "%d %p %c{1.} [%t] %m %ex%n"),
		D_P_C_T_X_M_EX(Setups.LOG4J2_SYNC, Row.LONGEST), D_P_C_T_X_M_EX_FLUSH(Setups.LOG4J2_SYNC_FLUSH, Row.LONGEST),
		D_P_C_T_X_M_EX_ALL_ASYNC(Setups.LOG4J2_ALL_ASYNC, Row.LONGEST),
		D_P_C_T_X_M_EX_ASYNCLOG(Setups.ASYNCLOG_NO_METERS, Row.LONGEST);

		private static final String LONGEST = "%d %p %c{1.} [%t] %X{aKey} %m %ex%n";

		final String setup;

		final String pattern;

		Row(String setup, String pattern) {
			this.setup = setup;
			this.pattern = pattern;
		}

	}

	/** The pattern of a row, by the name the results give it, for the report. */
	public static Optional<String> pattern(String row) {
		return Arrays.stream(Row.values())
			.filter((candidate) -> candidate.name().equals(row))
			.map((candidate) -> candidate.pattern)
			.findFirst();
	}

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ "RAW", "M", "D_M_EX", "D_T_M_EX", "D_P_T_M_EX", "D_P_C_T_M_EX", "D_P_C_T_X_M_EX",
				"D_P_C_T_X_M_EX_FLUSH", "D_P_C_T_X_M_EX_ALL_ASYNC", "D_P_C_T_X_M_EX_ASYNCLOG" })
		public String row;

		@Setup(Level.Trial)
		public void start() {
			Row layout = Row.valueOf(this.row);
			start(layout.setup, options(Sink.FILE).withPattern(layout.pattern));
			ThreadContext.put("aKey", "mdcVal");
		}

	}

	@Benchmark
	public void log(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

}
