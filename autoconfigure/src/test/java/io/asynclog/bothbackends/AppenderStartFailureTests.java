package io.asynclog.bothbackends;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.FailureAnalyses;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * A file appender that cannot open its file, on both backends: start-up stops with a
 * failure analysis naming the property, the file, the appender and the operating system's
 * reason, before the application serves; with {@code asynclog.appender-start-failure=warn}
 * it starts, the health is DOWN with the reason, and every event meant for the appender is
 * counted as one of its errors. Each case is a real path that fails on Linux: a directory
 * under {@code /proc}, a FIFO, a directory, a read-only and a full tmpfs (these two need a
 * machine that lets the tests mount one, as the demo's full-disk test does).
 */
class AppenderStartFailureTests {

	private static final String OPT_OUT = "asynclog.appender-start-failure=warn";

	/** {@code /proc} refuses every new directory, even to root. */
	private static final String UNCREATABLE = "/proc/asynclog-no-such-dir/app.log";

	@TempDir
	Path dir;

	@Test
	void aDirectoryThatCannotBeCreated() {
		FailureAnalysis analysis = analysisOf("rolling-file", UNCREATABLE);
		assertThat(analysis.getDescription()).contains("rolling-file appender 'f'", "'" + UNCREATABLE + "'",
				"'asynclog.appenders.f.file-name'", "the directory /proc/asynclog-no-such-dir cannot be created",
				"no such file or directory");
		assertThat(analysis.getAction()).contains("'asynclog.appenders.f.file-name'", OPT_OUT);
	}

	@Test
	void aFileThatIsADirectory() throws IOException {
		Path directory = Files.createDirectories(this.dir.resolve("app.log"));
		assertThat(analysisOf("file", directory.toString()).getDescription()).contains("file appender 'f'",
				directory + " is a directory");
	}

	@Test
	void aDirectoryThatIsAFile() throws IOException {
		Path plainFile = Files.createFile(this.dir.resolve("plain-file"));
		String fileName = plainFile.resolve("logs/app.log").toString();
		assertThat(analysisOf("rolling-file", fileName).getDescription()).contains("'" + fileName + "'",
				plainFile + " is a file, not a directory");
	}

	/**
	 * Log4j2's random-access file fails on it with "Illegal seek", and Logback would wait at
	 * start-up for a reader to open the other end.
	 */
	@Test
	void aFifoForAFile() throws Exception {
		Path fifo = this.dir.resolve("pipe.log");
		String refused = run("mkfifo", fifo.toString());
		assumeThat(refused).as("mkfifo is needed for this test").isNull();
		assertThat(analysisOf("file", fifo.toString()).getDescription()).contains("file appender 'f'",
				fifo + " is a FIFO (named pipe) and it cannot be opened and sought: Illegal seek");
	}

	@Test
	void aReadOnlyDirectory() throws Exception {
		Path readOnly = Files.createDirectories(this.dir.resolve("read-only"));
		mount(readOnly, "ro,size=64k");
		try {
			String fileName = readOnly.resolve("logs/app.log").toString();
			assertThat(analysisOf("rolling-file", fileName).getDescription()).contains("'" + fileName + "'",
					"cannot be created", "read-only file system");
		}
		finally {
			unmount(readOnly);
		}
	}

	@Test
	void aFullDisk() throws Exception {
		Path disk = Files.createDirectories(this.dir.resolve("disk"));
		mount(disk, "size=64k");
		try {
			fill(disk.resolve("filler"));
			String fileName = disk.resolve("app.log").toString();
			assertThat(analysisOf("file", fileName).getDescription()).contains("'" + fileName + "'",
					"the file system holding " + disk + " is full");
			assertThat(disk.resolve("app.log")).as("nothing left behind by the check").doesNotExist();
		}
		finally {
			unmount(disk);
		}
	}

	/**
	 * Spring Boot's own file has no opt-out: on Logback Spring Boot itself stops start-up
	 * when its file appender fails, and asynclog keeps the backends alike.
	 */
	@Test
	void springBootsOwnLogFileEvenWithTheOptOut() {
		FailureAnalysis analysis = FailureAnalyses.analyze(startUpFailure("logging.file.name=" + UNCREATABLE, OPT_OUT));
		assertThat(analysis.getDescription()).contains("Spring Boot file appender", "'logging.file.name'",
				"'" + UNCREATABLE + "'", "no such file or directory");
		assertThat(analysis.getAction()).doesNotContain("appender-start-failure");
	}

	/**
	 * With the opt-out the application starts; the appender's events are not written, and
	 * each one is counted, in the meter, the endpoint and the health.
	 */
	@Test
	void theOptOutStartsWithTheHealthDownAndCountsEveryEvent() {
		try (ConfigurableApplicationContext context = Apps.run(OPT_OUT, "asynclog.appenders.f.type=file",
				"asynclog.appenders.f.file-name=" + UNCREATABLE, "asynclog.appenders.out.type=console",
				"asynclog.loggers[unopened].appenders=f", "asynclog.loggers[unopened].additivity=false",
				"management.endpoints.web.exposure.include=asynclog")) {
			Log log = LogFactory.getLog("unopened");
			int events = 7;
			for (int i = 0; i < events; i++) {
				log.info("line " + i);
			}
			Apps.awaitQueuesEmpty();
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			FunctionCounter errors = registry.find("asynclog.appender.errors").tag("appender", "f").functionCounter();
			assertThat(errors).as("the appender's error counter").isNotNull();
			assertThat(errors.count()).as("events meant for the appender").isEqualTo(events);
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((shown) -> {
				assertThat(shown.name()).isEqualTo("f");
				assertThat(shown.fileName()).isEqualTo(UNCREATABLE);
				assertThat(shown.errors()).isEqualTo(events);
			});
			Health health = context.getBean(AsyncLogHealthIndicator.class).health(true);
			assertThat(health.getStatus())
				.as("an appender that never opened its file is DOWN, though its counted events are failed writes too")
				.isEqualTo(Status.DOWN);
			assertThat(health.getDetails().get("reasons")).asString()
				.contains("appender 'f' (file) could not open " + UNCREATABLE + " (asynclog.appenders.f.file-name)",
						"no such file or directory", "every event it receives is counted as an error");
		}
		try (ConfigurableApplicationContext context = Apps.run("asynclog.appenders.out.type=console")) {
			assertThat(context.getBean(AsyncLogHealthIndicator.class).health(true).getStatus())
				.as("the next start, with a file that opens").isEqualTo(Status.UP);
		}
	}

	private FailureAnalysis analysisOf(String type, String fileName) {
		return FailureAnalyses.analyze(startUpFailure("asynclog.appenders.f.type=" + type,
				"asynclog.appenders.f.file-name=" + fileName));
	}

	private static Throwable startUpFailure(String... properties) {
		Throwable failure = catchThrowable(() -> Apps.run(properties).close());
		assertThat(failure).as("start-up should fail").isNotNull();
		return failure;
	}

	private static void mount(Path where, String options) throws Exception {
		String refused = run("mount", "-t", "tmpfs", "-o", options, "tmpfs", where.toString());
		assumeThat(refused).as("this machine does not allow mounting a tmpfs, which this test needs").isNull();
	}

	private static void unmount(Path where) throws Exception {
		if (run("umount", where.toString()) != null) {
			run("umount", "-l", where.toString());
		}
	}

	private static void fill(Path filler) {
		byte[] chunk = new byte[4096];
		try (OutputStream out = Files.newOutputStream(filler)) {
			while (true) {
				out.write(chunk);
			}
		}
		catch (IOException expected) {
			// No space left on device: the file system is full.
		}
	}

	/**
	 * Runs a command, waiting at most ten seconds.
	 * @return {@code null} on success, else what it printed
	 */
	private static String run(String... command) throws Exception {
		Process process;
		try {
			process = new ProcessBuilder(command).redirectErrorStream(true).start();
		}
		catch (IOException ex) {
			return String.join(" ", command) + ": " + ex.getMessage();
		}
		if (!process.waitFor(10, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			return String.join(" ", command) + " did not finish within 10s";
		}
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		return (process.exitValue() == 0) ? null : String.join(" ", command) + ": " + output;
	}

}
