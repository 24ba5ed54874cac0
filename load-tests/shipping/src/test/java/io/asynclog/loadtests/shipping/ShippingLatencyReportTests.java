package io.asynclog.loadtests.shipping;

import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link ShippingLatencyReport} on a small CSV fixture.
 *
 * @author asynclog
 */
class ShippingLatencyReportTests {

	private static List<String> csv(String... rows) {
		return java.util.stream.Stream.concat(java.util.stream.Stream.of(LatencyLoad.HEADER), java.util.stream.Stream.of(rows))
			.toList();
	}

	private static String row(String config, int round, int position, double p99, long ringMaxUsed) {
		return config + "," + round + "," + position + ",500,30,5,15000,0,2.000," + p99 + ",40.000,50.000,3.000,1.000,"
				+ "1048576," + ringMaxUsed + "," + ringMaxUsed + ",0,100,100,0,1.50,2.00,2.00/1.80/1.20";
	}

	@Test
	void parsesColumnsByHeaderName() {
		List<ShippingRun> runs = ShippingRun.read(csv(row("running", 1, 1, 10.5, 42)));
		assertThat(runs).singleElement().satisfies((run) -> {
			assertThat(run.config()).isEqualTo("running");
			assertThat(run.cell("p99_ms")).isEqualTo("10.5");
			assertThat(ShippingLatencyReport.count(run, "ring_max_used")).isEqualTo(42);
			assertThat(ShippingLatencyReport.count(run, "ring_capacity")).isEqualTo(1048576);
			assertThat(ShippingLatencyReport.loadEnd(run)).isEqualTo("2.00 1.80 1.20");
			assertThat(ShippingLatencyReport.ringFilled(run)).isFalse();
		});
	}

	@Test
	void rejectsARowWithMissingCells() {
		assertThatIllegalArgumentException().isThrownBy(() -> ShippingRun.read(csv("running,1,1")));
	}

	@Test
	void pairsRoundsAndTakesTheMedianRatio() {
		List<ShippingRun> runs = ShippingRun.read(csv(row("running", 1, 1, 10, 5),
				row("stopped", 1, 2, 12, 9000), row("stopped", 2, 1, 30, 9000), row("running", 2, 2, 10, 5),
				row("running", 3, 1, 10, 5), row("stopped", 3, 2, 8, 9000), row("running", 4, 1, 10, 5)));
		assertThat(ShippingLatencyReport.ratios(runs).keySet()).containsExactly(1, 2, 3);
		assertThat(ShippingLatencyReport.verdict(runs)).startsWith("**Met:**").contains("median 1.20×", "2 of 3 rounds");
		String md = ShippingLatencyReport.markdown(runs, new Properties());
		// ratios 1.2, 3 and 0.8; round 4 has no stopped run, but its run is in the table
		assertThat(md).contains("| 2 | 3.00× |", "| **median (min–max)** | **1.20×** (0.80×–3.00×) |",
				"at most 9,000 of 1,048,576 slots", "| 2 | 1 | `stopped` | 15,000 | 0 | 2.00 | 30.00 | 40.00 | 50.00 |",
				"| 4 | 1 | `running` |");
	}

	@Test
	void aLoadAboveTheCoresMakesTheRunInconclusive() {
		List<ShippingRun> runs = ShippingRun.read(csv(row("running", 1, 1, 10, 5)));
		Properties info = new Properties();
		info.setProperty("cores", "2");
		assertThat(ShippingLatencyReport.busy(runs, info)).isEmpty();
		info.setProperty("cores", "1");
		assertThat(ShippingLatencyReport.busy(runs, info)).hasValueSatisfying(
				(warning) -> assertThat(warning).startsWith("**Inconclusive on this machine:**").contains("2.00 on 1 cores"));
	}

	@Test
	void consoleLinesAreCheckedPerRun() {
		java.util.Properties info = new java.util.Properties();
		assertThat(ShippingLatencyReport.consoleLines(info)).isEqualTo("Console lines: not counted in this run.");
		info.setProperty("round.1.running.console", "500 of 500");
		info.setProperty("round.1.stopped.console", "500 of 500");
		assertThat(ShippingLatencyReport.consoleLines(info)).contains("in all 2 runs");
		info.setProperty("round.2.stopped.console", "480 of 500");
		assertThat(ShippingLatencyReport.consoleLines(info))
			.isEqualTo("**Console lines missing:** round.2.stopped: 480 of 500.");
	}

	@Test
	void aMissedTargetAndAFullRingAreSaid() {
		assertThat(ShippingLatencyReport.verdict(ShippingRun
			.read(csv(row("running", 1, 1, 10, 5), row("stopped", 1, 2, 16, 5))))).startsWith("**Missed:**");
		assertThat(ShippingLatencyReport.verdict(ShippingRun
			.read(csv(row("running", 1, 1, 10, 5), row("stopped", 1, 2, 11, 1048576))))).startsWith("**Missed:** the ring filled");
	}

}
