package io.asynclog.loadtests.http.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End-to-end: a small raw CSV and run-info written here, the report written to a temporary
 * directory, and its markdown, CSV and PNGs checked.
 *
 * @author asynclog
 */
class HttpComparisonReportTests {

	@TempDir
	Path dir;

	@Test
	void writesMarkdownCsvAndCharts() throws IOException {
		Path report = writeReport();
		String md = Files.readString(report.resolve("http-comparison.md"), StandardCharsets.UTF_8);
		List<String> lines = md.lines().toList();

		assertTrue(md.startsWith("# HTTP comparison: synchronous vs asynchronous Log4j2 logging\n"));
		assertTrue(lines.contains("- Run: 2025-01-02 03:04 UTC, 2 CPUs (test CPU), 4 GiB RAM; JDK OpenJDK 17.0.15,"
				+ " Gatling 3.13.5"), md);
		assertTrue(lines.contains("- Each run: 400 closed-model users (open model: 200 users arriving per second), 60 s after 30 s of warm-up; 3 repeats, medians"
				+ " (min–max); placement: app on CPU 0, Gatling on CPU 1."), md);
		assertFalse(md.contains("Notes:"), md);
		assertTrue(lines.contains("- Command: `load-tests/scripts/http-comparison.sh --repeats=3`"));

		String header = "| config | mode | appenders | flush | pattern | TPS median (min\u2013max) | mean ms | p95 ms | p99 ms "
				+ "| app CPU % | RSS MB | threads | write calls/s | file writes/s | written MB/s | Gatling CPU % | TPS \u00f7 sync "
				+ "| TPS \u00f7 logging-off | p99 \u00f7 logging-off | lines | queue peak | dropped |";
		assertTrue(lines.contains(header), md);
		String asyncLogger3 = "| async-logger/3/flush/study | async-logger | 3 | yes | study | 2,000 (1,900\u20132,300) "
				+ "| 30 | 60 | 120 | 170 | 250 | 30 | 6,000 | 6,000 | 0.65 | 80 | 2.22\u00d7 | 0.80\u00d7 | 1.33\u00d7 | \u2713 | \u2013 | \u2013 |";
		String sync6 = "| sync/6/flush/study | sync | 6 | yes | study | 650 (600\u2013700) | 138 | 275 | 550 | 165 | 250 "
				+ "| 30 | 3,900 | 3,900 | 0.42 | 80 | 1.00\u00d7 | 0.26\u00d7 | 6.11\u00d7 | \u2713 | \u2013 | \u2013 |";
		String missing = "| async-appender/6/flush/study | async-appender | 6 | yes | study"
				+ " | \u2013".repeat(17) + " |";
		String off = "| logging-off | logging-off | 1 | yes | study | 2,500 (2,400\u20132,600) | 22.5 | 45 | 90 "
				+ "| 170 | 250 | 30 | 0 | 0 | 0 | 80 | \u2013 | 1.00\u00d7 | 1.00\u00d7 | \u2713 | \u2013 | \u2013 |";
		assertTrue(lines.contains(asyncLogger3), md);
		assertTrue(lines.contains(sync6), md);
		assertTrue(lines.contains(missing), md);
		assertTrue(lines.contains(off), md);
		assertTrue(lines.stream()
			.anyMatch((l) -> l.startsWith("| async-logger/3/no-flush/study |") && l.endsWith("| \u2717 1 of 3 failed | \u2013 | \u2013 |")), md);
		assertTrue(lines.contains("No request failed."), md);

		List<String> order = lines.subList(lines.indexOf("## Closed model (400 users)"), lines.size())
			.stream()
			.filter((l) -> l.startsWith("| ") && !l.startsWith("| config"))
			.map((l) -> l.substring(2, l.indexOf(" |")))
			.toList();
		assertEquals(List.of("sync/1/flush/study", "async-appender/1/flush/study", "async-logger/1/flush/study",
				"sync/3/flush/study", "async-appender/3/flush/study", "async-logger/3/flush/study",
				"sync/6/flush/study", "async-appender/6/flush/study", "async-logger/6/flush/study",
				"async-logger/3/no-flush/study", "logging-off",
				// open-model table
				"async-logger/3/flush/study"), order);

		assertTrue(lines.contains("## Open model"), md);
		assertTrue(lines.contains("| async-logger/3/flush/study | 200 | 3 | 1.50 | 6 | 12 | 24 | 100 |"), md);

		assertTrue(lines.contains("| async-logger/3/flush/study TPS \u2265 2.0\u00d7 sync/3/flush/study | "
				+ "async-logger/3/flush/study 2,000 (1,900\u20132,300) vs sync/3/flush/study 900 (800\u20131,000) TPS: "
				+ "2.22\u00d7 (needs \u2265 2.00\u00d7) | met |  |"), md);
		assertTrue(lines.contains("| async-logger/3/flush/study TPS \u2265 0.9\u00d7 logging-off | "
				+ "async-logger/3/flush/study 2,000 (1,900\u20132,300) vs logging-off 2,500 (2,400\u20132,600) TPS: "
				+ "0.80\u00d7 (needs \u2265 0.90\u00d7) | **missed** |  |"), md);
		assertTrue(lines.contains("| async-logger/3/flush/study p99 \u2264 1.2\u00d7 logging-off p99 | "
				+ "async-logger/3/flush/study 120 (100\u2013150) vs logging-off 90 (80\u2013100) ms p99: "
				+ "1.33\u00d7 (needs \u2264 1.20\u00d7) | **missed** |  |"), md);
		assertTrue(lines.contains("| async-logger/3/flush/study TPS > async-appender/3/flush/study TPS | "
				+ "async-logger/3/flush/study 2,000 (1,900\u20132,300) vs async-appender/3/flush/study "
				+ "1,800 (1,700\u20131,900) TPS: 1.11\u00d7; the min\u2013max ranges overlap | met |  |"), md);
		assertTrue(lines.contains("| async-logger/6/flush/study TPS > async-appender/6/flush/study TPS "
				+ "| no TPS for async-appender/6/flush/study | **not measured** |  |"), md);

		for (String png : List.of("http-comparison-tps.png", "http-comparison-p99.png", "http-comparison-cpu.png",
				"http-comparison-disk.png")) {
			Path file = report.resolve(png);
			assertTrue(Files.size(file) > 0, png);
			BufferedImage image = ImageIO.read(file.toFile());
			assertEquals(1000, image.getWidth(), png);
			assertTrue(image.getHeight() >= 600, png);
			assertTrue(lines.contains("![" + png + "](" + png + ")"), md);
		}
		assertTrue(md.endsWith("![http-comparison-disk.png](http-comparison-disk.png)\n\n"), md);

		List<String> csv = Files.readAllLines(report.resolve("http-comparison.csv"), StandardCharsets.UTF_8);
		assertEquals(String.join(",", HttpComparisonReport.CSV_HEADER), csv.get(0));
		assertEquals(12, csv.size());
		assertTrue(csv.contains("async-logger/3/flush/study,async-logger,3,true,study,3,2000,1900,2300,30,15,60,120,100,"
				+ "150,240,170,250,30,6000,648000,0.648,648000,80,0,3,2.2222,0.8,1.3333"), String.join("\n", csv));
		assertTrue(csv.contains("async-appender/6/flush/study,async-appender,6,true,study,0" + ",".repeat(23)),
				String.join("\n", csv));
	}

