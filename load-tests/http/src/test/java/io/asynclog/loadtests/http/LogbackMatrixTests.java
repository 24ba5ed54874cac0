package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.loadtests.http.report.RawCsvReader;
import io.asynclog.loadtests.http.report.RunRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What the {@code logback} matrix added to the runner: the {@code backend=logback} option and the
 * {@code logback-async-appender} mode, the matrix itself, the jar each backend starts, the line
 * check that counts the lines a lossy configuration dropped, and the CSV's new columns (no app,
 * no network).
 *
 * @author asynclog
 */
class LogbackMatrixTests {

	private static final String ASYNC_APPENDER = "logback-async-appender/1/flush/boot/lines=20/cores=2/sink=boot-console"
			+ "/backend=logback";

	@TempDir
	Path dir;

	@Test
	void theBackendIsAnOptionLeftOutOfLog4j2Ids() {
		RunConfig logback = RunConfig.parse("async-logger/1/flush/boot/backend=logback/sink=boot-console/lines=20");
		assertThat(logback.id()).isEqualTo("async-logger/1/flush/boot/lines=20/sink=boot-console/backend=logback");
		assertThat(logback.logback()).isTrue();
		assertThat(logback.backend()).isEqualTo("logback");
		assertThat(logback.profiles()).isEqualTo("comparison,async-logger,boot-console");
		assertThat(logback.baseId()).isEqualTo("async-logger/1/flush/boot");
		// Naming Log4j2, the default, changes nothing in the id: the existing matrices keep theirs.
		RunConfig log4j2 = RunConfig.parse("sync/1/flush/boot/lines=20/sink=boot-console/backend=log4j2");
		assertThat(log4j2.id()).isEqualTo("sync/1/flush/boot/lines=20/sink=boot-console");
		assertThat(log4j2.logback()).isFalse();
		assertThat(RunConfig.parse("sync/3/flush/study").backend()).isEqualTo("log4j2");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("sync/1/flush/plain/backend=jul"))
			.withMessageContaining("backend must be log4j2 or logback");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("all-async/1/flush/plain/backend=logback"))
			.withMessageContaining("all-async is Log4j2's");
	}

	@Test
	void logbacksAsyncAppenderNeedsLogbackAndBootsConsoleAndCountsItsLosses() {
		RunConfig config = RunConfig.parse(ASYNC_APPENDER);
		assertThat(config.id()).isEqualTo(ASYNC_APPENDER);
		assertThat(config.csvMode()).isEqualTo(RunConfig.LOGBACK_ASYNC_APPENDER);
		assertThat(config.lossCounted()).isTrue();
		// The profile selects the Logback file with the AsyncAppender and asynclog's sync mode.
		assertThat(config.profiles()).isEqualTo("comparison,logback-async-appender,boot-console");
		assertThat(RunConfig.parse("async-logger/1/flush/boot/sink=boot-console/backend=logback").lossCounted()).isFalse();
		assertThat(RunConfig.parse("async-logger/1/flush/boot/policy=discard/sink=boot-console/backend=logback")
			.lossCounted()).isTrue();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunConfig.parse("logback-async-appender/1/flush/boot/sink=boot-console"))
			.withMessageContaining("/backend=logback");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunConfig.parse("logback-async-appender/1/no-flush/plain/backend=logback"))
			.withMessageContaining("/sink=boot-console");
	}

	@Test
	void theLogbackMatrixRunsFiveConsoleRowsOnTwoSharedCoresInThreeRounds() {
		ComparisonOptions options = ComparisonOptions.parse("--matrix", "logback", "--gatling-classpath", "cp");
		assertThat(options.repeats()).isEqualTo(3);
		assertThat(options.warmupSeconds()).isEqualTo(40);
		assertThat(options.logbackJar().toString()).endsWith("demo-app/target/asynclog-demo-app-0.1.0-SNAPSHOT.jar");
		assertThat(options.jar().toString()).endsWith("demo-app-log4j2/target/asynclog-demo-app-log4j2-0.1.0-SNAPSHOT.jar");
		List<RunConfig> configs = ComparisonMatrix.logback(options.dimensions());
		assertThat(configs).extracting(RunConfig::id).containsExactly(
				"sync/1/flush/boot/lines=20/cores=2/sink=boot-console/backend=logback", ASYNC_APPENDER,
				"async-logger/1/flush/boot/lines=20/cores=2/sink=boot-console/backend=logback",
				"async-logger/1/flush/boot/lines=20/cores=2/policy=discard/sink=boot-console/backend=logback",
				"logging-off/lines=20/cores=2/sink=boot-console/backend=logback");
		assertThat(configs).allSatisfy((config) -> {
			assertThat(config.logback()).isTrue();
			assertThat(config.cores()).isEqualTo(2);
			assertThat(config.bootConsole()).isTrue();
		});
		ComparisonOptions jars = ComparisonOptions.parse("--jar", "log4j2.jar", "--logback-jar", "logback.jar",
				"--gatling-classpath", "cp");
		assertThat(jars.jar(configs.get(0))).isEqualTo(Path.of("logback.jar").toAbsolutePath());
		assertThat(jars.jar(RunConfig.parse("sync/1/flush/boot/lines=20/sink=boot-console")))
			.isEqualTo(Path.of("log4j2.jar").toAbsolutePath());
		ComparisonOptions jar = ComparisonOptions.parse("--matrix=logback", "--logback-jar", "x/app.jar", "--repeats",
				"2", "--gatling-classpath", "cp");
		assertThat(jar.logbackJar().toString()).endsWith("x/app.jar");
		assertThat(jar.repeats()).isEqualTo(2);
	}

	@Test
	void aLossyConfigurationPassesWithFewerLinesAndCountsTheMissingOnes() throws IOException {
		// 3 requests of 2 lines: 6 logged; the console holds 4 of them, request 2's both dropped.
		Path stdout = Files.writeString(this.dir.resolve(RunConfig.STDOUT_FILE), String.join("\n",
				"2026-11-23T14:00:00.000Z  INFO 1 --- [demo] [exec-1] LogController : request 0000000001 line 01 ...",
				"2026-11-23T14:00:00.001Z  INFO 1 --- [demo] [exec-1] LogController : request 0000000001 line 02 ...",
				"2026-11-23T14:00:00.003Z  INFO 1 --- [demo] [exec-3] LogController : request 0000000003 line 01 ...",
				"2026-11-23T14:00:00.003Z  INFO 1 --- [demo] [exec-3] LogController : request 0000000003 line 02 ...",
				"") , StandardCharsets.ISO_8859_1);
		LineCheck.Result lossy = LineCheck.check(List.of(stdout), LineCheck.Format.BOOT_CONSOLE, false, true, 2, 3, 3);
		assertThat(lossy.ok()).isTrue();
		assertThat(lossy.expected()).isEqualTo(6);
		assertThat(lossy.found()).isEqualTo(4);
		assertThat(lossy.lost()).isEqualTo(2);
		// Without loss counting the same file fails its check.
		LineCheck.Result strict = LineCheck.check(List.of(stdout), LineCheck.Format.BOOT_CONSOLE, false, false, 2, 3, 3);
		assertThat(strict.ok()).isFalse();
		assertThat(strict.problems()).anyMatch((problem) -> problem.contains("holds 4 request lines, expected 6"));
		// More lines than were logged is never a loss to count.
		LineCheck.Result tooMany = LineCheck.check(List.of(stdout), LineCheck.Format.BOOT_CONSOLE, false, true, 1, 3, 3);
		assertThat(tooMany.ok()).isFalse();
		assertThat(tooMany.problems()).anyMatch((problem) -> problem.contains("more than the 3 logged"));
	}

	@Test
	void theCsvCarriesTheBackendAndTheLinesLost() throws IOException {
		RawRunsCsv csv = RawRunsCsv.create(this.dir.resolve("raw-runs.csv"));
		GatlingConsole.Summary gatling = new GatlingConsole.Summary(2000, 0, 50, 40, 90, 120, 150, 300, 100);
		ProcSampler.Window window = new ProcSampler.Window(20, 99, 300, 40, 1000, 0, 5e6, 60);
		LineCheck.Result lines = new LineCheck.Result(40_000, 11_000, true, List.of(), List.of());
		csv.append(new RawRunsCsv.Row(RunConfig.parse(ASYNC_APPENDER), "closed", 400, 0, 1, gatling, window, lines,
				new QueueReading(256, 0, 1, 0), new LineCheck.Order(11_000, 5, 3, 0), ProcSampler.ThreadCpu.UNKNOWN, Double.NaN,
				PinnedEvents.UNKNOWN));
		List<String> written = new ArrayList<>(Files.readAllLines(csv.file()));
		assertThat(written.get(1)).startsWith(ASYNC_APPENDER + ",logback-async-appender,").endsWith(",logback,29000,,,,platform,,");
		RunRecord run = RawCsvReader.read(csv.file()).get(0);
		assertThat(run.linesExpected() - run.linesFound()).isEqualTo(29_000);
		assertThat(run.peakRingUsed()).isEqualTo(256);
	}

}
