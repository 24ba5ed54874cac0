package io.asynclog.benchmarks.capacity;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A short version of load-tests/scripts/capacity.sh: one JMH iteration of the sink cost on each
 * backend (forked JVMs, as the script runs them), one second of a saturation run on Logback in a
 * JVM of its own, and the report read from what they wrote. Proves the pieces run together and
 * write what the report reads; no figure is asserted (timing belongs to the script).
 */
class CapacitySmokeTests {

	@TempDir
	Path dir;

	@Test
	void sinkCostsAndASaturationRunMakeACapacityReport() throws RunnerException, IOException, InterruptedException {
		Path raw = Files.createDirectories(this.dir.resolve("raw"));
		Path files = Files.createDirectories(this.dir.resolve("files"));
		Options options = new OptionsBuilder().include(SinkCostBenchmark.class.getName())
			.param("backend", "log4j2", "logback")
			.param("sink", "console")
			.warmupIterations(0)
			.measurementIterations(1)
			.measurementTime(TimeValue.milliseconds(300))
			.forks(1)
			.shouldFailOnError(true)
			.jvmArgsAppend("-XX:TieredStopAtLevel=1", "-Dasynclog.bench.dir=" + files)
			.resultFormat(ResultFormatType.CSV)
			.result(raw.resolve("jmh-round-1.csv").toString())
			.build();
		assertThat(new Runner(options).run()).hasSize(2)
			.allSatisfy((RunResult result) -> assertThat(result.getPrimaryResult().getScore()).isPositive());

		Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), SaturationRun.class.getName(),
				"--backend", "logback", "--sink", "console", "--warmup-seconds", "0", "--seconds", "1", "--pin", "false",
				"--csv", raw.resolve("saturation.csv").toString(), "--dir", files.toString())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("run.log").toFile())
			.start();
		assertThat(run.waitFor(2, TimeUnit.MINUTES)).as("the run ends").isTrue();
		assertThat(run.exitValue()).as(Files.readString(this.dir.resolve("run.log"))).isZero();

		CapacityReport.Result result = CapacityReport.read(raw);
		assertThat(result.checks()).extracting(CapacityReport.Check::config)
			.containsExactly("log4j2 console", "logback console");
		CapacityReport.Check logback = result.checks().get(1);
		assertThat(logback.runs()).singleElement().satisfies((measured) -> {
			assertThat(measured.linesPerSecond()).isPositive();
			assertThat(measured.ringCpuNanosPerLine()).isPositive();
		});
		assertThat(logback.ratios()).singleElement().satisfies((ratio) -> assertThat(ratio).isPositive());
		List<String> csv = Files.readAllLines(raw.resolve("saturation.csv"));
		assertThat(csv.get(1)).contains(",logback,console,").contains(",4096,false,");
		assertThat(files.toFile().listFiles(File::isDirectory)).as("the runs delete their files").isEmpty();
	}

}
