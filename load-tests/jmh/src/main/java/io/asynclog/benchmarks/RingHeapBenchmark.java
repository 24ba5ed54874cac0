package io.asynclog.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
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

import io.asynclog.benchmarks.setup.Setups;
import io.asynclog.benchmarks.setup.Sink;

/**
 * Benchmark 7, second half: the heap a setup holds once started, after full collections, with its
 * queue at 128 slots and at the default 262,144. The difference is what the queue itself costs;
 * the rest (classes, Spring beans) is the same at both sizes. The figures go to the side results.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
@Threads(1)
public class RingHeapBenchmark {

	@State(Scope.Benchmark)
	public static class Trial extends SetupTrial {

		@Param({ Setups.LOG4J2_ASYNC_APPENDER, Setups.LOG4J2_ASYNC_ROOT, Setups.LOG4J2_ALL_ASYNC,
				Setups.ASYNCLOG_NO_METERS, Setups.LOGBACK_ASYNC_APPENDER, Setups.LOGSTASH_DISRUPTOR })
		public String setup;

		@Param({ "128", "262144" })
		public String bufferSize;

		long heapBytes;

		@Setup(Level.Trial)
		public void start() {
			start(this.setup, options(Sink.COUNTING).withBufferSize(Integer.parseInt(this.bufferSize)));
			this.heapBytes = usedHeapAfterCollections();
		}

		@Override
		Map<String, Long> figures() {
			return Map.of("heap_used_bytes", this.heapBytes);
		}

		private static long usedHeapAfterCollections() {
			MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
			long used = Long.MAX_VALUE;
			for (int i = 0; i < 5; i++) {
				System.gc();
				try {
					Thread.sleep(100);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
			}
			return used;
		}

	}

	@Benchmark
	public void started(Trial trial) {
		// The figure is taken at start-up; there is nothing to time.
	}

}
