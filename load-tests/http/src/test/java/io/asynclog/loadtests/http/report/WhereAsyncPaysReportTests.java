package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.http.report.WhereAsyncPaysReport.CostModel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The part-two report from a small matrix of made-up runs whose figures the cost model's
 * arithmetic can be checked against by hand.
 */
class WhereAsyncPaysReportTests {

	/** f = 0.5 µs, w = 1 µs (flushed row 1.5 µs), a = 0.5 µs (50 ms a burst of 100,000). */
	private static final CostModel.JmhCosts JMH = new CostModel.JmhCosts(0.5, 1.0, 0.5, 0.4);

	@Test
	void costModelChargesEveryLineToTheOneCoreWhoeverWritesIt() {
		RoundRuns runs = WhereAsyncPaysReport.closedRuns(List.of(
				// logging off at 20 lines: 100% CPU at 5,000 TPS, so h = 200 µs
				closed("logging-off/lines=20", 5000, 100, 50, 100), closed("sync/1/flush/plain/lines=20", 4000, 100, 50, 150),
				closed("async-logger/1/flush/plain/lines=20", 3800, 100, 50, 200),
				closed("async-logger/1/flush/plain/lines=20/cores=2", 4500, 140, 60, 150)));
		CostModel model = new CostModel(JMH, 20);
		CostModel.Prediction sync = model.predict(RunConfig.parse("sync/1/flush/plain/lines=20"), runs).orElseThrow();
		assertEquals(200, sync.httpUs(), 1e-9);
		assertEquals(20 * 1.5, sync.loggingUs(), 1e-9);
		assertEquals(1e6 / 230, sync.tps(), 1e-6);
		CostModel.Prediction async = model.predict(RunConfig.parse("async-logger/1/flush/plain/lines=20"), runs)
			.orElseThrow();
		assertEquals(20 * 2.0, async.loggingUs(), 1e-9);
		assertEquals(1e6 / 240, async.tps(), 1e-6);
		assertEquals("one core", async.bound());
		// Two cores less Gatling's 60%: 1.4 cores over 240 µs, under the background thread's 1 / (20 × 1.5 µs).
		CostModel.Prediction both = model
			.predict(RunConfig.parse("async-logger/1/flush/plain/lines=20/cores=2"), runs)
			.orElseThrow();
		assertEquals(1.4e6 / 240, both.tps(), 1e-6);
		assertTrue(model.predict(RunConfig.parse("logging-off/lines=20"), runs).isEmpty());
		CostModel.Prediction buffered = model.predict(RunConfig.parse("sync/1/no-flush/plain/lines=20"), runs)
			.orElseThrow();
		assertEquals(20 * 0.5, buffered.loggingUs(), 1e-9, "no flush: the write is part of f");
	}

	@Test
	void slowSinkCapsSyncAtTheReadersRateAndAsyncOnceItsRingIsFull() {
		RoundRuns runs = WhereAsyncPaysReport.closedRuns(List.of(closed("logging-off", 8000, 100, 40, 80)));
		CostModel model = new CostModel(JMH, 20);
		double sinkTps = 256.0 * 1024 / 190;
		CostModel.Prediction sync = model.predict(RunConfig.parse("sync/1/flush/plain/sink=slow"), runs).orElseThrow();
		assertEquals(sinkTps, sync.tps(), 1e-6);
		assertEquals("slow sink", sync.bound());
		CostModel.Prediction async = model.predict(RunConfig.parse("async-logger/1/flush/plain/sink=slow"), runs)
			.orElseThrow();
		double unbound = 1e6 / (125 + 0.5 + 3.0);
		double fill = 262_144 / (unbound - sinkTps);
		assertEquals(fill, async.ringFullAfterSeconds(), 1e-6);
		assertTrue(fill > 20, "at these rates the ring lasts the whole run");
		assertEquals(unbound, async.tps(), 1e-6);
	}

