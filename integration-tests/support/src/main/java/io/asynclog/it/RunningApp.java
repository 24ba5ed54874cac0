package io.asynclog.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An application's main class running in a JVM of its own, from a given class path, until
 * the test stops it: what it printed so far, the port its web server took, the names of its
 * threads.
 *
 * @author asynclog
 */
public final class RunningApp implements AutoCloseable {

	private static final Pattern STARTED = Pattern.compile("Started \\S+ in [\\d.]+ seconds");

	/** Tomcat's line with the port it bound, port 0 having been asked for. */
	private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");

	private final Process process;

	private final Path outputFile;

	private RunningApp(Process process, Path outputFile) {
		this.process = process;
		this.outputFile = outputFile;
	}

	/** Waits until Spring Boot reports the start; fails (and kills it) if it exits or takes over a minute. */
	public static RunningApp start(List<String> classPath, List<String> jvmOptions, String mainClass,
			Path outputFile, String... args) throws IOException, InterruptedException {
		RunningApp app = new RunningApp(AppRun.launch(classPath, jvmOptions, mainClass, outputFile, args), outputFile);
		app.awaitStarted();
		return app;
	}

	private void awaitStarted() throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AppRun.TIMEOUT_SECONDS);
		while (!STARTED.matcher(output()).find()) {
			if (!this.process.isAlive()) {
				throw new AssertionError("The application exited with " + this.process.exitValue()
						+ " before it started:\n" + output());
			}
			if (System.nanoTime() > deadline) {
				this.process.destroyForcibly();
				throw new AssertionError(
						"The application had not started after " + AppRun.TIMEOUT_SECONDS + " s:\n" + output());
			}
			Thread.sleep(100);
		}
	}

	public String output() {
		return AppRun.read(this.outputFile);
	}

	public int port() {
		Matcher matcher = PORT.matcher(output());
		if (!matcher.find()) {
			throw new AssertionError("No port in the output:\n" + output());
		}
		return Integer.parseInt(matcher.group(1));
	}

	public List<String> threadNames() throws IOException, InterruptedException {
		Process jcmd = new ProcessBuilder(AppRun.javaTool("jcmd"), String.valueOf(this.process.pid()), "Thread.print")
			.redirectErrorStream(true)
			.start();
		String dump = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!jcmd.waitFor(AppRun.TIMEOUT_SECONDS, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
			throw new AssertionError("jcmd Thread.print failed:\n" + dump);
		}
		return Pattern.compile("(?m)^\"([^\"]+)\"").matcher(dump).results().map((match) -> match.group(1)).toList();
	}

	/** Stops it as a service manager does, with SIGTERM; returns the JVM's exit code. */
	public int stop() throws InterruptedException {
		this.process.destroy();
		return AppRun.awaitExit(this.process, this.outputFile, AppRun.TIMEOUT_SECONDS + " s after SIGTERM");
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			stop();
		}
	}

}
