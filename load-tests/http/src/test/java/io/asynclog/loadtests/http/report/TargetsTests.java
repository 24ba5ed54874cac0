package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;

import io.asynclog.loadtests.http.report.HttpComparisonReport.Comparison;
import io.asynclog.loadtests.http.report.Target.Status;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests of the target evaluation.
 *
 * @author asynclog
 */
class TargetsTests {

	@Test
	void allMetWhenAsyncLoggerIsFastEnough() {
		List<Target> results = HttpComparisonReport.targets(Comparison.of(List.of(
				Runs.closed("sync/3/flush/study", 1, 1000, 400), Runs.closed("async-logger/3/flush/study", 1, 2400, 100),
				Runs.closed("async-appender/3/flush/study", 1, 2000, 150),
				Runs.closed("async-logger/6/flush/study", 1, 2300, 100),
				Runs.closed("async-appender/6/flush/study", 1, 1800, 150), Runs.closed("logging-off", 1, 2600, 90))));
		assertEquals(List.of(Status.MET, Status.MET, Status.MET, Status.MET, Status.MET),
				results.stream().map(Target::status).toList());
		assertEquals("async-logger/3/flush/study TPS \u2265 2.0\u00d7 sync/3/flush/study", results.get(0).target());
		assertEquals("async-logger/3/flush/study 2,400 vs sync/3/flush/study 1,000 TPS: 2.40\u00d7 (needs \u2265 2.00\u00d7)",
				results.get(0).figures());
		assertEquals("async-logger/3/flush/study p99 \u2264 1.2\u00d7 logging-off p99", results.get(2).target());
		assertEquals("async-logger/3/flush/study 100 vs logging-off 90 ms p99: 1.11\u00d7 (needs \u2264 1.20\u00d7)",
				results.get(2).figures());
		assertEquals("async-logger/6/flush/study TPS > async-appender/6/flush/study TPS", results.get(4).target());
	}

	@Test
	void missedWhenBelowTheThresholds() {
		List<Target> results = HttpComparisonReport.targets(Comparison.of(List.of(
				Runs.closed("sync/3/flush/study", 1, 1000, 400), Runs.closed("async-logger/3/flush/study", 1, 1500, 200),
				Runs.closed("async-appender/3/flush/study", 1, 1500, 150),
				Runs.closed("async-logger/6/flush/study", 1, 1000, 100),
				Runs.closed("async-appender/6/flush/study", 1, 1800, 150), Runs.closed("logging-off", 1, 2600, 90))));
		assertEquals(List.of(Status.MISSED, Status.MISSED, Status.MISSED, Status.MISSED, Status.MISSED),
				results.stream().map(Target::status).toList());
	}

	@Test
	void thresholdsAreInclusive() {
		List<Target> results = HttpComparisonReport.targets(Comparison.of(List.of(
				Runs.closed("sync/3/flush/study", 1, 1125, 400), Runs.closed("async-logger/3/flush/study", 1, 2250, 120),
				Runs.closed("logging-off", 1, 2500, 100))));
		assertEquals(Status.MET, results.get(0).status());
		assertEquals(Status.MET, results.get(1).status());
		assertEquals(Status.MET, results.get(2).status());
	}

	@Test
	void notMeasuredWhenAConfigurationIsMissing() {
		List<Target> results = HttpComparisonReport
			.targets(Comparison.of(List.of(Runs.closed("async-logger/3/flush/study", 1, 2000, 120),
					Runs.closed("async-logger/6/flush/study", 1, 2000, 120))));
		assertEquals(List.of(Status.NOT_MEASURED, Status.NOT_MEASURED, Status.NOT_MEASURED, Status.NOT_MEASURED,
				Status.NOT_MEASURED), results.stream().map(Target::status).toList());
		assertEquals("no TPS for sync/3/flush/study", results.get(0).figures());
		assertEquals("no ms p99 for logging-off", results.get(2).figures());
		assertEquals("no TPS for async-appender/6/flush/study", results.get(4).figures());
	}

	@Test
	void notMeasuredWhenAMetricIsMissing() {
		List<RunRecord> runs = new ArrayList<>(List.of(Runs.closed("async-logger/3/flush/study", 1, 2000, 120)));
		RunRecord off = Runs.closed("logging-off", 1, 2500, Double.NaN);
		runs.add(off);
		List<Target> results = HttpComparisonReport.targets(Comparison.of(runs));
		assertEquals(Status.MISSED, results.get(1).status(), "0.8x logging-off TPS is below 0.9x");
		assertEquals(Status.NOT_MEASURED, results.get(2).status());
	}

	@Test
	void greaterNotesOverlappingRangesAndLineFailures() {
		List<Target> results = HttpComparisonReport.targets(Comparison.of(List.of(
				Runs.closed("async-logger/3/flush/study", 1, 1900, 100),
				Runs.closed("async-logger/3/flush/study", 2, 2000, 100),
				Runs.closed("async-logger/3/flush/study", 3, 2300, 100),
				Runs.closed("async-appender/3/flush/study", "async-appender", 3, true, "study", 1, 1700, 100, true),
				Runs.closed("async-appender/3/flush/study", "async-appender", 3, true, "study", 2, 1800, 100, false),
				Runs.closed("async-appender/3/flush/study", "async-appender", 3, true, "study", 3, 1900, 100, true))));
		Target at3 = results.get(3);
		assertEquals(Status.MET, at3.status());
		assertEquals("async-logger/3/flush/study 2,000 (1,900\u20132,300) vs async-appender/3/flush/study "
				+ "1,800 (1,700\u20131,900) TPS: 1.11\u00d7; the min\u2013max ranges overlap; "
				+ "lines check failed in 1 of 3 repeats of async-appender/3/flush/study", at3.figures());
	}

	@Test
	void ratioShowsAThirdDecimalOnlyWhenTwoWouldHideTheSide() {
		assertEquals("1.996\u00d7", HttpComparisonReport.ratio(1.996, 2.0));
		assertEquals("2.004\u00d7", HttpComparisonReport.ratio(2.004, 2.0));
		assertEquals("2.00\u00d7", HttpComparisonReport.ratio(2.0, 2.0));
		assertEquals("2.22\u00d7", HttpComparisonReport.ratio(2.2222, 2.0));
		assertTrue(HttpComparisonReport.ratio(0.8, 0.9).startsWith("0.80"));
	}

}
