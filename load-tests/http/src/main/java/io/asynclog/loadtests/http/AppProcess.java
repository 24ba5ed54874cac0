package io.asynclog.loadtests.http;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The demo app as a child process: started with a fresh log directory and fixed heap flags
 * (optionally pinned with {@code taskset}), its stdout sent to a file; waited for through
 * {@code /actuator/health}; asked for {@code /log/count}; stopped with SIGTERM.
 * <p>
 * It binds port 0 of 127.0.0.1 and writes the port it got to a file ({@value #PORT_FILE} beside
 * its stdout), which {@link #awaitPort()} reads: a port chosen here and handed over could be taken
 * by another process in between. The writer is Spring Boot's own {@code WebServerPortFileWriter},
 * which the app does not register itself: this class puts a {@code META-INF/spring.factories}
 * naming it ({@value #PORT_FILE_LISTENER} beside the stdout) on the app's class path, and names the
 * file with the system property {@code PORTFILE}; the jar is started through its launcher for
 * that ({@code -cp LISTENER:JAR JarLauncher}, which is what {@code -jar} runs). It also gets this JVM's
 * process id ({@code demo.parent-pid}) and exits by itself once this JVM is gone, even if it
 * was killed with SIGKILL and {@link #close()} never ran.
 *
 * @author asynclog
 */
final class AppProcess implements AutoCloseable {

	static final List<String> HEAP_FLAGS = List.of("-Xms512m", "-Xmx512m");

	static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(60);

	static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	/** Far more than the slow sink needs for a full pipe (64 KiB at 256 KiB/s). */
	static final Duration READER_DRAIN_TIMEOUT = Duration.ofSeconds(10);

	/** The file the app writes its port to, beside its stdout. */
	static final String PORT_FILE = "app.port";

	/** The directory, beside the stdout, that registers Spring Boot's port file writer in the app. */
	static final String PORT_FILE_LISTENER = "port-file-listener";

	/** What {@link #PORT_FILE_LISTENER} holds as {@code META-INF/spring.factories}. */
	static final String PORT_FILE_FACTORIES = "org.springframework.context.ApplicationListener="
			+ "org.springframework.boot.web.server.context.WebServerPortFileWriter\n";

	private final Process process;

	private final Path portFile;

	private final long startedAt = System.nanoTime();

	private volatile URI baseUrl;

	private final Path stdout;

	/** The slow sink's reader, or null when the output goes straight to the file. */
	private final Thread stdoutReader;

	private final HttpClient client;

	private AppProcess(Process process, Path portFile, Path stdout, Thread stdoutReader) {
		this.process = process;
		this.portFile = portFile;
		this.stdout = stdout;
		this.stdoutReader = stdoutReader;
		this.client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(2))
			.build();
	}

	/**
	 * Starts the app.
	 * @param logDir the log directory (must exist and be empty)
	 * @param pinPrefix the command prefix that pins it (for example {@code taskset -c 0}), or empty
	 */
	static AppProcess start(Path java, Path jar, RunConfig config, Path logDir, List<String> pinPrefix, Path stdout)
			throws IOException {
		return start(java, jar, config, logDir, pinPrefix, stdout, List.of());
	}

	/**
	 * Starts the app with more arguments after the configuration's, which therefore win.
	 * @param logDir the log directory (must exist and be empty)
	 * @param pinPrefix the command prefix that pins it (for example {@code taskset -c 0}), or empty
	 * @param extraArgs more application arguments, for example {@code --asynclog.ring-buffer-size=128}
	 */
	static AppProcess start(Path java, Path jar, RunConfig config, Path logDir, List<String> pinPrefix, Path stdout,
			List<String> extraArgs) throws IOException {
		return start(java, jar, config, logDir, pinPrefix, stdout, List.of(), extraArgs);
	}

	/**
	 * Starts the app with more JVM flags and more arguments after the configuration's.
	 * @param logDir the log directory (must exist and be empty)
	 * @param pinPrefix the command prefix that pins it (for example {@code taskset -c 0}), or empty
	 * @param jvmFlags more JVM flags, for example {@code -XX:ActiveProcessorCount=1}
	 */
	static AppProcess start(Path java, Path jar, RunConfig config, Path logDir, List<String> pinPrefix, Path stdout,
			List<String> jvmFlags, List<String> extraArgs) throws IOException {
		Path portFile = stdout.toAbsolutePath().resolveSibling(PORT_FILE);
		Files.deleteIfExists(portFile);
		Path listener = stdout.toAbsolutePath().resolveSibling(PORT_FILE_LISTENER);
		Files.createDirectories(listener.resolve("META-INF"));
		Files.writeString(listener.resolve("META-INF/spring.factories"), PORT_FILE_FACTORIES);
		List<String> command = new ArrayList<>(pinPrefix);
		command.add(java.toString());
		command.addAll(HEAP_FLAGS);
		command.addAll(config.jvmFlags());
		command.addAll(jvmFlags);
		if (config.virtualThreads()) {
			command.addAll(PinnedEvents.jvmFlags(stdout.toAbsolutePath().resolveSibling(PinnedEvents.FILE)));
		}
		// Port 0: the app binds a port nobody holds, and says which in the port file. Loopback only,
		// whatever the app's own configuration says.
		command.add("-DPORTFILE=" + portFile);
		command.addAll(List.of("-cp", listener + File.pathSeparator + jar, "org.springframework.boot.loader.launch.JarLauncher"));
		command.add("--server.port=0");
		command.add("--server.address=127.0.0.1");
		command.add("--demo.parent-pid=" + ProcessHandle.current().pid());
		command.add("--spring.profiles.active=" + config.profiles());
		command.add("--demo.log-dir=" + logDir);
		// The queue peak read at the end of a run then covers the whole run, --full ones too.
		command.add("--asynclog.metrics.peak-window=1h");
		command.addAll(config.appArgs());
		command.addAll(extraArgs);
		Files.createDirectories(stdout.getParent());
		Files.writeString(stdout, String.join(" ", command) + System.lineSeparator());
		ProcessBuilder builder = new ProcessBuilder(command).directory(logDir.toFile()).redirectErrorStream(true);
		if (!config.slowSink()) {
			builder.redirectOutput(ProcessBuilder.Redirect.appendTo(stdout.toFile()));
		}
		Process process = builder.start();
		Thread reader = null;
		if (config.slowSink()) {
			reader = ThrottledReader.start(process.getInputStream(), stdout, ThrottledReader.BYTES_PER_SECOND);
		}
		return new AppProcess(process, portFile, stdout, reader);
	}

	long pid() {
		return this.process.pid();
	}

	/** The app's {@code http://127.0.0.1:<port>}, once {@link #awaitPort()} has read the port. */
	URI baseUrl() {
		URI url = this.baseUrl;
		if (url == null) {
			throw new IllegalStateException("the app's port is not known yet: awaitPort() first");
		}
		return url;
	}

	/**
	 * Waits until the app has written the port its web server listens on (Tomcat has started);
	 * at once if it is already known.
	 */
	URI awaitPort() throws IOException, InterruptedException {
		if (this.baseUrl != null) {
			return this.baseUrl;
		}
		long deadline = this.startedAt + HEALTH_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			// The writer creates the file, then writes the port (at most five bytes) in one go: an
			// empty file is not written yet.
			try {
				String text = Files.readString(this.portFile, StandardCharsets.US_ASCII).strip();
				if (!text.isEmpty()) {
					int port = Integer.parseInt(text);
					if (port < 1 || port > 65535) {
						throw new IOException("the app wrote port " + port + " to " + this.portFile);
					}
					this.baseUrl = URI.create("http://127.0.0.1:" + port);
					return this.baseUrl;
				}
			}
			catch (NoSuchFileException ex) {
				// not started yet
			}
			catch (NumberFormatException ex) {
				throw new IOException("the app wrote no port number to " + this.portFile, ex);
			}
			if (!this.process.isAlive()) {
				throw new IOException("the app exited with " + this.process.exitValue() + " during start-up; see "
						+ this.stdout);
			}
			Thread.sleep(50);
		}
		throw new IOException("the app wrote no port to " + this.portFile + " within " + HEALTH_TIMEOUT.toSeconds()
				+ " s of its start; see " + this.stdout);
	}

	HttpClient client() {
		return this.client;
	}

	/** The file that holds the app's command line, stdout and stderr. */
	Path stdout() {
		return this.stdout;
	}

	/**
	 * Waits until the port is known and {@code /actuator/health} answers 200, within
	 * {@link #HEALTH_TIMEOUT} of the start; returns how long that took from the start.
	 */
	Duration awaitHealthy() throws IOException, InterruptedException {
		long start = this.startedAt;
		URI url = awaitPort();
		long deadline = System.nanoTime() + HEALTH_TIMEOUT.toNanos();
		HttpRequest request = HttpRequest.newBuilder(url.resolve("/actuator/health"))
			.timeout(Duration.ofSeconds(2))
			.build();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IOException("the app exited with " + this.process.exitValue() + " during start-up; see "
						+ this.stdout);
			}
			try {
				if (this.client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return Duration.ofNanos(System.nanoTime() - start);
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(100);
		}
		throw new IOException("the app did not answer /actuator/health with 200 within "
				+ HEALTH_TIMEOUT.toSeconds() + " s; see " + this.stdout);
	}

	/** How many {@code /log} requests the app has handled ({@code /log/count}). */
	long count() throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(baseUrl().resolve("/log/count"))
			.timeout(Duration.ofSeconds(10))
			.build();
		HttpResponse<String> response = this.client.send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException("/log/count answered " + response.statusCode());
		}
		try {
			return Long.parseLong(response.body().strip());
		}
		catch (NumberFormatException ex) {
			throw new IOException("/log/count answered '" + response.body().strip() + "'");
		}
	}

	/**
	 * Sends SIGTERM and waits for the app to exit, killing it (an IOException) after
	 * {@link #STOP_TIMEOUT}; returns how long it took to exit.
	 */
	Duration stop() throws IOException, InterruptedException {
		long start = System.nanoTime();
		if (!this.process.isAlive()) {
			return Duration.ZERO;
		}
		sendSigterm();
		awaitExit(STOP_TIMEOUT);
		return Duration.ofNanos(System.nanoTime() - start);
	}

	/**
	 * Sends SIGTERM and returns at once, so that load can go on while the app shuts down.
	 * Through the process handle: {@link Process#destroy()} also closes this side of the app's
	 * stdout pipe, and the slow sink's console would then fail at once instead of taking the
	 * lines still queued, which would be lost from it.
	 */
	void sendSigterm() {
		this.process.toHandle().destroy();
	}

	/**
	 * Waits for the app to exit; kills it if it does not within the timeout. With the slow sink,
	 * also waits until its reader has copied the last of the app's output (at most 64 KiB left in
	 * the pipe), so that the stdout file is complete, its last lines (a shutdown warning) too.
	 */
	int awaitExit(Duration timeout) throws IOException, InterruptedException {
		if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			this.process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
			throw new IOException("the app did not exit within " + timeout.toSeconds()
					+ " s of SIGTERM and was killed; see " + this.stdout);
		}
		if (this.stdoutReader != null) {
			this.stdoutReader.join(READER_DRAIN_TIMEOUT.toMillis());
			if (this.stdoutReader.isAlive()) {
				throw new IOException("the app exited, but its output was still being read "
						+ READER_DRAIN_TIMEOUT.toSeconds() + " s later; " + this.stdout + " is incomplete");
			}
		}
		return this.process.exitValue();
	}

	/** Kills the app if it still runs (after a failure). */
	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			this.process.destroy();
			if (!this.process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
			}
		}
	}

}
