package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

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
		SmokeRun run = SmokeRun.run("virtual-threads-smoke", "--matrix", "virtual-threads", "--configs", CONFIG,
				"--repeats", "1", "--duration", "2", "--warmup", "1", "--gatling-warmup", "1", "--users", "20", "--jar",
				HttpComparisonSmokeTest.demoJar().toString(), "--java", java.get().toString());
		assertEquals("true", run.cell("lines_ok"));
		assertEquals("virtual", run.cell("threads"));
		assertTrue(Long.parseLong(run.cell("pinned_events")) >= 0, "the flight recording was read");
		assertEquals("0", run.cell("pinned_in_asynclog"));
		assertTrue(Double.parseDouble(run.cell("cpu_request_s")) > 0, "the carriers did the requests' work");
		assertTrue(Files.isRegularFile(run.report().resolve(VirtualThreadsReport.MARKDOWN)), "the virtual-threads report");

		// The app was started with virtual threads on (the runner refuses them on a JDK below 21).
		Path stdout = HttpComparisonSmokeTest.firstStdout(run.out());
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
