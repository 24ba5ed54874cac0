package io.asynclog.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
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

import io.asynclog.benchmarks.setup.LoggingSetup;
import io.asynclog.benchmarks.setup.SetupOptions;
import io.asynclog.benchmarks.setup.Setups;
import io.asynclog.benchmarks.setup.Sink;

/**
 * Benchmark 3: the time one log call takes at a fixed rate below saturation, into a real file.
 * Each call has an intended start on a fixed schedule; its latency runs from that intended start,
 * not from when it really began, so a stall also counts against the calls it delayed (corrected
 * for coordinated omission). Percentiles go to the side results; JMH's own score (the time of
 * the whole paced run) means nothing here. Seconds per run: {@code -Dasynclog.bench.latencySeconds}
 * (default 10; the warm-up runs half as long, after one unpaced lap of the queue).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, batchSize = 1)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
@Threads(1)
public class LatencyBenchmark {

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ Setups.LOG4J2_SYNC, Setups.LOG4J2_ASYNC_APPENDER, Setups.LOG4J2_ASYNC_ROOT, Setups.LOG4J2_ALL_ASYNC,
				Setups.ASYNCLOG, Setups.ASYNCLOG_NO_METERS, Setups.ASYNCLOG_LOGBACK, Setups.ASYNCLOG_LOGBACK_NO_METERS, Setups.LOGBACK_SYNC, Setups.LOGBACK_ASYNC_APPENDER,
				Setups.LOGSTASH_DISRUPTOR })
		public String setup;

		/** Calls per second. */
		@Param({ "10000", "100000" })
		public String rate;

		final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);

		long seconds;

		boolean measuring;

		@Setup(Level.Trial)
		public void start() {
			this.seconds = Long.getLong("asynclog.bench.latencySeconds", 10);
			start(this.setup, options(Sink.FILE));
		}

		@Setup(Level.Iteration)
		public void reset() {
			this.histogram.reset();
		}

		@TearDown(Level.Iteration)
		public void afterIteration() {
			// The first iteration is the warm-up; what it recorded is reset before the measured one.
			this.measuring = true;
		}

		@Override
		Map<String, Number> figures() {
			Map<String, Number> values = new LinkedHashMap<>();
			values.put("count", this.histogram.getTotalCount());
			values.put("p50_ns", this.histogram.getValueAtPercentile(50));
			values.put("p90_ns", this.histogram.getValueAtPercentile(90));
			values.put("p99_ns", this.histogram.getValueAtPercentile(99));
			values.put("p99_9_ns", this.histogram.getValueAtPercentile(99.9));
			values.put("p99_99_ns", this.histogram.getValueAtPercentile(99.99));
			values.put("max_ns", this.histogram.getMaxValue());
			values.put("mean_ns", this.histogram.getMean());
			return values;
		}

	}

	@Benchmark
	public void pacedCalls(Trial trial, Calls calls) {
		if (!trial.measuring) {
			firstLap(trial, calls);
		}
		long interval = TimeUnit.SECONDS.toNanos(1) / Long.parseLong(trial.rate);
		long seconds = trial.measuring ? trial.seconds : Math.max(1, trial.seconds / 2);
		long total = seconds * Long.parseLong(trial.rate);
		Histogram histogram = trial.histogram;
		LoggingSetup logging = trial.logging;
		String text = trial.text;
		long start = System.nanoTime();
		for (long i = 0; i < total; i++) {
			long intended = start + i * interval;
			while (System.nanoTime() < intended) {
				Thread.onSpinWait();
			}
			logging.log(text);
			histogram.recordValue(System.nanoTime() - intended);
		}
		calls.count += total;
	}

	/**
	 * Runs the queue once round before anything is timed. Log4j2's ring keeps a reusable event
	 * per slot whose buffers grow on first use: the first lap allocates tens of megabytes that
	 * stay, and the young collections that copy them stall the caller for milliseconds, once,
	 * after start-up. A full collection after the lap leaves every setup at its steady state.
	 */
	private static void firstLap(Trial trial, Calls calls) {
		for (int i = 0; i < SetupOptions.DEFAULT_BUFFER_SIZE; i++) {
			trial.logging.log(trial.text);
		}
		calls.count += SetupOptions.DEFAULT_BUFFER_SIZE;
		trial.logging.awaitDrained(Setups.expectedDeliveries(trial.setup, calls.count));
		System.gc();
	}

}
