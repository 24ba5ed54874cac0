package io.asynclog.loadtests.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine a run was made on, as the pages and charts state it.
 *
 * @author asynclog
 */
public final class Machine {

	private Machine() {
	}

	/** For example {@code 2 CPUs (nproc), AMD EPYC, MemTotal 24684092 kB, Linux 6.18.44}. */
	public static String describe() {
		// --all: the runner may be pinned to one CPU, which plain nproc would report.
		String nproc = firstLine(List.of("nproc", "--all"));
		if (nproc.isEmpty()) {
			nproc = Integer.toString(Runtime.getRuntime().availableProcessors());
		}
		String cpu = "unknown CPU";
		String memory = "unknown";
		try {
			for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
				if (line.startsWith("model name")) {
					cpu = line.substring(line.indexOf(':') + 1).strip();
					break;
				}
			}
			for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
				if (line.startsWith("MemTotal:")) {
					memory = line.substring(line.indexOf(':') + 1).strip();
					break;
				}
			}
		}
		catch (IOException ex) {
			// leave the defaults
		}
		String kernel = firstLine(List.of("uname", "-r"));
		return nproc + " CPUs (nproc), " + cpu + ", MemTotal " + memory + ", Linux "
				+ (kernel.isEmpty() ? System.getProperty("os.version") : kernel);
	}

	/** The first line a command prints, stripped; empty when it cannot be run or hangs. */
	public static String firstLine(List<String> command) {
		return output(command).lines().findFirst().orElse("").strip();
	}

	/** What a command prints, standard error included; empty when it cannot be run or hangs. */
	public static String output(List<String> command) {
		return run(command, 30).text();
	}

	/**
	 * Runs a command, killing it if it has not exited within the timeout.
	 * @return what it printed, standard error included, and its exit code; -1 and no text when it
	 * cannot be run or hangs
	 */
	public static Output run(List<String> command, long timeoutSeconds) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String text;
			try (InputStream in = process.getInputStream()) {
				text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			}
			if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return Output.FAILED;
			}
			return new Output(process.exitValue(), text);
		}
		catch (IOException ex) {
			return Output.FAILED;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Output.FAILED;
		}
	}

	/** What {@link #run} gives. */
	public record Output(int exitCode, String text) {

		static final Output FAILED = new Output(-1, "");

	}

}
