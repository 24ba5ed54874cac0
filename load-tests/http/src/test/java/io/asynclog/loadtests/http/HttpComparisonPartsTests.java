package io.asynclog.loadtests.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Offline tests of the runner's parts: config ids, the matrix, options, Gatling's console
 * summary, the window arithmetic and the line check (no app, no network).
 *
 * @author asynclog
 */
class HttpComparisonPartsTests {

	private static final List<String> CONSOLE = List.of("noise",
			"---- Global Information ---------|---Total---|-----OK----|----KO----",
			"> request count                 |    10,000 |     9,990 |        10",
			"> min response time (ms)        |         0 |         0 |     15000",
			"> max response time (ms)        |    15,001 |       916 |    15,001",
			"> mean response time (ms)       |       227 |       212 |    15,000",
			"> response time std deviation (ms) |   135 |       135 |         0",
			"> response time 50th percentile (ms) | 200 |       200 |    15,000",
			"> response time 75th percentile (ms) | 287 |       287 |    15,000",
			"> response time 95th percentile (ms) | 403 |       403 |    15,000",
			"> response time 99th percentile (ms) | 689 |       689 |    15,000",
			"> mean throughput (rps)         |  1,356.5 |  1,355.1 |       1.4",
			"---- Response Time Distribution ----", "> OK: t < 800 ms     9,450 (99.56%)");

