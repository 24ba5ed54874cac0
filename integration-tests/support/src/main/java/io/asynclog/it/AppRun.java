package io.asynclog.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of an application's main class in a JVM of its own, from a given class path,
 * that is expected to stop by itself: its exit code and everything it printed (standard
 * output and error, interleaved as printed).
 *
 * @author asynclog
 */
public record AppRun(int exitCode, String output) {

	/** The longest a run, a start or a stop may take. */
	static final int TIMEOUT_SECONDS = 60;

	public static AppRun of(List<String> classPath, String mainClass, Path outputFile, String... args)
			throws IOException, InterruptedException {
		Process process = launch(classPath, List.of(), mainClass, outputFile, args);
		int exitCode = awaitExit(process, outputFile, "after " + TIMEOUT_SECONDS + " s");
		return new AppRun(exitCode, read(outputFile));
	}

	/** Waits for the JVM to exit; kills it and fails if it still runs after a minute. */
	static int awaitExit(Process process, Path outputFile, String stillRunning) throws InterruptedException {
		if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
			process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			throw new AssertionError("The application was still running " + stillRunning + ":\n" + read(outputFile));
		}
		return process.exitValue();
	}

	static Process launch(List<String> classPath, List<String> jvmOptions, String mainClass, Path outputFile,
			String... args) throws IOException {
		List<String> command = new ArrayList<>(List.of(javaTool("java"), "-Xmx256m"));
		command.addAll(jvmOptions);
		command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), mainClass));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(outputFile.toFile()).start();
	}

	static String javaTool(String name) {
		return Path.of(System.getProperty("java.home"), "bin", name).toString();
	}

	/** Surefire starts tests from a jar whose manifest lists the class path; its property has the full list. */
	public static List<String> testClassPath() {
		String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		return List.of(classPath.split(File.pathSeparator));
	}

	public static int indexOf(List<String> classPath, String jarPrefix) {
		for (int i = 0; i < classPath.size(); i++) {
			if (Path.of(classPath.get(i)).getFileName().toString().startsWith(jarPrefix)) {
				return i;
			}
		}
		throw new AssertionError("No " + jarPrefix + "*.jar on the class path " + classPath);
	}

	/** As a pom that declares the jar first would have it. */
	public static List<String> moveToFront(List<String> classPath, String jarPrefix) {
		List<String> reordered = new ArrayList<>(classPath);
		reordered.add(0, reordered.remove(indexOf(classPath, jarPrefix)));
		return reordered;
	}

	public static List<String> without(List<String> classPath, String jarPrefix) {
		List<String> remaining = new ArrayList<>(classPath);
		remaining.remove(indexOf(classPath, jarPrefix));
		return remaining;
	}

	static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not read " + file, ex);
		}
	}

}
