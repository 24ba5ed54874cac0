package io.asynclog.demo;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The demo app logging to a 2 MiB tmpfs that the test fills: every request still answers
 * 200, each request line either reaches the file or is one failed write in
 * {@code asynclog.appender.errors} on the Prometheus scrape, the health goes DEGRADED, the logging
 * library's status output reports a handful of failures rather than each, and once the filler
 * is gone the next requests' lines are on disk again. Shared: demo-app runs it on Logback,
 * demo-app-log4j2 on Log4j2 ({@link DemoRuns#EXPECTED_BACKEND}).
 * <p>
 * Mounting needs root (or CAP_SYS_ADMIN); where the machine refuses, the test is skipped.
 */
class DiskFullTests {

	private static final String APPENDER = "disk";

	private static final Pattern REQUEST_LINE = Pattern.compile("request (\\d{10}) handled \\.+\n");

	private static final Pattern ERRORS_SAMPLE = Pattern
		.compile("(?m)^asynclog_appender_errors_total\\{appender=\"" + APPENDER + "\"[^}]*} (\\S+)$");

	private static final int REQUESTS_WHILE_FULL = 200;

	private static final int REQUESTS_AFTER = 20;

	@TempDir
	Path dir;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private int port;

	@Test
	void requestsSucceedWhileTheDiskIsFullAndTheirLinesAreWrittenOnceThereIsSpace() throws Exception {
		Path disk = Files.createDirectory(this.dir.resolve("disk"));
		String refusal = run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString());
		// Aborted here rather than in @BeforeAll, so that the report shows the test skipped, with the reason.
		Assumptions.assumeTrue(refusal == null,
				() -> "this machine does not allow mounting a tmpfs, which the full-disk test needs (" + refusal + ")");
		try {
			runOnFullDisk(disk);
		}
		finally {
			// The application has closed its file; a lazy unmount still frees the directory if not.
			if (run("umount", disk.toString()) != null) {
				run("umount", "-l", disk.toString());
			}
		}
	}

	private void runOnFullDisk(Path disk) throws Exception {
		Path log = disk.resolve("demo.log");
		FailureStatuses status = FailureStatuses.forBackend(DemoRuns.EXPECTED_BACKEND, APPENDER, log);
		SpringApplication application = new SpringApplication(DemoApplication.class);
		try (status; ConfigurableApplicationContext context = application.run("--server.port=0",
				"--logging.level.root=warn", "--logging.level.io.asynclog.demo=info",
				"--asynclog.appenders." + APPENDER + ".type=file", "--asynclog.appenders." + APPENDER + ".file-name=" + log,
				"--asynclog.appenders." + APPENDER + ".pattern=%m%n", "--asynclog.immediate-flush=true")) {
			this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(get("/actuator/asynclog").body()).contains("\"backend\":\"" + DemoRuns.EXPECTED_BACKEND + "\"");
			status.start();
			long first = request();
			await().atMost(Duration.ofSeconds(10)).until(() -> loggedRequests(log).contains(first));
			assertThat(errors()).as("the counter is scraped at 0 before any failure").isZero();

			Path filler = disk.resolve("filler");
			fill(filler);
			List<Long> whileFull = new ArrayList<>();
			for (int i = 0; i < REQUESTS_WHILE_FULL; i++) {
				whileFull.add(request());
			}
			// Each failed event is one failed write: it either reached the file whole or was counted.
			await().atMost(Duration.ofSeconds(20)).until(() -> {
				Set<Long> written = loggedRequests(log);
				long writtenWhileFull = whileFull.stream().filter(written::contains).count();
				return writtenWhileFull + errors() == REQUESTS_WHILE_FULL;
			});
			double failures = errors();
			assertThat(failures).as("the full disk made writes fail").isGreaterThan(REQUESTS_WHILE_FULL / 2);
			assertThat(status.count()).as("the logging library's status output reported a few failures, not each")
				.isBetween(1, 4);
			HttpResponse<String> health = get("/actuator/health/asynclog");
			assertThat(health.statusCode()).as("failed writes are DEGRADED, answered with 200").isEqualTo(200);
			assertThat(JsonPath.<String>read(health.body(), "$.status")).isEqualTo("DEGRADED");
			assertThat(health.body()).contains("appender '" + APPENDER + "' failed to write");

			Files.delete(filler);
			List<Long> after = new ArrayList<>();
			for (int i = 0; i < REQUESTS_AFTER; i++) {
				after.add(request());
			}
			await().atMost(Duration.ofSeconds(20)).until(() -> loggedRequests(log).containsAll(after));
			assertThat(errors()).as("no failure once there is space").isEqualTo(failures);
			System.out.printf("disk full on %s: %d requests, %d lines written, %.0f failed writes, %d status messages%n",
					DemoRuns.EXPECTED_BACKEND, REQUESTS_WHILE_FULL, REQUESTS_WHILE_FULL - (long) failures, failures,
					status.count());
		}
	}

	private long request() throws Exception {
		HttpResponse<String> response = get("/log");
		assertThat(response.statusCode()).isEqualTo(200);
		return Long.parseLong(response.body().trim().substring("logged ".length()));
	}

	private double errors() throws Exception {
		HttpResponse<String> scrape = get("/actuator/prometheus");
		assertThat(scrape.statusCode()).isEqualTo(200);
		Matcher sample = ERRORS_SAMPLE.matcher(scrape.body());
		assertThat(sample.find()).as("asynclog_appender_errors_total of appender '%s' is scraped", APPENDER).isTrue();
		return Double.parseDouble(sample.group(1));
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * The sequence numbers of the whole request lines in the log. A write cut short by the
	 * full disk leaves a fragment that the next line continues, so lines are found anywhere.
	 */
	private static Set<Long> loggedRequests(Path log) throws IOException {
		Set<Long> numbers = new TreeSet<>();
		Matcher matcher = REQUEST_LINE.matcher(Files.readString(log, StandardCharsets.US_ASCII));
		while (matcher.find()) {
			numbers.add(Long.parseLong(matcher.group(1)));
		}
		return numbers;
	}

	private static void fill(Path filler) {
		byte[] chunk = new byte[64 * 1024];
		try (OutputStream out = Files.newOutputStream(filler)) {
			while (true) {
				out.write(chunk);
			}
		}
		catch (IOException expected) {
			// ENOSPC: the filesystem is full.
		}
	}

	/**
	 * Runs a command, waiting at most ten seconds.
	 * @return {@code null} on success, else what it printed
	 */
	private static String run(String... command) throws Exception {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		if (!process.waitFor(10, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			return String.join(" ", command) + " did not finish within 10s";
		}
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		return (process.exitValue() == 0) ? null : String.join(" ", command) + ": " + output;
	}

}
