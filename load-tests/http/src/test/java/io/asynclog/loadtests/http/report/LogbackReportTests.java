package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.loadtests.report.Fmt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Logback report written from a small hand-made raw CSV and run-info (real files): the table
 * with per-round ratios to sync and to Logback's AsyncAppender, the lines lost counted from
 * expected minus found, and the two targets computed with their margins.
 *
 * @author asynclog
 */
class LogbackReportTests {

	private static final String HEADER = "config,mode,appenders,immediate_flush,pattern,model,users,rate,repeat,"
			+ "duration_s,requests_ok,requests_ko,tps,mean_ms,p50_ms,p95_ms,p99_ms,max_ms,app_cpu_pct,app_rss_mb,"
			+ "app_threads,app_write_syscalls_per_s,app_write_bytes_per_s,app_wchar_bytes_per_s,gatling_cpu_pct,"
			+ "lines_expected,lines_found,lines_ok,queue_peak,queue_dropped,p999_ms,out_of_order_lines,"
			+ "max_jump_back_ms,peak_ring_used,cpu_request_s,cpu_logging_bg_s,cpu_other_s,backend,lines_lost";

	private static final String OPTIONS = "/lines=20/cores=2/sink=boot-console/backend=logback";

	private static final String SYNC = "sync/1/flush/boot" + OPTIONS;

	private static final String ASYNC_APPENDER = "logback-async-appender/1/flush/boot" + OPTIONS;

	private static final String ASYNC_LOGGER = "async-logger/1/flush/boot" + OPTIONS;

	private static final String DISCARD = "async-logger/1/flush/boot/lines=20/cores=2/policy=discard"
			+ "/sink=boot-console/backend=logback";

	private static final String OFF = "logging-off" + OPTIONS;

	@TempDir
	Path dir;

	@Test
	void writesRatiosPerRoundLinesLostAndTargetsWithMargins() throws IOException {
		List<String> rows = new ArrayList<>();
		int[] asyncAppender = { 1500, 1400, 1600 };
		// asynclog over the AsyncAppender per round: 1.067, 0.929, 1.0625 -> median 1.0625 (met by 0.06)
		int[] asyncLogger = { 1600, 1300, 1700 };
		// the AsyncAppender's console holds 30%, 25% and 35% of the lines logged
		double[] asyncAppenderKept = { 0.30, 0.25, 0.35 };
		for (int round = 1; round <= 3; round++) {
			rows.add(run(SYNC, "sync", round, 1000, 1.0, 0));
			rows.add(run(ASYNC_APPENDER, "logback-async-appender", round, asyncAppender[round - 1],
					asyncAppenderKept[round - 1], 256));
			// Before the default ring on purpose: the targets must still read the block row.
			// 1,800 x 20 x 20 = 720,000 lines, 10% dropped and counted: 72,000
			rows.add(run(DISCARD, "async-logger", round, 1800, 0.9, 16384, 72_000));
			rows.add(run(ASYNC_LOGGER, "async-logger", round, asyncLogger[round - 1], 1.0, 16384));
			rows.add(run(OFF, "logging-off", round, 2500, 1.0, 0));
		}
		Path csv = Files.writeString(this.dir.resolve("raw-runs.csv"), HEADER + "\n" + String.join("\n", rows) + "\n");
		Path info = Files.writeString(this.dir.resolve("run-info.properties"), "date=2026-11-23T14:30:00Z\n"
				+ "machine=2 CPUs\nusers=400\nduration_s=20\nwarmup_s=40\nrepeats=3\napp.logback_jar=demo.jar\n");
		Path report = this.dir.resolve("report");
		Files.createDirectories(report);
		Files.writeString(report.resolve(LogbackReport.PAGE.notes()), "Load 5 before, 6 after.\n");

		LogbackReport.write(csv, info, report);

		String md = Files.readString(report.resolve(LogbackReport.MARKDOWN), StandardCharsets.UTF_8);
		assertThat(md).contains("Notes: [http-logback-notes.md](http-logback-notes.md).", "`demo.jar`")
			.doesNotContain("Load 5 before, 6 after.");
		// 1,500 TPS x 20 s x 20 lines = 600,000 logged, 70% lost = 420,000; 1,400 TPS, 75% lost = 420,000;
		// 1,600 TPS, 65% lost = 416,000: median 420,000 (416,000-420,000), 70% of the lines
		assertThat(md).contains("| Logback AsyncAppender (queue 256) | 1,500 (1,400–1,600) | 1.50× (1.40×–1.60×)"
				+ " | 1.00× (1.00×–1.00×) | 120 | 420,000 (416,000–420,000) | 70% |");
		assertThat(md).contains("| asynclog async-logger | 1,600 (1,300–1,700) | 1.60× (1.30×–1.70×) | 1.06× (0.93×–1.07×)"
				+ " | 120 | 0 (0–0) | 0% | 0% | 0 | 16,384 | 0 |");
		// compared with the block rows' sync and AsyncAppender runs: 1,800 over 1,500, 1,400, 1,600
		assertThat(md).contains("| asynclog async-logger, discard | 1,800 (1,800–1,800) | 1.80× (1.80×–1.80×)"
				+ " | 1.20× (1.13×–1.29×) | 120 | 72,000 (72,000–72,000) | 10% |");
		assertThat(md).contains("| ok, every drop counted |");
		assertThat(md).contains("| ok, losses counted |", "| ok, all written |");
		assertThat(md).contains("| logging-off (ceiling) | 2,500 (2,500–2,500) | 2.50× (2.50×–2.50×)");
		assertThat(md).contains("| asynclog async-logger on Logback: TPS ≥ Logback AsyncAppender's (per round) | 1.06×"
				+ " (0.93×–1.07× over 3 rounds); 1,600 (1,300–1,700) TPS against 1,500 (1,400–1,600) | met | over by 0.06×"
				+ " (+6%) |");
		assertThat(md).contains("| asynclog async-logger on Logback drops no INFO line where Logback's AsyncAppender"
				+ " drops them | asynclog: 0 lines lost, 0 counted as dropped, worst of 3 runs; AsyncAppender: 420,000 INFO"
				+ " lines lost (70% of its lines), median of 3 runs (416,000–420,000), none counted | met |");
		assertThat(report.resolve(LogbackReport.TPS_CHART)).isNotEmptyFile();
		assertThat(report.resolve(LogbackReport.LOST_CHART)).isNotEmptyFile();
		assertThat(report.resolve(LogbackReport.PAGE.rawCsv())).hasSameTextualContentAs(csv);
	}

