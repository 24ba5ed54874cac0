package io.asynclog.benchmarks;

import java.util.Map;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import io.asynclog.benchmarks.setup.LoggingSetup;
import io.asynclog.benchmarks.setup.SetupOptions;
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
	public static class Trial {

		@Param({ Setups.LOG4J2_SYNC, Setups.LOG4J2_ASYNC_ROOT, Setups.LOG4J2_ALL_ASYNC, Setups.ASYNCLOG })
		public String setup;

		@Param({ "false", "true" })
		public String includeLocation;

		String text;

		LoggingSetup logging;

		@Setup(Level.Trial)
		public void start() {
			this.text = Messages.of("108");
			this.logging = Setups.start(this.setup, SetupOptions.builder()
				.sink(Sink.FILE)
				.file(Trials.logFile())
				.pattern(PATTERN)
				.includeLocation(Boolean.parseBoolean(this.includeLocation))
				.build());
		}

		@TearDown(Level.Trial)
		public void finish(BenchmarkParams params) {
			Trials.finish(params, this.setup, this.logging, Map.of());
		}

	}

	@Benchmark
	public void log(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

}
