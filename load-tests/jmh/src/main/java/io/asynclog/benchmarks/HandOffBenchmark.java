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
 * Benchmark 1, the Log4j2 manual's throughput test: how fast the caller hands events off, timed
 * over bursts that fit the queue (so no setup runs at disk speed or waits for room), into a sink
 * that only counts. Each iteration is one burst of {@value #BURST} calls per thread and starts
 * with an empty queue. Throughput per thread is {@code BURST / score}; four threads make bursts of
 * {@value #FOUR_THREAD_BURST} each, so that theirs fit the queue too.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, batchSize = HandOffBenchmark.BURST)
@Measurement(iterations = 10, batchSize = HandOffBenchmark.BURST)
@Fork(1)
public class HandOffBenchmark {

	/** Calls per thread per burst: two threads' bursts (200,000) fit the 262,144 slots. */
	public static final int BURST = 100_000;

	/** Calls per thread per burst with four threads: 200,000 in all, like two threads' bursts. */
	public static final int FOUR_THREAD_BURST = 50_000;

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ Setups.DISABLED, Setups.RAW_WRITE, Setups.LOG4J2_SYNC, Setups.LOG4J2_ASYNC_APPENDER,
				Setups.LOG4J2_ASYNC_ROOT, Setups.LOG4J2_ALL_ASYNC, Setups.ASYNCLOG, Setups.ASYNCLOG_NO_LAG_PROBE, Setups.ASYNCLOG_NO_METERS,
				Setups.ASYNCLOG_LOGBACK, Setups.ASYNCLOG_LOGBACK_NO_METERS, Setups.LOGBACK_SYNC, Setups.LOGBACK_ASYNC_APPENDER, Setups.LOGSTASH_DISRUPTOR })
		public String setup;

		@Param({ "108", "500" })
		public String message;

		@Setup(Level.Trial)
		public void start() {
			this.text = message(this.message);
			start(this.setup, options(Sink.COUNTING));
		}

		@Setup(Level.Iteration)
		public void emptyTheQueue() {
			this.logging.awaitDrained(Setups.expectedDeliveries(this.setup, Calls.total()));
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

	/**
	 * Four callers and a background thread on two cores: oversubscribed on this machine, where
	 * several callers meet at the queue's tail, as in a busy server.
	 */
	@Benchmark
	@Threads(4)
	@Warmup(iterations = 5, batchSize = HandOffBenchmark.FOUR_THREAD_BURST)
	@Measurement(iterations = 10, batchSize = HandOffBenchmark.FOUR_THREAD_BURST)
	public void fourThreads(Trial trial, Calls calls) {
		trial.logging.log(trial.text);
		calls.count++;
	}

}
