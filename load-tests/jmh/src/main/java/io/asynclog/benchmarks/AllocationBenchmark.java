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
 * Benchmark 7: bytes allocated per log call, by every thread of the JVM (caller and background
 * thread alike) divided by the calls. Run it with {@code -prof gc} and read
 * {@code gc.alloc.rate.norm}; the counting sink keeps the disk out of it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
public class AllocationBenchmark {

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ Setups.DISABLED, Setups.LOG4J2_SYNC, Setups.LOG4J2_ASYNC_APPENDER, Setups.LOG4J2_ASYNC_ROOT,
				Setups.LOG4J2_ALL_ASYNC, Setups.ASYNCLOG, Setups.ASYNCLOG_NO_LAG_PROBE, Setups.ASYNCLOG_NO_METERS, Setups.ASYNCLOG_LOGBACK, Setups.ASYNCLOG_LOGBACK_NO_METERS, Setups.LOGBACK_SYNC,
				Setups.LOGBACK_ASYNC_APPENDER, Setups.LOGSTASH_DISRUPTOR })
		public String setup;

		@Setup(Level.Trial)
		public void start() {
			start(this.setup, options(Sink.COUNTING));
		}

	}

	@Benchmark
	public void log(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

}
