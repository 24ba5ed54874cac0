package io.asynclog.benchmarks;

import java.util.concurrent.TimeUnit;

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
 * Benchmark 2: sustained throughput into a real file ({@code %m%n}, 108-byte lines, 256 KB
 * buffers). Once an async setup's queue is full the caller runs at the background thread's
 * speed, so this is what a service logging flat out gets. Every trial ends with a line count of
 * the file; the warm-up is long enough to fill every queue.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FileThroughputBenchmark {

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ Setups.RAW_WRITE, Setups.LOG4J2_SYNC_FLUSH, Setups.LOG4J2_SYNC, Setups.LOG4J2_ASYNC_APPENDER,
				Setups.LOG4J2_ASYNC_ROOT, Setups.LOG4J2_ALL_ASYNC, Setups.ASYNCLOG, Setups.ASYNCLOG_NO_LAG_PROBE, Setups.ASYNCLOG_NO_METERS,
				Setups.ASYNCLOG_LOGBACK, Setups.LOGBACK_SYNC, Setups.LOGBACK_ASYNC_APPENDER, Setups.LOGSTASH_DISRUPTOR })
		public String setup;

		@Setup(Level.Trial)
		public void start() {
			start(this.setup, options(Sink.FILE));
		}

	}

	@Benchmark
	@Threads(1)
	public void oneThread(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

	/** Two callers and a background thread on two cores: oversubscribed on this machine. */
	@Benchmark
	@Threads(2)
	public void twoThreads(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

}
