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
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * The demo app as a child process: started with a fresh log directory and fixed heap flags
 * (optionally pinned with {@code taskset}), its stdout sent to a file; waited for through
 * {@code /actuator/health}; warmed up; stopped with SIGTERM.
 * <p>
 * It binds port 0 of 127.0.0.1 and writes the port it got to a file ({@value #PORT_FILE} beside
 * its stdout): a port chosen here and handed over could be taken by another process in between.
 * The writer is Spring Boot's own {@code WebServerPortFileWriter}, which the app does not register
 * itself: a {@code META-INF/spring.factories} naming it goes on the app's class path, which is why
 * the jar is started through its launcher ({@code -cp LISTENER:JAR JarLauncher}, what {@code -jar}
 * runs). The app also gets this JVM's process id ({@code demo.parent-pid}) and exits by itself once
 * this JVM is gone, even if it was killed with SIGKILL and {@link #close()} never ran.
 *
 * @author asynclog
 */
final class AppProcess implements AutoCloseable {

	static final List<String> HEAP_FLAGS = List.of("-Xms512m", "-Xmx512m");

	static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(60);

	static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	/** Far more than the slow sink needs for a full pipe (64 KiB at 256 KiB/s). */
	static final Duration READER_DRAIN_TIMEOUT = Duration.ofSeconds(10);

	static final int WARMUP_THREADS = 16;

	static final long WARMUP_MAX_REQUESTS = 1_000_000;

	static final String PORT_FILE = "app.port";

	private final Process process;

	private final Path portFile;

	private final long startedAt = System.nanoTime();

	private volatile URI baseUrl;

	private final Path stdout;

	/** The slow sink's reader, or null when the output goes straight to the file. */
	private final Thread stdoutReader;

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	private AppProcess(Process process, Path portFile, Path stdout, Thread stdoutReader) {
		this.process = process;
		this.portFile = portFile;
		this.stdout = stdout;
		this.stdoutReader = stdoutReader;
	}

	/**
	 * Starts the app in its (empty) log directory, the pin prefix (such as {@code taskset -c 0}) in
	 * front; the extra arguments come after the configuration's, which they override.
	 */
	static AppProcess start(Path java, Path jar, RunConfig config, Path logDir, List<String> pinPrefix, Path stdout,
			List<String> jvmFlags, List<String> extraArgs) throws IOException {
		Path portFile = stdout.toAbsolutePath().resolveSibling(PORT_FILE);
		Files.deleteIfExists(portFile);
		// A class path entry that registers Spring Boot's port file writer in the app.
		Path listener = stdout.toAbsolutePath().resolveSibling("port-file-listener");
		Files.createDirectories(listener.resolve("META-INF"));
		Files.writeString(listener.resolve("META-INF/spring.factories"), "org.springframework.context.ApplicationListener="
				+ "org.springframework.boot.web.server.context.WebServerPortFileWriter\n");
		List<String> command = new ArrayList<>(pinPrefix);
		command.add(java.toString());
		command.addAll(HEAP_FLAGS);
		command.addAll(config.jvmFlags());
		command.addAll(jvmFlags);
		if (config.virtualThreads()) {
			command.addAll(PinnedEvents.jvmFlags(stdout.toAbsolutePath().resolveSibling(PinnedEvents.FILE)));
		}
		command.addAll(List.of("-DPORTFILE=" + portFile, "-cp", listener + File.pathSeparator + jar,
				"org.springframework.boot.loader.launch.JarLauncher"));
		// Loopback only, whatever the app's own configuration says.
		command.addAll(List.of("--server.port=0", "--server.address=127.0.0.1",
				"--demo.parent-pid=" + ProcessHandle.current().pid(), "--spring.profiles.active=" + config.profiles(),
				"--demo.log-dir=" + logDir));
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
		Thread reader = config.slowSink()
				? ThrottledReader.start(process.getInputStream(), stdout, ThrottledReader.BYTES_PER_SECOND) : null;
		return new AppProcess(process, portFile, stdout, reader);
	}

	long pid() {
		return this.process.pid();
	}

	/** The app's {@code http://127.0.0.1:<port>}, once {@link #awaitPort()} has read the port. */
	URI baseUrl() {
		if (this.baseUrl == null) {
			throw new IllegalStateException("the app's port is not known yet: awaitPort() first");
		}
		return this.baseUrl;
	}

	/** Waits until the app has written the port its web server listens on (Tomcat has started). */
	URI awaitPort() throws IOException, InterruptedException {
		long deadline = this.startedAt + HEALTH_TIMEOUT.toNanos();
		while (this.baseUrl == null && System.nanoTime() < deadline) {
			// The writer creates the file, then writes the port in one go: an empty file is not written yet.
			try {
				String text = Files.readString(this.portFile, StandardCharsets.US_ASCII).strip();
				if (!text.isEmpty()) {
					int port = Integer.parseInt(text);
					if (port < 1 || port > 65535) {
						throw new IOException("the app wrote port " + port + " to " + this.portFile);
					}
					this.baseUrl = URI.create("http://127.0.0.1:" + port);
					break;
				}
			}
			catch (NoSuchFileException ex) {
				// not started yet
			}
			catch (NumberFormatException ex) {
				throw new IOException("the app wrote no port number to " + this.portFile, ex);
			}
			requireAlive();
			Thread.sleep(50);
		}
		if (this.baseUrl == null) {
			throw new IOException("the app wrote no port to " + this.portFile + " within "
					+ HEALTH_TIMEOUT.toSeconds() + " s of its start; see " + this.stdout);
		}
		return this.baseUrl;
	}

	private void requireAlive() throws IOException {
		if (!this.process.isAlive()) {
			throw new IOException("the app exited with " + this.process.exitValue() + " during start-up; see "
					+ this.stdout);
		}
	}

	HttpClient client() {
		return this.client;
	}

	Path stdout() {
		return this.stdout;
	}

	/**
	 * Waits until the port is known and {@code /actuator/health} answers 200, within
	 * {@link #HEALTH_TIMEOUT}; returns how long that took from the start.
	 */
	Duration awaitHealthy() throws IOException, InterruptedException {
		awaitPort();
		long deadline = System.nanoTime() + HEALTH_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			requireAlive();
			try {
				get("/actuator/health", Duration.ofSeconds(2));
				return Duration.ofNanos(System.nanoTime() - this.startedAt);
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(100);
		}
		throw new IOException("the app did not answer /actuator/health with 200 within "
				+ HEALTH_TIMEOUT.toSeconds() + " s; see " + this.stdout);
	}

	String get(String path, Duration timeout) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(baseUrl().resolve(path)).timeout(timeout).build();
		HttpResponse<String> response = this.client.send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new IOException(path + " answered " + response.statusCode());
		}
		return response.body();
	}

	/**
	 * What the warm-up sent: requests answered 200, and those that failed or got another status.
	 */
	record Warmup(long ok, long failed) {
	}

	/**
	 * Warms the app up (JIT, pools, log files) before Gatling starts: {@value #WARMUP_THREADS}
	 * threads send {@code GET /log} back to back, more than the 10 Tomcat threads can serve at once,
	 * for some seconds and at most {@value #WARMUP_MAX_REQUESTS} requests.
	 */
	Warmup warmUp(int linesPerRequest, int seconds) throws InterruptedException {
		if (seconds <= 0) {
			return new Warmup(0, 0);
		}
		HttpRequest request = HttpRequest.newBuilder(baseUrl().resolve("/log?lines=" + linesPerRequest))
			.timeout(Duration.ofSeconds(10))
			.build();
		long deadline = System.nanoTime() + seconds * 1_000_000_000L;
		AtomicLong budget = new AtomicLong(WARMUP_MAX_REQUESTS);
		AtomicLong ok = new AtomicLong();
		AtomicLong failed = new AtomicLong();
		Runnable sender = () -> {
			while (System.nanoTime() < deadline && budget.decrementAndGet() >= 0) {
				try {
					int status = this.client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
					(status == 200 ? ok : failed).incrementAndGet();
				}
				catch (IOException ex) {
					failed.incrementAndGet();
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		};
		List<Thread> threads = IntStream.range(0, WARMUP_THREADS)
			.mapToObj((i) -> new Thread(sender, "warmup-" + i))
			.toList();
		for (Thread thread : threads) {
			thread.setDaemon(true);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		return new Warmup(ok.get(), failed.get());
	}

	/** How many {@code /log} requests the app has handled ({@code /log/count}). */
	long count() throws IOException, InterruptedException {
		String body = get("/log/count", Duration.ofSeconds(10)).strip();
		try {
			return Long.parseLong(body);
		}
		catch (NumberFormatException ex) {
			throw new IOException("/log/count answered '" + body + "'");
		}
	}

	/** Sends SIGTERM and waits for the app to exit (see {@link #awaitExit}); returns how long it took. */
	Duration stop() throws IOException, InterruptedException {
		long start = System.nanoTime();
		if (this.process.isAlive()) {
			sendSigterm();
			awaitExit(STOP_TIMEOUT);
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

	/**
	 * Sends SIGTERM and returns at once. Through the process handle: {@link Process#destroy()} also
	 * closes this side of the app's stdout pipe, and the slow sink's console would then fail at once
	 * instead of taking the lines still queued.
	 */
	void sendSigterm() {
		this.process.toHandle().destroy();
	}

	/**
	 * Waits for the app to exit, killing it (an IOException) if it does not within the timeout.
	 * With the slow sink, also waits until its reader has copied the last of the app's output, so
	 * that the stdout file is complete, a shutdown warning included.
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