	@Test
	void parsesConfigIdsIntoProfiles() {
		RunConfig config = RunConfig.parse("async-appender/6/no-flush/plain");
		assertEquals("comparison,async-appender,files-6,no-flush,plain-pattern", config.profiles());
		assertEquals(List.of(), config.jvmFlags());
		RunConfig off = RunConfig.parse("logging-off");
		assertEquals("comparison,logging-off,async-logger,files-1,flush,study-pattern", off.profiles());
		assertEquals("logging-off", off.csvMode());
		assertTrue(off.loggingOff());
		// All-async is set up as configuration.md tells a user: asynclog's policy and ring size as Log4j2
		// system properties, none of asynclog's properties (they do not apply to Log4j2's ring).
		RunConfig allAsync = RunConfig.parse("all-async/3/flush/study");
		assertEquals(List.of("-Dlog4j2.contextSelector=" + RunConfig.ALL_ASYNC_SELECTOR,
				"-Dlog4j2.asyncQueueFullPolicy=io.asynclog.log4j2.queue.BlockingQueueFullPolicy",
				"-Dlog4j2.asyncLoggerRingBufferSize=16384"), allAsync.jvmFlags());
		RunConfig tuned = RunConfig.parse("all-async/1/flush/plain/policy=discard/ring=4096/wait=busy-spin");
		assertEquals(List.of("-Dlog4j2.contextSelector=" + RunConfig.ALL_ASYNC_SELECTOR,
				"-Dlog4j2.asyncQueueFullPolicy=io.asynclog.log4j2.queue.CountingDiscardPolicy",
				"-Dlog4j2.discardThreshold=INFO", "-Dlog4j2.asyncLoggerRingBufferSize=4096",
				"-Dlog4j2.asyncLoggerWaitStrategy=BusySpin"), tuned.jvmFlags());
		assertTrue(tuned.appArgs().stream().noneMatch((arg) -> arg.startsWith("--asynclog.")), tuned.appArgs()::toString);
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("async/3/flush/study"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/2/flush/study"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush"));
	}

	@Test
	void parsesOptionsIntoCanonicalIdsProfilesAndArguments() {
		RunConfig config = RunConfig.parse("async-logger/1/flush/plain/sink=slow/cores=2/policy=discard/lines=20");
		assertEquals("async-logger/1/flush/plain/lines=20/cores=2/policy=discard/sink=slow", config.id());
		assertEquals("async-logger/1/flush/plain", config.baseId());
		assertEquals(20, config.linesPerRequest());
		assertEquals(2, config.cores());
		assertEquals("comparison,async-logger,files-1,flush,plain-pattern,slow-sink", config.profiles());
		assertEquals(List.of("--asynclog.queue-full-policy=discard"), config.appArgs());
		assertEquals("async-logger_1_flush_plain_lines-20_cores-2_policy-discard_sink-slow", config.fileName());
		RunConfig off = RunConfig.parse("logging-off/lines=20/policy=block");
		assertEquals("logging-off/lines=20", off.id());
		assertEquals("logging-off", off.baseId());
		assertTrue(off.loggingOff());
		assertEquals(List.of(), off.appArgs());
		assertEquals(RunConfig.parse("sync/3/flush/study"), RunConfig.parse("sync/3/flush/study/lines=1/cores=1"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush/study/lines=0"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush/study/lines=101"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush/study/cores=3"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush/study/policy=drop"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush/study/sink=fast"));
		assertThrows(IllegalArgumentException.class, () -> RunConfig.parse("sync/3/flush/study/turbo"));
	}

	@Test
	void defaultMatrixHasFourteenConfigurationsAndFourOpenOnes() {
		List<RunConfig> closed = ComparisonMatrix.defaultClosed();
		assertEquals(14, closed.size());
		assertEquals(14, closed.stream().map(RunConfig::id).distinct().count());
		assertEquals(ComparisonMatrix.OPEN_IDS, ComparisonMatrix.open(closed).stream().map(RunConfig::id).toList());
		List<RunConfig> some = ComparisonMatrix.closed(List.of("sync/1/flush/study", "logging-off", "logging-off"));
		assertEquals(2, some.size());
		assertEquals(List.of("logging-off"), ComparisonMatrix.open(some).stream().map(RunConfig::id).toList());
	}

	@Test
	void whereAsyncPaysMatrixCoversLinesPlacementAndTheSlowSink() {
		ComparisonOptions.Dimensions dimensions = ComparisonOptions.parse("--gatling-classpath", "cp").dimensions();
		List<String> closed = ComparisonMatrix.whereAsyncPays(dimensions).stream().map(RunConfig::id).toList();
		assertEquals(List.of("sync/1/flush/plain", "async-appender/1/flush/plain", "async-logger/1/flush/plain",
				"logging-off", "sync/1/flush/plain/lines=20", "async-appender/1/flush/plain/lines=20",
				"async-logger/1/flush/plain/lines=20", "logging-off/lines=20", "sync/1/no-flush/plain/lines=20",
				"async-logger/1/no-flush/plain/lines=20", "sync/1/flush/plain/lines=20/cores=2",
				"async-logger/1/flush/plain/lines=20/cores=2", "logging-off/lines=20/cores=2",
				"sync/1/flush/plain/sink=slow", "async-logger/1/flush/plain/sink=slow",
				"async-logger/1/flush/plain/policy=discard/sink=slow", "logging-off/sink=slow"), closed);
		List<String> open = ComparisonMatrix.whereAsyncPaysOpen(ComparisonMatrix.whereAsyncPays(dimensions), dimensions)
			.stream()
			.map(RunConfig::id)
			.toList();
		assertEquals(List.of("sync/1/flush/plain/lines=20", "async-logger/1/flush/plain/lines=20",
				"logging-off/lines=20", "sync/1/flush/plain/sink=slow", "async-logger/1/flush/plain/sink=slow",
				"logging-off/sink=slow"), open);
	}

	@Test
	void optionsHaveDefaultsAndBounds() {
		ComparisonOptions quick = ComparisonOptions.parse("--gatling-classpath", "cp");
		assertEquals(20, quick.durationSeconds());
		assertEquals(ComparisonOptions.WHERE_ASYNC_PAYS, quick.matrix());
		assertEquals(2, quick.repeats());
		assertEquals(new ComparisonOptions.Dimensions(List.of(1, 20), List.of(1, 2), true, List.of(50, 80),
				List.of()),
				quick.dimensions());
		assertEquals(3, ComparisonOptions.parse("--matrix", "study", "--gatling-classpath", "cp").repeats());
		ComparisonOptions narrow = ComparisonOptions.parse("--lines", "5", "--cores", "1", "--no-slow-sink",
				"--open-percents", "30,30,90", "--gatling-classpath", "cp");
		assertEquals(new ComparisonOptions.Dimensions(List.of(5), List.of(1), false, List.of(30, 90),
				List.of()),
				narrow.dimensions());
		assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.parse("--matrix", "all"));
		assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.parse("--cores", "3"));
		assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.parse("--open-percents", "0"));
		assertEquals(400, quick.users());
		assertTrue(quick.open());
		assertTrue(quick.pin());
		assertTrue(quick.report().endsWith(Path.of("docs", "results")));
		ComparisonOptions full = ComparisonOptions.parse("--full", "--no-open", "--no-pin", "--repeats=2",
				"--configs", "sync/3/flush/study,logging-off", "--gatling-classpath", "cp");
		assertEquals(360, full.durationSeconds());
		assertEquals(2, full.repeats());
		assertFalse(full.open());
		assertFalse(full.pin());
		assertEquals(List.of("sync/3/flush/study", "logging-off"), full.configs());
		assertEquals(7, ComparisonOptions.parse("--full", "--duration", "7", "--gatling-classpath", "cp")
			.durationSeconds());
		assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.parse("--duration", "100000"));
		assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.parse("--users"));
		assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.parse("--bogus"));
	}

	@Test
	void slowSinkReaderKeepsEveryByteAndTakesItsTime(@TempDir Path dir) throws IOException {
		byte[] output = new byte[64 * 1024];
		Arrays.fill(output, (byte) 'x');
		Path file = dir.resolve("stdout.log");
		long start = System.nanoTime();
		ThrottledReader.copy(new ByteArrayInputStream(output), file, 256 * 1024);
		double seconds = (System.nanoTime() - start) / 1e9;
		assertArrayEquals(output, Files.readAllBytes(file));
		// A lower bound only: a busy machine can make the reader slower, never faster.
		assertTrue(seconds >= 0.2, "64 KiB at 256 KiB/s took " + seconds + " s");
	}

	@Test
	void parsesGatlingGlobalInformation() {
		GatlingConsole.Summary summary = GatlingConsole.parse(CONSOLE);
		assertEquals(9990, summary.ok());
		assertEquals(10, summary.ko());
		assertEquals(212, summary.meanMs());
		assertEquals(200, summary.p50Ms());
		assertEquals(403, summary.p95Ms());
		assertEquals(689, summary.p99Ms());
		assertEquals(916, summary.maxMs());
		assertEquals(1356.5, summary.meanRps());
		assertTrue(Double.isNaN(summary.p999Ms()), "a console without the 99.9th percentile");
		List<String> withP999 = CONSOLE.stream()
			.map((line) -> line.replace("75th percentile (ms) | 287 |       287", "99.9th percentile (ms) | 801 | 801"))
			.toList();
		assertEquals(801, GatlingConsole.parse(withP999).p999Ms());
		assertEquals(689, GatlingConsole.parse(withP999).p99Ms(), "99.9th is not read as 99th");
		assertNull(GatlingConsole.number(" - "));
		assertThrows(IllegalArgumentException.class, () -> GatlingConsole.parse(List.of("no summary")));
	}

	@Test
	void windowRunsFromFirstToLastIncrease() {
		List<CountWatcher.Poll> polls = List.of(new CountWatcher.Poll(100, 50), new CountWatcher.Poll(200, 50),
				new CountWatcher.Poll(300, 60), new CountWatcher.Poll(400, 90), new CountWatcher.Poll(500, 120),
				new CountWatcher.Poll(600, 120));
		CountWatcher.Window window = CountWatcher.window(polls, 50);
		assertEquals(300, window.startNanos());
		assertEquals(500, window.endNanos());
		assertEquals(120, window.finalCount());
		assertThrows(IllegalStateException.class, () -> CountWatcher.window(polls.subList(0, 2), 50));
	}

	@Test
	void allocationIsInterpolatedAtTheWindowsEnds() {
		List<CountWatcher.Poll> polls = List.of(new CountWatcher.Poll(0, 1_000), new CountWatcher.Poll(500, 6_000),
				new CountWatcher.Poll(1_000, 8_000));
		// 2,000 + 2,500 + 1,000 bytes: a quarter of the first interval to three quarters of the second
		assertEquals(3_500, CountWatcher.allocatedBytes(polls, 250, 750), 1e-9);
		assertEquals(Double.NaN, CountWatcher.allocatedBytes(polls, 250, 1_250), "no poll after the end");
	}

	@Test
	void procFiguresAreInterpolatedOverTheWindow() {
		long s = 1_000_000_000L;
		List<ProcSampler.Sample> samples = List.of(sample(0, 0, 100, 20, 0, 0), sample(s, 100, 300, 30, 1000, 50),
				sample(2 * s, 200, 200, 25, 2000, 150), sample(3 * s, 300, 100, 20, 3000, 250));
		ProcSampler.Window window = ProcSampler.window(samples, s / 2, 5 * s / 2, 100);
		assertEquals(2.0, window.seconds(), 1e-9);
		assertEquals(100.0, window.appCpuPct(), 1e-9);
		assertEquals(1000.0, window.writeSyscallsPerSec(), 1e-9);
		assertEquals(300 / 1024.0, window.appRssMb(), 1e-9);
		assertEquals(30, window.appThreads());
		assertEquals(87.5, window.gatlingCpuPct(), 1e-9);
		assertThrows(IllegalStateException.class, () -> ProcSampler.window(samples, s, 4 * s, 100));
	}

	private static ProcSampler.Sample sample(long nanos, double ticks, double rssKb, double threads, double syscw,
			double gatlingTicks) {
		return new ProcSampler.Sample(nanos, ticks, rssKb, threads, syscw, syscw * 100, syscw * 200, gatlingTicks, Map.of());
	}

	@Test
	void lineCheckCountsEveryRequestNumberInEveryFile(@TempDir Path dir) throws IOException {
		String line = "[INFO  x.y(Z.java:1) exec-1 2026-01-01 00:00:00,000]  request %010d handled ......%n";
		StringBuilder all = new StringBuilder("[INFO  main] Started, request count unknown\n");
		for (int i = 1; i <= 5; i++) {
			all.append(line.formatted(i));
		}
		Files.writeString(dir.resolve("app-1.log"), all);
		Files.writeString(dir.resolve("app-2.log"), all);
		LineCheck.Result ok = check(dir, 2, false, 1, 5, 5);
		assertTrue(ok.ok(), ok.problems().toString());
		assertEquals(5, ok.found());

		LineCheck.Result tooMany = check(dir, 2, false, 1, 5, 6);
		assertFalse(tooMany.ok());

		Files.writeString(dir.resolve("app-2.log"), all.toString().replace("request 0000000003", "request 0000000002"));
		LineCheck.Result duplicate = check(dir, 2, false, 1, 5, 5);
		assertFalse(duplicate.ok());
		assertEquals(5, duplicate.found());

		LineCheck.Result missingFile = check(dir, 3, false, 1, 5, 5);
		assertFalse(missingFile.ok());
		assertEquals(0, missingFile.found());

		StringBuilder numbered = new StringBuilder();
		for (int request = 1; request <= 3; request++) {
			for (int n = 1; n <= 2; n++) {
				numbered.append("[INFO  x]  request %010d line %02d ......%n".formatted(request, n));
			}
		}
		Files.writeString(dir.resolve("app-3.log"), numbered);
		Files.move(dir.resolve("app-1.log"), dir.resolve("app-1.log.keep"));
		Files.copy(dir.resolve("app-3.log"), dir.resolve("app-1.log"));
		LineCheck.Result twoPerRequest = check(dir, 1, false, 2, 3, 3);
		assertTrue(twoPerRequest.ok(), twoPerRequest.problems().toString());
		Files.delete(dir.resolve("app-1.log"));
		Files.delete(dir.resolve("app-3.log"));
		Files.move(dir.resolve("app-1.log.keep"), dir.resolve("app-1.log"));

		LineCheck.Result perRequest = check(dir, 1, false, 2, 3, 3);
		assertFalse(perRequest.ok(), "5 lines are not 2 lines for each of 3 requests");
		assertEquals(6, perRequest.expected());

		LineCheck.Result off = check(dir, 1, true, 1, 5, 5);
		assertFalse(off.ok(), "logging-off expects no request line");
		assertEquals(-1, LineCheck.requestNumber("request 12345 handled"));
		assertEquals(7, LineCheck.requestNumber("[INFO  x]  request 0000000007 line 19 ......"));
		assertEquals(42, LineCheck.requestNumber("a request x request 0000000042 handled"));
	}

	private static LineCheck.Result check(Path logDir, int appenders, boolean loggingOff, int linesPerRequest,
			long handled, long clientOk) throws IOException {
		List<Path> files = IntStream.rangeClosed(1, appenders).mapToObj((i) -> logDir.resolve("app-" + i + ".log")).toList();
		return LineCheck.check(files, LineCheck.Format.BRACKETED, loggingOff, false, linesPerRequest, handled, clientOk);
	}

	@Test
	void queueReadingTakesTheHighestPeakAndAllDrops() {
		String json = "{\"backend\":\"log4j2\",\"queues\":[{\"name\":\"file1\",\"used\":4,\"peak\":17,\"dropped\":3},"
				+ "{\"name\":\"file2\",\"used\":6,\"peak\":1024,\"dropped\":5}],\"appenders\":[]}";
		assertEquals(new QueueReading(1024, 8, 2, 10), QueueReading.parse(json));
		assertEquals(new QueueReading(0, 0, 0, 0), QueueReading.parse("{\"queues\":[],\"appenders\":[]}"));
	}

}
