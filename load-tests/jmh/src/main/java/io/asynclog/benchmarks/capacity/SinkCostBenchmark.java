package io.asynclog.benchmarks.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.springframework.util.FileSystemUtils;

import io.asynclog.benchmarks.setup.Backend;

/**
 * Each sink's cost per line on the ring thread (docs/capacity.md): a real application in
 * {@code async-logger} mode writes to the sink, and one thread does, line after line, what the
 * ring's thread does for each event ({@link SinkCall}). The time per line is the thread's
 * capacity: one thread saturates at 10^9 / ns lines a second. {@link SaturationRun} checks that
 * prediction against the ring thread of a loaded application.
 * <p>
 * The warm-up is as long as the measured runs': writing a file at full speed costs more per line
 * once the kernel writes dirty pages back (on Log4j2's console here, 777 ns a line after 4 s, 1,260
 * after 30 s), and the runs measure that steady state.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
@State(Scope.Benchmark)
public class SinkCostBenchmark {

	@Param({ "log4j2", "logback" })
	public String backend;

	@Param({ "console", "console-ecs", "console-file" })
	public String sink;

	private Path directory;

	private CapacityApp application;

	private SinkCall call;

	@Setup(Level.Trial)
	public void start() throws IOException {
		Path base = Path.of(System.getProperty("asynclog.bench.dir", System.getProperty("java.io.tmpdir")));
		Files.createDirectories(base);
		this.directory = Files.createTempDirectory(base, "sink-cost-");
		this.application = new CapacityApp(Backend.of(this.backend), CapacitySink.of(this.sink),
				this.directory);
		this.call = this.application.sinkCall();
	}

	@TearDown(Level.Trial)
	public void finish() throws IOException {
		this.application.close();
		FileSystemUtils.deleteRecursively(this.directory);
	}

	@Benchmark
	public void line() {
		this.call.deliver();
	}

}
