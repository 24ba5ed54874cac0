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
 * Benchmark 5: what caller location costs. The pattern prints {@code %l}; with include-location
 * false it prints {@code ?} and nobody walks the stack, with true the caller's stack is walked on
 * the calling thread (async setups must, before the hand-off). Sustained into a real file, one
 * caller.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
public class LocationBenchmark {

	static final String PATTERN = "%d %p %c{1.} [%t] %l %m%n";

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ Setups.LOG4J2_SYNC, Setups.LOG4J2_ASYNC_ROOT, Setups.LOG4J2_ALL_ASYNC, Setups.ASYNCLOG })
		public String setup;

		@Param({ "false", "true" })
		public String includeLocation;

		@Setup(Level.Trial)
		public void start() {
			start(this.setup, options(Sink.FILE).withPattern(PATTERN)
				.withIncludeLocation(Boolean.parseBoolean(this.includeLocation)));
		}

	}

	@Benchmark
	public void log(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

}
