package io.asynclog.benchmarks.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity check's arithmetic, on raw files written here: each round's run against its own
 * round's JMH cost, the median ratio, the 20% rule, a sink JMH measured but no run did.
 */
class CapacityReportTests {

	private static final String JMH_HEADER = "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\",\"Param: backend\",\"Param: sink\"";

	@TempDir
	Path raw;

	@Test
	void aRunWithinTwentyPercentOfItsRoundsPredictionHoldsAndOneOutsideDoesNot() throws IOException {
		jmh(1, "log4j2,console,1000", "logback,console,2000", "logback,console-file,4000");
		jmh(2, "log4j2,console,1250", "logback,console,2000", "logback,console-file,4000");
		// log4j2: 1,000 ns predicts 1,000,000 lines/s in round 1 (run: 900,000, 0.90), 800,000 in
		// round 2 (run: 880,000, 1.10); median 1.00. logback: 500,000 predicted, 350,000 measured (0.70).
		saturation("1,1,log4j2,console,900000", "2,1,log4j2,console,880000", "1,2,logback,console,350000",
				"2,2,logback,console,350000");
		CapacityReport.Result result = CapacityReport.read(this.raw);
		assertThat(result.checks()).extracting(CapacityReport.Check::config)
			.containsExactly("log4j2 console", "logback console", "logback console-file");
		CapacityReport.Check log4j2 = result.checks().get(0);
		assertThat(log4j2.ratios()).containsExactly(0.9, 1.1);
		assertThat(log4j2.holds()).isTrue();
		assertThat(log4j2.predicted()).isEqualTo(1e9 / 1125);
		assertThat(result.checks().get(1).holds()).isFalse();
		assertThat(result.checks().get(2).measured()).isFalse();
		assertThat(result.allHold()).isFalse();
		assertThat(result.summary()).isEqualTo("1 of 2 measured predictions within 20% of the measured rate");
		String markdown = CapacityReport.markdown(result, "load-tests/scripts/capacity.sh", Path.of("capacity-raw"));
		assertThat(markdown).contains("| log4j2, console | 1,125 (1,000–1,250) | 888,889 | 890,000 (880,000–900,000) | 1.00 (0.90–1.10) | yes |")
			.contains("| logback, console | 2,000 | 500,000 | 350,000 | 0.70 | **no** |")
			.contains("| logback, console-file | 4,000 | 250,000 | not measured |");
	}

	@Test
	void everyMeasuredPredictionHoldingMakesTheCheckPass() throws IOException {
		jmh(1, "logback,console-ecs,3000");
		saturation("1,1,logback,console-ecs,300000");
		CapacityReport.Result result = CapacityReport.read(this.raw);
		assertThat(result.checks()).singleElement().satisfies((check) -> assertThat(check.ratios()).containsExactly(0.9));
		assertThat(result.allHold()).isTrue();
	}

	@Test
	void noMeasuredRunIsNoPass() throws IOException {
		jmh(1, "logback,console-ecs,3000");
		assertThat(CapacityReport.read(this.raw).allHold()).isFalse();
	}

	private void jmh(int round, String... rows) throws IOException {
		StringBuilder csv = new StringBuilder(JMH_HEADER).append('\n');
		for (String row : rows) {
			String[] fields = row.split(",");
			csv.append("\"io.asynclog.benchmarks.capacity.SinkCostBenchmark.line\",\"avgt\",1,4,").append(fields[2])
				.append(",12.5,\"ns/op\",").append(fields[0]).append(',').append(fields[1]).append('\n');
		}
		Files.writeString(this.raw.resolve("jmh-round-" + round + ".csv"), csv);
	}

	private void saturation(String... rows) throws IOException {
		StringBuilder csv = new StringBuilder(String.join(",", SaturationRun.COLUMNS)).append('\n');
		for (String row : rows) {
			// round, position, backend, sink, lines/s; the rest as a run writes them.
			String[] f = row.split(",");
			csv.append(String.join(",", List.of(f[0], f[1], f[2], f[3], "2", "20", "8.0", "1000", f[4], "7.9", "1000.0",
					"1.0", "1.0", "400", "4096", "true", "0.99")))
				.append('\n');
		}
		Files.writeString(this.raw.resolve("saturation.csv"), csv);
	}

}
