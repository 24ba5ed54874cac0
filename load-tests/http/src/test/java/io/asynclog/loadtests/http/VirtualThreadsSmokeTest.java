package io.asynclog.loadtests.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.asynclog.loadtests.http.command.HttpComparisonCommand;
import io.asynclog.loadtests.http.report.VirtualThreadsReport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One short run of the virtual-threads matrix when this machine has a JDK 21 or later (the build
 * stays on Java 17; {@code load-tests/scripts/virtual-threads.sh} runs the whole matrix): the demo
 * app serves its requests on virtual threads, logs through async-logger, and the run checks every
 * line, records pinned virtual threads with JFR and finds none in asynclog's frames.
 *
 * @author asynclog
 */
class VirtualThreadsSmokeTest {

	private static final String CONFIG = "async-logger/1/flush/boot/lines=5/sink=boot-console/threads=virtual";

	@Test
	void oneShortRunOnVirtualThreadsLosesNothingAndPinsNothingInAsynclog() throws IOException {
		Optional<Path> java = jdkWithVirtualThreads();
		assumeTrue(java.isPresent(), "no JDK 21 or later with jfr under /usr/lib/jvm");
		Path out = Path.of("target", "virtual-threads-smoke").toAbsolutePath();
		Path report = out.resolve("report");
		SingleRun.deleteTree(out);
		ByteArrayOutputStream progress = new ByteArrayOutputStream();
		int exitCode;
		try (PrintStream log = new PrintStream(progress, true, StandardCharsets.UTF_8)) {
			exitCode = HttpComparisonCommand.run(log, "--matrix", "virtual-threads", "--configs", CONFIG, "--repeats", "1",
					"--duration", "2", "--warmup", "1", "--gatling-warmup", "1", "--users", "20", "--jar",
					HttpComparisonSmokeTest.demoJar().toString(), "--java", java.get().toString(), "--out",
					out.toString(), "--report", report.toString());
		}
		String text = progress.toString(StandardCharsets.UTF_8);
		System.out.print(text);
		assertEquals(0, exitCode, () -> "exit code; progress:\n" + text);

		List<String> csv = Files.readAllLines(out.resolve("raw-runs.csv"));
		assertEquals(2, csv.size(), () -> "one row expected:\n" + String.join("\n", csv));
		List<String> header = List.of(csv.get(0).split(",", -1));
		List<String> row = List.of(csv.get(1).split(",", -1));
		assertEquals("true", HttpComparisonSmokeTest.cell(header, row, "lines_ok"));
		assertEquals("virtual", HttpComparisonSmokeTest.cell(header, row, "threads"));
		assertTrue(Long.parseLong(HttpComparisonSmokeTest.cell(header, row, "pinned_events")) >= 0, "the flight recording was read");
		assertEquals("0", HttpComparisonSmokeTest.cell(header, row, "pinned_in_asynclog"));
		assertTrue(Double.parseDouble(HttpComparisonSmokeTest.cell(header, row, "cpu_request_s")) > 0, "the carriers did the requests' work");
		assertTrue(Files.isRegularFile(report.resolve(VirtualThreadsReport.MARKDOWN)), "the virtual-threads report");

		// The app was started with virtual threads on (the runner refuses them on a JDK below 21).
		Path stdout = HttpComparisonSmokeTest.firstStdout(out);
		assertTrue(Files.readString(stdout, StandardCharsets.ISO_8859_1).contains("--spring.threads.virtual.enabled=true"),
				"the app was started with virtual threads");
	}

	/** A JDK with virtual threads and the jfr tool, as load-tests/scripts/virtual-threads.sh finds it. */
	static Optional<Path> jdkWithVirtualThreads() throws IOException {
		Path jvms = Path.of("/usr/lib/jvm");
		if (!Files.isDirectory(jvms)) {
			return Optional.empty();
		}
		try (Stream<Path> homes = Files.list(jvms)) {
			return homes.sorted()
				.filter((home) -> Files.isExecutable(home.resolve("bin/java")) && Files.isExecutable(home.resolve("bin/jfr")))
				.map((home) -> home.resolve("bin/java"))
				.filter((candidate) -> HttpComparison.majorVersion(HttpComparison.jdk(candidate)) >= 21)
				.findFirst();
		}
	}

}