	@Test
	void aLossByAsynclogMissesAndAnAsyncAppenderThatLostNothingProvesNothing() throws IOException {
		Path csv = Files.writeString(this.dir.resolve("raw-runs.csv"), HEADER + "\n"
				+ run(ASYNC_APPENDER, "logback-async-appender", 1, 1500, 1.0, 200) + "\n"
				+ run(ASYNC_LOGGER, "async-logger", 1, 1200, 1.0, 300) + "\n");
		Path report = this.dir.resolve("report");
		LogbackReport.write(csv, this.dir.resolve("none.properties"), report);
		String md = Files.readString(report.resolve(LogbackReport.MARKDOWN), StandardCharsets.UTF_8);
		assertThat(md).contains("| 0.80× | 120 |", "| **missed** | short by 0.20× (-20%) |");
		assertThat(md).contains("| **not measured** | the AsyncAppender dropped nothing: the load never filled its queue |");

		Files.writeString(csv, HEADER + "\n" + run(ASYNC_APPENDER, "logback-async-appender", 1, 1500, 0.5, 256) + "\n"
				+ run(ASYNC_LOGGER, "async-logger", 1, 1200, 0.99, 300) + "\n");
		LogbackReport.write(csv, this.dir.resolve("none.properties"), report);
		md = Files.readString(report.resolve(LogbackReport.MARKDOWN), StandardCharsets.UTF_8);
		// 1,200 x 20 x 20 = 480,000 logged, 1% missing = 4,800
		assertThat(md).contains("| **missed** | asynclog lost 4,800 lines in its worst run |");
		assertThat(md).contains("| **failed** |");
	}

	/**
	 * One closed-model row: 20 s, 20 lines a request, p99 120 ms; {@code kept} of the lines logged
	 * reached the console (the line check fails unless all did, or the configuration counts losses).
	 */
	private static String run(String config, String mode, int round, int tps, double kept, long peak) {
		return run(config, mode, round, tps, kept, peak, 0);
	}

	private static String run(String config, String mode, int round, int tps, double kept, long peak, long dropped) {
		double requests = tps * 20.0;
		double lines = mode.equals("logging-off") ? 0 : requests * 20;
		double found = Math.round(lines * kept);
		boolean ok = found == lines || mode.equals("logback-async-appender");
		return String.join(",", config, mode, "1", "true", "boot", "closed", "400", "", Integer.toString(round), "20",
				Fmt.csv(requests), "0", Integer.toString(tps), "50", "40", "90", "120", "300", "150", "300", "40", "1000",
				"0", "5000000", "60", Fmt.csv(lines), Fmt.csv(found), Boolean.toString(ok),
				mode.equals("sync") ? "" : Long.toString(peak), mode.equals("sync") ? "" : Long.toString(dropped), "150", "0", "0",
				Long.toString(peak), "12", "2", "2", "logback", Fmt.csv(lines - found));
	}

}