	@Test
	void linksToTheNotesWhenAHumanWroteThemRatherThanCopyingThem() throws IOException {
		Path report = this.dir.resolve("report");
		Files.createDirectories(report);
		String notes = "Written by hand after the run.\n\n* a point | with a pipe\n";
		Files.writeString(report.resolve("http-comparison-notes.md"), notes, StandardCharsets.UTF_8);
		writeReport();
		String md = Files.readString(report.resolve("http-comparison.md"), StandardCharsets.UTF_8);
		assertTrue(md.contains(" Notes: [http-comparison-notes.md](http-comparison-notes.md)."), md);
		assertFalse(md.contains("Written by hand"), md);
	}

	@Test
	void writesAReportWithOnlyLoggingOff() throws IOException {
		Path raw = this.dir.resolve("raw.csv");
		Files.writeString(raw, Runs.HEADER + "\n" + Runs.csv(Runs.closed("logging-off", 1, 2500, 90)) + "\n");
		Path report = this.dir.resolve("only-off");
		HttpComparisonReport.write(raw, this.dir.resolve("absent.properties"), report);
		String md = Files.readString(report.resolve("http-comparison.md"), StandardCharsets.UTF_8);
		assertTrue(md.contains("- Run: \u2013, \u2013; JDK \u2013"), md);
		assertEquals(5, md.split("\\| \\*\\*not measured\\*\\* \\|", -1).length - 1, md);
		assertFalse(md.contains("## Open model"), md);
		assertTrue(Files.size(report.resolve("http-comparison-disk.png")) > 0);
	}

