package io.asynclog.loadtests.http;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Gatling run of {@code LogSimulation} in a forked JVM ({@code io.gatling.app.Gatling}
 * with {@code --simulation} and {@code --results-folder}), optionally pinned with
 * {@code taskset}. Its console output goes to a file that {@link GatlingConsole} parses.
 * Reports are generated because the "Global Information" block is printed only then.
 *
 * <p>Gatling is started early, while the app starts and warms up: its JVM and engine take
 * several seconds to start. {@code LogSimulation} waits for a start-signal file before it
 * sends anything, and {@link #release()} creates that file.
 *
 * @param output the file Gatling's console output goes to
 * @param durationSeconds how long the load lasts, Gatling's warm-up included
 * @author asynclog
 */
record GatlingRun(Process process, Path output, int durationSeconds, Path startSignal) implements AutoCloseable {

	static final String MAIN_CLASS = "io.gatling.app.Gatling";

	static final String SIMULATION = "io.asynclog.loadtests.http.LogSimulation";

	/** The JVM flags gatling-maven-plugin 4.21 uses by default (minus the heap dump). */
	static final List<String> JVM_FLAGS = List.of("-Xmx1G", "-XX:MaxInlineLevel=20", "-XX:MaxTrivialSize=12",
			"--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

	/** What a request may take before it is KO. */
	static final int REQUEST_TIMEOUT_MS = 15_000;

	/**
	 * Load model ({@code closed}: users; {@code open}: users per second) and size, the warm-up
	 * being silent requests Gatling sends before the load.
	 */
	record Load(String model, int users, int rate, int durationSeconds, int warmupSeconds) {
	}

	/** Starts Gatling, pinned by the prefix; creating the start signal file releases the load. */
	static GatlingRun start(Path java, String classpath, URI baseUrl, Load load, int linesPerRequest,
			List<String> pinPrefix, Path resultsFolder, Path output, String description, Path startSignal)
			throws IOException {
		if (!"127.0.0.1".equals(baseUrl.getHost())) {
			throw new IllegalArgumentException("Gatling only targets 127.0.0.1, not " + baseUrl);
		}
		List<String> command = new ArrayList<>(pinPrefix);
		command.add(java.toString());
		command.addAll(JVM_FLAGS);
		command.addAll(List.of("-DbaseUrl=" + baseUrl, "-Dmodel=" + load.model(), "-Dlines=" + linesPerRequest,
				load.model().equals("closed") ? "-Dusers=" + load.users() : "-Drate=" + load.rate(),
				"-Dduration=" + load.durationSeconds(), "-DgatlingWarmup=" + load.warmupSeconds(),
				"-DrequestTimeoutMs=" + REQUEST_TIMEOUT_MS, "-DstartSignal=" + startSignal, MAIN_CLASS, "--simulation",
				SIMULATION, "--results-folder", resultsFolder.toString(), "--run-description", description));
		Files.deleteIfExists(startSignal);
		Files.createDirectories(resultsFolder);
		Files.writeString(output, String.join(" ", command) + System.lineSeparator());
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
		// The class path goes through the environment: it is long, and keeps ps readable.
		builder.environment().put("CLASSPATH", classpath);
		builder.environment().remove("JAVA_TOOL_OPTIONS");
		return new GatlingRun(builder.start(), output, load.durationSeconds() + load.warmupSeconds(), startSignal);
	}

	void release() throws IOException {
		if (!this.process.isAlive()) {
			throw new IOException("Gatling exited with " + this.process.exitValue() + " before the start; see "
					+ this.output);
		}
		Files.createFile(this.startSignal);
	}

	/**
	 * Waits for Gatling to exit (at most the duration plus 120 s after {@link #release()}) and
	 * parses its output.
	 */
	GatlingConsole.Summary await() throws IOException, InterruptedException {
		if (!this.process.waitFor(this.durationSeconds + 120L, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			throw new IOException("Gatling did not finish within " + (this.durationSeconds + 120)
					+ " s and was killed; see " + this.output);
		}
		if (this.process.exitValue() != 0) {
			throw new IOException("Gatling exited with " + this.process.exitValue() + "; see " + this.output);
		}
		try {
			return GatlingConsole.parse(Files.readAllLines(this.output, StandardCharsets.UTF_8));
		}
		catch (IllegalArgumentException ex) {
			throw new IOException(ex.getMessage() + "; see " + this.output, ex);
		}
	}

	/** Kills Gatling if it still runs. */
	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

}
