package io.asynclog.loadtests.http.report;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.asynclog.loadtests.http.report.HttpComparisonReport.Comparison;
import io.asynclog.loadtests.report.Stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests of the study's table: grouping, ordering, medians and ratios to the twins.
 *
 * @author asynclog
 */
class ComparisonTests {

	private static final double DELTA = 1e-9;

	@Test
	void ordersTheStudyGridThenOtherConfigsThenLoggingOff() {
		Comparison comparison = Comparison.of(List.of(Runs.closed("logging-off", 1, 2500, 90),
				Runs.closed("all-async/3/flush/study", 1, 2400, 100),
				Runs.closed("async-logger/3/flush/plain", 1, 2200, 100),
				Runs.closed("async-logger/3/no-flush/study", 1, 2100, 100),
				Runs.closed("async-logger/3/flush/study", 1, 2000, 100), Runs.closed("sync/1/flush/study", 1, 900, 300)));
		List<String> order = comparison.closed().stream().map((row) -> row.config().id()).toList();
		assertEquals(List.of("sync/1/flush/study", "async-appender/1/flush/study", "async-logger/1/flush/study",
				"sync/3/flush/study", "async-appender/3/flush/study", "async-logger/3/flush/study",
				"sync/6/flush/study", "async-appender/6/flush/study", "async-logger/6/flush/study",
				"async-logger/3/flush/plain", "async-logger/3/no-flush/study", "all-async/3/flush/study",
				"logging-off"), order);
		assertFalse(comparison.closed().get(1).measured(), "async-appender/1 was not run");
	}

	@Test
	void flushComesBeforeNoFlushAndStudyBeforePlain() {
		Comparison comparison = Comparison.of(List.of(Runs.closed("async-logger/3/no-flush/study", 1, 1, 1),
				Runs.closed("async-logger/3/flush/plain", 1, 1, 1), Runs.closed("async-logger/3/no-flush/plain", 1, 1, 1),
				Runs.closed("all-async/1/flush/study", 1, 1, 1), Runs.closed("sync/3/flush/plain", 1, 1, 1)));
		List<String> others = comparison.closed().stream().map((row) -> row.config().id()).toList().subList(9, 14);
		assertEquals(List.of("sync/3/flush/plain", "async-logger/3/flush/plain", "async-logger/3/no-flush/study",
				"async-logger/3/no-flush/plain", "all-async/1/flush/study"), others);
		assertEquals("logging-off", comparison.closed().get(14).config().id());
		assertFalse(comparison.closed().get(14).measured());
	}

	@Test
	void takesMediansOverRepeats() {
		Comparison comparison = Comparison.of(List.of(Runs.closed("sync/6/flush/study", 1, 600, 500),
				Runs.closed("sync/6/flush/study", 2, 700, 600)));
		RoundRuns.Row sync6 = comparison.measured("sync/6/flush/study").orElseThrow();
		assertEquals(2, sync6.rounds());
		assertEquals(new Stats(2, 650, 600, 700), sync6.over(RunRecord::tps));
		assertEquals(550.0, sync6.over(RunRecord::p99Ms).median(), DELTA);
		assertEquals(165.0, sync6.over(RunRecord::appCpuPct).median(), DELTA);
	}

	@Test
	void ratiosUseSyncWithTheSameAppendersFlushAndPatternAndLoggingOff() {
		Comparison comparison = Comparison.of(List.of(Runs.closed("sync/1/flush/study", 1, 1000, 300),
				Runs.closed("sync/3/flush/study", 1, 900, 400),
				Runs.closed("async-logger/3/flush/study", 1, 2000, 120),
				Runs.closed("async-logger/3/flush/plain", 1, 2200, 110),
				Runs.closed("async-logger/3/no-flush/study", 1, 2100, 100), Runs.closed("logging-off", 1, 2500, 90),
				Runs.closed("logging-off", 2, 2500, 90)));
		RoundRuns.Row logger = row(comparison, "async-logger/3/flush/study");
		assertEquals(2000.0 / 900, logger.medianRatioTo(Comparison.SYNC, RunRecord::tps), DELTA);
		assertEquals(0.8, logger.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps), DELTA);
		assertEquals(120.0 / 90, logger.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::p99Ms), DELTA);
		assertEquals(1.0, row(comparison, "sync/3/flush/study").medianRatioTo(Comparison.SYNC, RunRecord::tps), DELTA);
		// No sync with the plain pattern, nor without flush: no ratio to sync.
		assertTrue(Double.isNaN(row(comparison, "async-logger/3/flush/plain").medianRatioTo(Comparison.SYNC, RunRecord::tps)));
		assertTrue(Double.isNaN(row(comparison, "async-logger/3/no-flush/study").medianRatioTo(Comparison.SYNC, RunRecord::tps)));
		assertEquals(2100.0 / 2500, row(comparison, "async-logger/3/no-flush/study").medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps), DELTA);
		// logging-off reports one appender with flush and the study pattern, but is not compared with sync/1.
		RoundRuns.Row off = row(comparison, "logging-off");
		assertTrue(Double.isNaN(off.medianRatioTo(Comparison.SYNC, RunRecord::tps)));
		assertEquals(1.0, off.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps), DELTA);
		// Configurations that were not run have no ratios.
		RoundRuns.Row missing = row(comparison, "async-appender/3/flush/study");
		assertTrue(Double.isNaN(missing.medianRatioTo(Comparison.SYNC, RunRecord::tps)));
		assertTrue(Double.isNaN(missing.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps)));
		assertTrue(Double.isNaN(missing.medianRatioTo(Comparison.LOGGING_OFF, RunRecord::p99Ms)));
	}

	@Test
	void ratiosToLoggingOffAreUnknownWithoutIt() {
		Comparison comparison = Comparison.of(List.of(Runs.closed("async-logger/3/flush/study", 1, 2000, 120)));
		assertTrue(Double.isNaN(row(comparison, "async-logger/3/flush/study").medianRatioTo(Comparison.LOGGING_OFF, RunRecord::tps)));
		assertTrue(comparison.loggingOff().isEmpty());
	}

	@Test
	void groupsOpenRunsByConfigAndRate() {
		Comparison comparison = Comparison.of(List.of(Runs.open("sync/3/flush/study", "sync", 3, 300, 1, 80),
				Runs.open("async-logger/3/flush/study", "async-logger", 3, 200, 1, 10),
				Runs.open("sync/3/flush/study", "sync", 3, 200, 1, 40),
				Runs.open("sync/3/flush/study", "sync", 3, 200, 2, 60)));
		assertEquals(3, comparison.open().size());
		List<RunRecord> first = comparison.open().get(0);
		assertEquals("sync/3/flush/study", first.get(0).config());
		assertEquals(200.0, first.get(0).rate());
		assertEquals(2, first.size());
		assertTrue(first.stream().allMatch((run) -> run.rate() == 200.0 && run.config().equals("sync/3/flush/study")));
		assertEquals(50.0, RoundRuns.over(first, RunRecord::p99Ms).median(), DELTA);
		assertEquals(300.0, comparison.open().get(1).get(0).rate());
		assertEquals("async-logger/3/flush/study", comparison.open().get(2).get(0).config());
		assertTrue(comparison.measuredClosed().isEmpty());
	}

	private static RoundRuns.Row row(Comparison comparison, String config) {
		return comparison.closed().stream().filter((r) -> r.config().id().equals(config)).findFirst().orElseThrow();
	}

}