	@Test
	void targetsAreComputedAndAMissSaysWhy() {
		RoundRuns runs = WhereAsyncPaysReport.closedRuns(List.of(closed("logging-off/lines=20", 5000, 100, 50, 100),
				closed("sync/1/flush/plain/lines=20", 4000, 100, 50, 150),
				closed("async-logger/1/flush/plain/lines=20", 3800, 100, 50, 200), closed("logging-off/sink=slow", 6000, 100, 50, 100),
				closed("sync/1/flush/plain/sink=slow", 1300, 90, 50, 600),
				closed("async-logger/1/flush/plain/sink=slow", 5800, 100, 50, 120)));
		List<Target> targets = WhereAsyncPaysReport.targets(runs, new CostModel(JMH, 20));
		assertEquals(3, targets.size());
		assertEquals(Target.Status.MISSED, targets.get(0).status());
		assertTrue(targets.get(0).figures().contains("0.95×"), targets.get(0).figures());
		assertTrue(targets.get(0).margin().matches("one core: h = [0-9.]+ µs \\+ [0-9.]+ µs of logging a request; the model predicts .*"), targets.get(0).margin());
		assertEquals(Target.Status.MISSED, targets.get(1).status());
		assertEquals(Target.Status.MET, targets.get(2).status(), targets.get(2).figures());
	}

	@Test
	void writesTheReportWithItsSectionsAndCopiesTheRawData(@TempDir Path dir) throws IOException {
		List<RunRecord> records = new ArrayList<>(List.of(closed("logging-off/lines=20", 5000, 100, 50, 100),
				closed("sync/1/flush/plain/lines=20", 4000, 100, 50, 150)));
		records.add(open("sync/1/flush/plain/lines=20", 2000, 20, 40, 90));
		Path raw = dir.resolve("in").resolve("raw-runs.csv");
		Files.createDirectories(raw.getParent());
		StringBuilder csv = new StringBuilder(String.join(",", RawCsvReader.COLUMNS) + ",p999_ms\n");
		for (RunRecord record : records) {
			csv.append(Runs.csv(record)).append(',').append(record.p999Ms()).append('\n');
		}
		Files.writeString(raw, csv);
		Path info = raw.resolveSibling("run-info.properties");
		Files.writeString(info, "duration_s=20\nmatrix=where-async-pays\n");
		Path out = dir.resolve("out");
		WhereAsyncPaysReport.write(raw, info, out);
		String md = Files.readString(out.resolve(WhereAsyncPaysReport.MARKDOWN), StandardCharsets.UTF_8);
		assertTrue(md.contains("## 1. Lines per request"));
		assertTrue(md.contains("| 20 | sync, 20 lines | 4,000 | 1.00× | 0.80× |"), md);
		assertTrue(md.contains("| sync, 20 lines | 2,000 | 50 | 20 | 40 | 90 | 0 |"), md);
		assertTrue(md.contains("## 5. Cost model"));
		assertTrue(Files.size(out.resolve(WhereAsyncPaysReport.TPS_CHART)) > 0, "the chart");
		assertTrue(Files.isRegularFile(out.resolve(WhereAsyncPaysReport.PAGE.rawCsv())));
		assertTrue(Files.isRegularFile(out.resolve(WhereAsyncPaysReport.PAGE.runInfo())));
	}

	/** A closed run: app CPU in percent of a core, Gatling CPU, p99. */
	private static RunRecord closed(String config, double tps, double appCpu, double gatlingCpu, double p99) {
		RunConfig parsed = RunConfig.parse(config);
		return Runs.record(parsed.id(), parsed.csvMode(), 1, true, "plain", RunRecord.CLOSED, 400, Double.NaN, 1, 20,
				tps * 20, 0, tps, p99 / 4, p99 / 2, p99 * 0.9, p99, p99 * 2, appCpu, 250, 30, tps, tps * 190, tps * 190,
				gatlingCpu, tps * 20, tps * 20, true, 10, 0, p99 * 1.5);
	}

	private static RunRecord open(String config, double rate, double p50, double p99, double p999) {
		RunConfig parsed = RunConfig.parse(config);
		return Runs.record(parsed.id(), parsed.csvMode(), 1, true, "plain", RunRecord.OPEN, null, rate, 1, 20,
				rate * 20, 0, rate, p50, p50, p99 * 0.9, p99, p999 * 2, 60, 250, 30, rate, rate * 190, rate * 190, 30,
				rate * 20, rate * 20, true, 10, 0, p999);
	}

}
