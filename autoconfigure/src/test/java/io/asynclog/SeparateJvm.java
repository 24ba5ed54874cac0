package io.asynclog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.awaitility.Awaitility;

/**
 * A {@link SeparateJvmApp} running in a JVM of its own, with the test's class path, its
 * output captured in files.
 */
public final class SeparateJvm implements AutoCloseable {

	/**
	 * The exit status of a JVM that ran its shutdown hooks after SIGTERM: 128 + 15.
	 */
	public static final int EXIT_ON_SIGTERM = 143;


	private final Process process;

	private final Path stdout;

	private final Path stderr;

	private SeparateJvm(Process process, Path stdout, Path stderr) {
		this.process = process;
		this.stdout = stdout;
		this.stderr = stderr;
	}

	/**
	 * Starts the application with the JDK that runs the tests.
	 * @param dir where to write its output
	 * @param scenario the scenario {@link SeparateJvmApp} runs
	 * @param properties {@code key=value} pairs
	 * @return the running JVM
	 */
	public static SeparateJvm start(Path dir, String scenario, String... properties) {
		return start(Path.of(System.getProperty("java.home")), dir, scenario, properties);
	}

	/**
	 * Starts the application with the given JDK.
	 * @param javaHome the JDK's home
	 * @param dir where to write its output
	 * @param scenario the scenario {@link SeparateJvmApp} runs
	 * @param properties {@code key=value} pairs
	 * @return the running JVM
	 */
	public static SeparateJvm start(Path javaHome, Path dir, String scenario, String... properties) {
		return start(javaHome, List.of(), dir, scenario, properties);
	}

	/**
	 * Starts the application with the given JDK and JVM options.
	 * @param javaHome the JDK's home
	 * @param jvmOptions options for the JVM, such as {@code -Dname=value}
	 * @param dir where to write its output
	 * @param scenario the scenario {@link SeparateJvmApp} runs
	 * @param properties {@code key=value} pairs
	 * @return the running JVM
	 */
	public static SeparateJvm start(Path javaHome, List<String> jvmOptions, Path dir, String scenario,
			String... properties) {
		return start(javaHome, jvmOptions, SeparateJvmApp.class.getName(), dir, scenario, properties);
	}

	/**
	 * Starts another application of the test class path, such as one that names no
	 * logging library, with the JDK that runs the tests.
	 * @param mainClass the application's main class, given the scenario and the
	 * properties as arguments; it prints {@link SeparateJvmApp#READY} as that one does
	 * @param dir where to write its output
	 * @param scenario the scenario the application runs
	 * @param properties {@code key=value} pairs
	 * @return the running JVM
	 */
	public static SeparateJvm start(String mainClass, Path dir, String scenario, String... properties) {
		return start(Path.of(System.getProperty("java.home")), List.of(), mainClass, dir, scenario, properties);
	}

	/**
	 * Starts another application of the test class path, as {@link #start(String, Path,
	 * String, String...)} does, with JVM options.
	 * @param jvmOptions options for the JVM, such as {@code -Dname=value}
	 * @param mainClass the application's main class
	 * @param dir where to write its output
	 * @param scenario the scenario the application runs
	 * @param properties {@code key=value} pairs
	 * @return the running JVM
	 */
	public static SeparateJvm start(List<String> jvmOptions, String mainClass, Path dir, String scenario,
			String... properties) {
		return start(Path.of(System.getProperty("java.home")), jvmOptions, mainClass, dir, scenario, properties);
	}

	/**
	 * Starts another application of the test class path as {@link #start(String, Path,
	 * String, String...)} does, without the class path entries whose file name starts
	 * with the given text: an application that lacks a dependency.
	 * @param missing the start of the file names left out, such as {@code kafka-clients-}
	 * @param mainClass the application's main class
	 * @param dir where to write its output
	 * @param scenario the scenario the application runs
	 * @param properties {@code key=value} pairs
	 * @return the running JVM
	 */
	public static SeparateJvm startWithout(String missing, String mainClass, Path dir, String scenario,
			String... properties) {
		String classPath = Stream.of(testClassPath().split(java.io.File.pathSeparator))
			.filter((entry) -> !Path.of(entry).getFileName().toString().startsWith(missing))
			.collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
		return start(Path.of(System.getProperty("java.home")), List.of(), classPath, mainClass, dir, scenario,
				properties);
	}

	private static SeparateJvm start(Path javaHome, List<String> jvmOptions, String mainClass, Path dir,
			String scenario, String... properties) {
		return start(javaHome, jvmOptions, testClassPath(), mainClass, dir, scenario, properties);
	}

