package io.asynclog.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import io.asynclog.benchmarks.setup.Setups;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A one-iteration smoke of two benchmarks through JMH itself, in forked JVMs as the suite runs
 * them: asynclog configured from properties (on Log4j2, with and without meters, and on Logback) and the hand-written
 * AsyncRoot, once handing off bursts and once writing a real file. Proves that the benchmarks
 * compile, that JMH's generated code runs, that each setup passes its path check and that every
 * call reached its sink. No figure is asserted: timing belongs to load-tests/scripts/jmh.sh.
 */
class BenchmarkSmokeTests {

	/** No figure is read here: the forks skip C2, whose compilations would take most of their CPU. */
	private static final String SMOKE_JVM = "-XX:TieredStopAtLevel=1";

	@TempDir
	Path dir;

	@Test
	void handOffAndFileThroughputRunOneIterationAndDeliverEveryCall() throws RunnerException, IOException {
		Path side = this.dir.resolve("side-results.jsonl");
		Options options = new OptionsBuilder().include(HandOffBenchmark.class.getName() + ".oneThread")
			.include(FileThroughputBenchmark.class.getName() + ".oneThread")
			// No meters and no lag measured: the setup the probe's cost is read against.
			.param("setup", Setups.ASYNCLOG, Setups.ASYNCLOG_NO_METERS, Setups.LOG4J2_ASYNC_ROOT)
			.param("message", "108")
			.warmupIterations(0)
			.measurementIterations(1)
			.measurementTime(TimeValue.milliseconds(300))
			.forks(1)
			.shouldFailOnError(true)
			.jvmArgsAppend(SMOKE_JVM, "-Dasynclog.bench.side=" + side, "-Dasynclog.bench.dir=" + this.dir.resolve("logs"))
			.build();
		Collection<RunResult> results = new Runner(options).run();
		assertThat(results).hasSize(6);
		assertThat(results).allSatisfy((result) -> assertThat(result.getPrimaryResult().getScore()).isPositive());
		List<String> checks = Files.readAllLines(side);
		assertThat(checks).hasSize(6)
			.allSatisfy((line) -> assertThat(line).contains("\"missing\":0").doesNotContain("\"logged\":0,"));
		assertThat(checks).anyMatch((line) -> line.contains("\"benchmark\":\"FileThroughputBenchmark.oneThread\",\"setup\":\"asynclog\""));
	}

	@Test
	void asynclogOnLogbackHandsOffFromFourThreadsAndWritesAFileDeliveringEveryCall() throws RunnerException, IOException {
		Path side = this.dir.resolve("side-results.jsonl");
		// Four callers: several of them publish into the ring at once, the path single-caller runs never take.
		Options options = new OptionsBuilder().include(HandOffBenchmark.class.getName() + ".fourThreads")
			.include(FileThroughputBenchmark.class.getName() + ".oneThread")
			.param("setup", Setups.ASYNCLOG_LOGBACK)
			.param("message", "108")
			.warmupIterations(0)
			// The second burst starts by checking which thread delivered the first: asynclog's ring thread.
			.measurementIterations(2)
			.measurementTime(TimeValue.milliseconds(300))
			.forks(1)
			.shouldFailOnError(true)
			.jvmArgsAppend(SMOKE_JVM, "-Dasynclog.bench.side=" + side, "-Dasynclog.bench.dir=" + this.dir.resolve("logs"))
			.build();
		Collection<RunResult> results = new Runner(options).run();
		assertThat(results).hasSize(2);
		assertThat(results).allSatisfy((result) -> assertThat(result.getPrimaryResult().getScore()).isPositive());
		List<String> checks = Files.readAllLines(side);
		assertThat(checks).hasSize(2)
			.allSatisfy((line) -> assertThat(line).contains("\"setup\":\"asynclog-logback\"", "\"missing\":0")
				.doesNotContain("\"logged\":0,"));
		assertThat(checks).anyMatch((line) -> line.contains("\"benchmark\":\"HandOffBenchmark.fourThreads\"")
				&& line.contains("\"threads\":\"4\""));
	}

}
