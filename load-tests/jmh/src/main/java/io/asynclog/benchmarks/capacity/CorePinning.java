package io.asynclog.benchmarks.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Gives one thread of this JVM a core to itself, on Linux, with {@code taskset}: every thread
 * of the process to all cores but the last, then the named thread to the last. Threads started
 * later inherit their starter's cores, so they stay off the pinned thread's core too. Other
 * processes of the machine are not moved.
 */
final class CorePinning {

	/** Linux keeps the first 15 characters of a thread's name in /proc. */
	private static final int COMM_LENGTH = 15;

	private CorePinning() {
	}

	static void pin(String threadName) throws IOException, InterruptedException {
		int cores = Runtime.getRuntime().availableProcessors();
		if (cores < 2) {
			throw new IllegalStateException("pinning needs two cores or more; this machine has " + cores + " (use --pin false)");
		}
		String last = Integer.toString(cores - 1);
		String others = (cores == 2) ? "0" : "0-" + (cores - 2);
		long pid = ProcessHandle.current().pid();
		String tid = nativeId(threadName);
		run("taskset", "-a", "-p", "-c", others, Long.toString(pid));
		run("taskset", "-p", "-c", last, tid);
	}

	private static String nativeId(String threadName) throws IOException {
		String comm = threadName.substring(0, Math.min(COMM_LENGTH, threadName.length()));
		try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
			List<String> found = tasks.filter((task) -> comm.equals(read(task.resolve("comm"))))
				.map((task) -> task.getFileName().toString())
				.toList();
			if (found.size() != 1) {
				throw new IllegalStateException(found.size() + " threads named '" + comm + "' in /proc/self/task; expected one");
			}
			return found.get(0);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file).strip();
		}
		catch (IOException ex) {
			// The thread ended while the tasks were listed.
			return "";
		}
	}

	private static void run(String... command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		if (process.waitFor() != 0) {
			throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
		}
	}

}
