package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Moves every thread of a running app to other CPUs ({@code taskset -a -p -c}). The one-core
 * runs warm the app up on both CPUs and measure it on its own: on one busy core the JIT never
 * catches up (C2's queue held 120–185 methods from 20 s to 120 s of load), so a run measured
 * how far the compilers had got more than what logging costs. The app is told it has one CPU
 * ({@code -XX:ActiveProcessorCount=1}) from the start, so that its collector, compiler threads and
 * pools are sized for the core it is measured on.
 *
 * @author asynclog
 */
final class CpuPlacement {

	/** The JVM flag that keeps the app's view at one CPU while it warms up on two. */
	static final String ONE_CPU_FLAG = "-XX:ActiveProcessorCount=1";

	private CpuPlacement() {
	}

	/** Moves every thread of a process to the CPUs a {@code taskset -c CPUS} prefix names. */
	static long move(long pid, List<String> pinPrefix) throws IOException, InterruptedException {
		String cpus = pinPrefix.get(pinPrefix.size() - 1);
		// Twice: a thread started during the first pass may have inherited its creator's old CPUs.
		for (int pass = 0; pass < 2; pass++) {
			Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid))
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
				taskset.destroyForcibly();
				throw new IOException("taskset -a -p -c " + cpus + " " + pid + " failed");
			}
		}
		return cpus.matches("\\d+") ? threadsNotOn(pid, cpus) : 0;
	}

	/** Counts the threads allowed on other CPUs than this one. */
	private static long threadsNotOn(long pid, String cpus) throws IOException {
		try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
			return tasks.map(CpuPlacement::allowedCpus).filter((allowed) -> allowed != null && !allowed.equals(cpus)).count();
		}
	}

	/** A thread's allowed CPUs, or null if it ended meanwhile. */
	private static String allowedCpus(Path task) {
		try (Stream<String> lines = Files.lines(task.resolve("status"))) {
			return lines.filter((line) -> line.startsWith("Cpus_allowed_list:"))
				.map((line) -> line.substring(line.indexOf(':') + 1).trim())
				.findFirst()
				.orElse(null);
		}
		catch (IOException ex) {
			return null;
		}
	}

}