	private static SeparateJvm start(Path javaHome, List<String> jvmOptions, String classPath, String mainClass,
			Path dir, String scenario, String... properties) {
		List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), "-Xmx1g"));
		// Set by the build for every test JVM (asynclog.test.child-jvm in the root pom): comma-separated.
		String buildOptions = System.getProperty("asynclog.test.child-jvm", "");
		if (!buildOptions.isBlank()) {
			command.addAll(List.of(buildOptions.split(",")));
		}
		command.addAll(jvmOptions);
		command.addAll(List.of("-cp", classPath, mainClass, scenario));
		command.addAll(List.of(properties));
		Path stdout = dir.resolve(scenario + ".out");
		Path stderr = dir.resolve(scenario + ".err");
		try {
			Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
				.redirectError(stderr.toFile())
				.start();
			return new SeparateJvm(process, stdout, stderr);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Finds a JDK of at least the given version: the one running the tests, or one under
	 * /usr/lib/jvm or $JAVA_&lt;version&gt;_HOME.
	 * @param version the lowest feature version, such as 21
	 * @return the JDK's home, if there is one
	 */
	public static Optional<Path> findJdk(int version) {
		if (Runtime.version().feature() >= version) {
			return Optional.of(Path.of(System.getProperty("java.home")));
		}
		String fromEnvironment = System.getenv("JAVA_" + version + "_HOME");
		if (fromEnvironment != null && Files.isExecutable(Path.of(fromEnvironment, "bin/java"))) {
			return Optional.of(Path.of(fromEnvironment));
		}
		Path jvms = Path.of("/usr/lib/jvm");
		if (!Files.isDirectory(jvms)) {
			return Optional.empty();
		}
		try (Stream<Path> homes = Files.list(jvms)) {
			return homes.filter((home) -> featureVersion(home) >= version)
				.filter((home) -> Files.isExecutable(home.resolve("bin/java")))
				.max(Comparator.comparingInt(SeparateJvm::featureVersion));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	private static int featureVersion(Path home) {
		try {
			for (String line : Files.readAllLines(home.resolve("release"))) {
				if (line.startsWith("JAVA_VERSION=")) {
					String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
					return Integer.parseInt(version.split("[.+-]")[0]);
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// Not a JDK this can read: not a candidate.
		}
		return 0;
	}

	/**
	 * Surefire starts tests from a small jar whose manifest lists the class path; the full
	 * list is in a system property of its own.
	 */
	private static String testClassPath() {
		return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
	}

	/**
	 * Waits until the application prints {@link SeparateJvmApp#READY}, failing if it exits
	 * first or the time runs out.
	 * @param timeout how long to wait
	 * @return the count printed after it
	 */
	public long awaitReady(Duration timeout) {
		Awaitility.await("'" + SeparateJvmApp.READY + "' from the separate JVM")
			.atMost(timeout)
			.pollInterval(Duration.ofMillis(50))
			.failFast("the separate JVM exited:\n" + this.stderr, () -> !this.process.isAlive())
			.until(() -> readyLine() != null);
		return Long.parseLong(readyLine().substring(SeparateJvmApp.READY.length()).trim());
	}

	private String readyLine() {
		return printed(SeparateJvmApp.READY);
	}

	/**
	 * Returns the first line the application printed that starts with the given text.
	 * @param start the line's start
	 * @return the line, or {@code null}
	 */
	public String printed(String start) {
		return stdout().stream().filter((line) -> line.startsWith(start)).findFirst().orElse(null);
	}

	/**
	 * Sends SIGTERM, as an orchestrator stopping the application does.
	 */
	public void sigterm() {
		this.process.destroy();
	}

	/**
	 * Waits for the JVM to exit, failing if it is still running when the time runs out.
	 * @param timeout how long to wait
	 * @return the exit status
	 */
	public int awaitExit(Duration timeout) throws InterruptedException {
		if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new AssertionError("the separate JVM was still running " + timeout + " later; its output:\n"
					+ String.join("\n", stdout()) + "\n" + String.join("\n", stderr()));
		}
		return this.process.exitValue();
	}

	/**
	 * Whether the JVM still runs.
	 * @return {@code true} until it exits
	 */
	public boolean isAlive() {
		return this.process.isAlive();
	}

	public List<String> stdout() {
		return TestApplications.lines(this.stdout);
	}

	public List<String> stderr() {
		return TestApplications.lines(this.stderr);
	}

	/**
	 * Reads a number the application reported on standard error, such as the events a
	 * shutdown lost.
	 * @param report the report, its first group the number
	 * @return the number in the first line that matches
	 * @throws AssertionError if no line matches
	 */
	public long reportedCount(Pattern report) {
		List<String> stderr = stderr();
		return stderr.stream()
			.map(report::matcher)
			.filter(Matcher::find)
			.mapToLong((matcher) -> Long.parseLong(matcher.group(1)))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no line matching '" + report + "' in " + stderr));
	}

	@Override
	public void close() {
		this.process.destroyForcibly();
	}

}
