package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.Machine;

/**
 * Where the app and Gatling run: {@code taskset -c 0} and {@code taskset -c 1} when taskset works
 * for both CPUs, unless {@code --no-pin}; both CPUs ({@code taskset -c 0,1}, explicitly, since a
 * process left unpinned would inherit the runner's own pin) for {@code cores=2}.
 *
 * <p>The wide warm-up moves every thread of a running one-core app to both CPUs and back
 * ({@code taskset -a -p -c}): on one busy core the JIT never catches up (C2's queue held 120–185
 * methods from 20 s to 120 s of load), so a run measured how far the compilers had got more than
 * what logging costs. The app is told it has one CPU ({@link #ONE_CPU_FLAG}) from the start, so
 * that its collector, compiler threads and pools are sized for the core it is measured on.
 *
 * @author asynclog
 */
record CpuPlacement(List<String> app, List<String> gatling, List<String> shared) {

	static final String ONE_CPU_FLAG = "-XX:ActiveProcessorCount=1";

	static final CpuPlacement NONE = new CpuPlacement(List.of(), List.of(), List.of());

	static CpuPlacement detect(boolean wanted, PrintStream log) {
		if (!wanted) {
			return NONE;
		}
		// Not availableProcessors(): the runner itself may be pinned to one CPU (by the script).
		if (Stream.of("0", "1").anyMatch((cpu) -> Machine.run(List.of("taskset", "-c", cpu, "true"), 30).exitCode() != 0)) {
			log.println("warning: taskset is missing or does not work here: the app and Gatling are not pinned");
			return NONE;
		}
		return new CpuPlacement(List.of("taskset", "-c", "0"), List.of("taskset", "-c", "1"),
				List.of("taskset", "-c", "0,1"));
	}

	String describe() {
		return this.app.isEmpty() ? "none"
				: "app: " + String.join(" ", this.app) + ", gatling: " + String.join(" ", this.gatling);
	}

	List<String> app(RunConfig config) {
		return (config.cores() == 2) ? this.shared : this.app;
	}

	List<String> gatling(RunConfig config) {
		return (config.cores() == 2) ? this.shared : this.gatling;
	}

	/** Whether a one-core app can warm up on both CPUs and be measured on its own. */
	boolean canWarmUpWide(RunConfig config) {
		return config.cores() == 1 && !this.app.isEmpty() && !this.shared.isEmpty();
	}

	/**
	 * Moves every thread of a process to the CPUs a {@code taskset -c CPUS} prefix names; returns
	 * how many are still allowed elsewhere when that is one CPU.
	 */
	static long move(long pid, List<String> pinPrefix) throws IOException {
		String cpus = pinPrefix.get(pinPrefix.size() - 1);
		// Twice: a thread started during the first pass may have inherited its creator's old CPUs.
		for (int pass = 0; pass < 2; pass++) {
			if (Machine.run(List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)), 10).exitCode() != 0) {
				throw new IOException("taskset -a -p -c " + cpus + " " + pid + " failed");
			}
		}
		if (!cpus.matches("\\d+")) {
			return 0;
		}
		try (Stream<Path> tasks = Files.list(ProcSampler.proc(pid, "task"))) {
			// A thread that ended meanwhile has no status left to read.
			return tasks.map((task) -> ProcSampler.fields(ProcSampler.read(task.resolve("status"))).get("Cpus_allowed_list"))
				.filter((allowed) -> allowed != null && !allowed.equals(cpus))
				.count();
		}
	}

}
