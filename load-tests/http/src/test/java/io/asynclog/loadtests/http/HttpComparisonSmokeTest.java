package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.asynclog.loadtests.http.report.BusyCoreReport;
import io.asynclog.loadtests.http.report.WhereAsyncPaysReport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One real, short run of the HTTP comparison in this JVM: the demo app (forked from its built
 * jar) on 127.0.0.1, {@code async-logger/1/flush/study/lines=5}, 20 Gatling users for 4 s (Gatling forked
 * with this JVM's class path), no open model. Everything goes under {@code target/}.
 *
 * @author asynclog
 */
class HttpComparisonSmokeTest {

	/** Five lines a request: the request parameter, Gatling's path and the line check in one go. */
	private static final String CONFIG = "async-logger/1/flush/study/lines=5";

	@Test
	void oneShortRunMeasuresChecksAndReports() throws IOException {
		SmokeRun run = SmokeRun.run("http-comparison-smoke", "--configs", CONFIG, "--repeats", "1", "--duration", "4",
				"--warmup", "1", "--gatling-warmup", "1", "--users", "20", "--no-open", "--jar", demoJar().toString());
		Path out = run.out();
		Path report = run.report();
		assertTrue(report.startsWith(Path.of("target").toAbsolutePath()), "the report stays under target/");

		assertEquals(RawRunsCsv.HEADER, String.join(",", run.header()));
		assertEquals(run.header().size(), run.row().size());
		assertEquals(CONFIG, run.cell("config"));
		assertEquals("closed", run.cell("model"));
		assertEquals("20", run.cell("users"));
		assertEquals("", run.cell("rate"));
		assertTrue(Long.parseLong(run.cell("requests_ok")) > 0, "requests_ok > 0");
		assertEquals("0", run.cell("requests_ko"));
		assertEquals("true", run.cell("lines_ok"));
		assertTrue(Double.parseDouble(run.cell("tps")) > 0, "tps > 0");
		assertTrue(Double.parseDouble(run.cell("app_cpu_pct")) > 0, "app_cpu_pct > 0");
		assertEquals(run.cell("lines_expected"), run.cell("lines_found"));
		assertEquals(0, Long.parseLong(run.cell("lines_expected")) % 5, "five lines for each request");
		assertTrue(Files.isRegularFile(report.resolve(WhereAsyncPaysReport.MARKDOWN)), "the default matrix's report");

		assertTrue(Files.isRegularFile(out.resolve("run-info.properties")), "run-info.properties");
		assertTrue(Files.readString(out.resolve("run-info.properties")).contains("gatling.version=3.15"),
				"run-info names the Gatling version");
		try (Stream<Path> files = Files.list(report)) {
			List<Path> written = files.filter(Files::isRegularFile).toList();
			assertFalse(written.isEmpty(), "the report helper wrote files to " + report);
			for (Path file : written) {
				assertTrue(Files.size(file) > 0, file + " is empty");
			}
		}
		try (Stream<Path> logs = Files.walk(out.resolve("runs"))) {
			assertTrue(logs.noneMatch((p) -> p.getFileName().toString().matches("app-\\d+\\.log")),
					"the log files were deleted after counting");
		}
	}

	/**
	 * The busy-core path in one short run: Spring Boot's console as the only sink, its standard
	 * output captured by the runner and line-checked, the new columns filled, the busy-core report.
	 */
	@Test
	void oneShortBootConsoleRunChecksTheCapturedStandardOutput() throws IOException {
		String config = "async-logger/1/flush/boot/lines=5/sink=boot-console";
		SmokeRun run = SmokeRun.run("http-comparison-smoke-busy-core", "--matrix", "busy-core", "--configs", config,
				"--repeats", "1", "--duration", "2", "--warmup", "0", "--gatling-warmup", "1", "--users", "20", "--jar",
				demoJar().toString());
		Path report = run.report();

		assertEquals(config, run.cell("config"));
		assertEquals("true", run.cell("lines_ok"));
		long expected = Long.parseLong(run.cell("lines_expected"));
		assertTrue(expected > 0 && expected % 5 == 0, "five lines for each request: " + expected);
		assertEquals(Long.toString(expected), run.cell("lines_found"));
		assertTrue(Long.parseLong(run.cell("out_of_order_lines")) >= 0, "out_of_order_lines");
		assertTrue(Long.parseLong(run.cell("max_jump_back_ms")) >= 0, "max_jump_back_ms");
		// filled for every mode; how much of the ring a 2-second run uses depends on the machine
		assertTrue(Long.parseLong(run.cell("peak_ring_used")) >= 0, "peak_ring_used");
		assertTrue(Double.parseDouble(run.cell("cpu_request_s")) > 0, "request threads used CPU");

		// The request lines were in the captured standard output, counted, then removed from it.
		Path stdout = firstStdout(run.out());
		List<String> kept = Files.readAllLines(stdout, StandardCharsets.ISO_8859_1);
		assertEquals("[http-comparison] " + expected + " request lines removed after the line check",
				kept.get(kept.size() - 1));
		assertTrue(kept.stream().anyMatch((line) -> line.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}.*")),
				"Boot's console pattern with its millisecond timestamp");
		// The demo app is an executable jar with Tomcat: the servlet API is there, and Spring Boot's
		// launcher loaded Log4j2, so asynclog turned Log4j2's thread-locals on.
		assertTrue(kept.stream().anyMatch((line) -> line.contains("Log4j2 reuses each thread's message and event")),
				"the startup report says Log4j2's garbage-free path is on in the executable jar");
		assertTrue(Files.isRegularFile(report.resolve(BusyCoreReport.MARKDOWN)), "the busy-core report");
	}

	/**
	 * The demo app jar on Log4j2 (the comparison's profiles are Log4j2's) that this module's build
	 * copied from its Maven dependency, or a failure that says how to build it.
	 */
	static Path demoJar() {
		String configured = System.getProperty("asynclog.demoJar");
		Path jar = (configured != null && !configured.isBlank()) ? Path.of(configured)
				: Path.of("target", "demo-apps", "asynclog-demo-app-log4j2.jar");
		if (!Files.isRegularFile(jar)) {
			fail("No demo app jar at " + jar.toAbsolutePath().normalize() + ". Build it first: from the repository "
					+ "root run ./mvnw -q -pl load-tests/http -am package -DskipTests (the load-tests/http build copies the "
					+ "demo-app-log4j2 jar it depends on there).");
		}
		return jar.toAbsolutePath().normalize();
	}

	/** The app's captured standard output of the first run under {@code out}. */
	static Path firstStdout(Path out) throws IOException {
		try (Stream<Path> files = Files.walk(out.resolve("runs"))) {
			return files.filter((p) -> p.getFileName().toString().equals(RunConfig.STDOUT_FILE)).findFirst().orElseThrow();
		}
	}


}