	private Path writeReport() throws IOException {
		List<RunRecord> runs = new ArrayList<>();
		closed(runs, "sync/1/flush/study", new double[] { 1000, 1100, 1200 }, new double[] { 300, 320, 340 });
		closed(runs, "async-appender/1/flush/study", new double[] { 2000, 2100, 2200 }, new double[] { 100, 110, 120 });
		closed(runs, "async-logger/1/flush/study", new double[] { 1900, 2000, 2100 }, new double[] { 100, 110, 120 });
		closed(runs, "sync/3/flush/study", new double[] { 800, 900, 1000 }, new double[] { 380, 400, 420 });
		closed(runs, "async-appender/3/flush/study", new double[] { 1700, 1800, 1900 }, new double[] { 130, 140, 150 });
		closed(runs, "async-logger/3/flush/study", new double[] { 1900, 2000, 2300 }, new double[] { 100, 120, 150 });
		closed(runs, "sync/6/flush/study", new double[] { 600, 700 }, new double[] { 500, 600 });
		closed(runs, "async-logger/6/flush/study", new double[] { 1800, 1900, 2000 }, new double[] { 110, 130, 150 });
		for (int repeat = 1; repeat <= 3; repeat++) {
			runs.add(Runs.closed("async-logger/3/no-flush/study", "async-logger", 3, false, "study", repeat,
					2000 + 50 * repeat, 110, repeat != 2));
		}
		closed(runs, "logging-off", new double[] { 2400, 2500, 2600 }, new double[] { 80, 90, 100 });
		runs.add(Runs.open("async-logger/3/flush/study", "async-logger", 3, 200, 1, 10));
		runs.add(Runs.open("async-logger/3/flush/study", "async-logger", 3, 200, 2, 14));

		Path raw = this.dir.resolve("raw.csv");
		StringBuilder csv = new StringBuilder(Runs.HEADER).append('\n');
		runs.forEach((r) -> csv.append(Runs.csv(r)).append('\n'));
		Files.writeString(raw, csv, StandardCharsets.UTF_8);
		Path info = this.dir.resolve("run-info.properties");
		Files.writeString(info, String.join("\n", "date=2025-01-02 03:04 UTC",
				"machine=2 CPUs (test CPU), 4 GiB RAM", "jdk=OpenJDK 17.0.15", "gatling.version=3.13.5", "warmup_s=30",
				"duration_s=60", "repeats=3", "users=400", "open.rate=200",
				"pinning=app on CPU 0, Gatling on CPU 1", "command=load-tests/scripts/http-comparison.sh --repeats=3"),
				StandardCharsets.UTF_8);
		Path report = this.dir.resolve("report");
		HttpComparisonReport.write(raw, info, report);
		return report;
	}

	private static void closed(List<RunRecord> runs, String config, double[] tps, double[] p99) {
		for (int i = 0; i < tps.length; i++) {
			runs.add(Runs.closed(config, i + 1, tps[i], p99[i]));
		}
	}

}
