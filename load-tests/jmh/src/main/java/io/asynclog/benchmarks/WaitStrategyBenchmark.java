package io.asynclog.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.asynclog.benchmarks.setup.Backend;
import io.asynclog.benchmarks.setup.Setups;
import io.asynclog.benchmarks.setup.Sink;

/**
 * Benchmark 6: asynclog's {@code asynclog.wait-strategy} choices. {@code handOff} is benchmark 1's
 * burst for one caller; {@code idle} logs nothing for {@code -Dasynclog.bench.idleSeconds} (default
 * 10) and records how much CPU the background thread used meanwhile, as a share of one core, in
 * the side results (JMH's own score for it is just the idle time).
 */
@Fork(1)
@Threads(1)
public class WaitStrategyBenchmark {

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ "timeout", "block", "sleep", "yield" })
		public String waitStrategy;

		double idleCpu = Double.NaN;

		@Setup(Level.Trial)
		public void start() {
			start(Setups.ASYNCLOG_NO_METERS, options(Sink.COUNTING).withWaitStrategy(this.waitStrategy));
		}

		@Setup(Level.Iteration)
		public void emptyTheQueue() {
			this.logging.awaitDrained(Calls.total());
		}

		@Override
		Map<String, Double> figures() {
			return Double.isNaN(this.idleCpu) ? Map.of() : Map.of("idle_cpu_percent", this.idleCpu);
		}

	}

	@Benchmark
	@BenchmarkMode(Mode.SingleShotTime)
	@OutputTimeUnit(TimeUnit.MILLISECONDS)
	@Warmup(iterations = 5, batchSize = HandOffBenchmark.BURST)
	@Measurement(iterations = 10, batchSize = HandOffBenchmark.BURST)
	public void handOff(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

	@Benchmark
	@BenchmarkMode(Mode.SingleShotTime)
	@OutputTimeUnit(TimeUnit.SECONDS)
	@Warmup(iterations = 0)
	@Measurement(iterations = 1, batchSize = 1)
	public void idle(Trial trial) throws InterruptedException {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long id = Backend.LOG4J2.ringThread().getId();
		long seconds = Long.getLong("asynclog.bench.idleSeconds", 10);
		// Let the thread settle after start-up before measuring it.
		Thread.sleep(1000);
		long cpuBefore = threads.getThreadCpuTime(id);
		long wallBefore = System.nanoTime();
		Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
		long cpu = threads.getThreadCpuTime(id) - cpuBefore;
		long wall = System.nanoTime() - wallBefore;
		trial.idleCpu = 100.0 * cpu / wall;
	}

}
