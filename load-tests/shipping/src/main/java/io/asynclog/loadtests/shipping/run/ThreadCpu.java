package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time per thread of a process, read from {@code /proc/PID/task/TID/stat} (utime + stime, in
 * clock ticks), and of a whole process from {@code /proc/PID/stat}. The thread's name is the
 * kernel's {@code comm}: the Java thread name cut to 15 characters.
 *
 * @author asynclog
 */
public final class ThreadCpu {

	private ThreadCpu() {
	}

	/**
	 * One thread at one moment: CPU time (user + system) in clock ticks, and from {@code schedstat}
	 * (-1 if unknown) the nanoseconds it waited runnable for a CPU and ran on one.
	 */
	record Thread(String comm, long ticks, long waitNanos, long runNanos) {

		Thread(String comm, long ticks) {
			this(comm, ticks, -1, -1);
		}

		/**
		 * Returns the CPU seconds since an earlier reading of the same thread (none: since it
		 * started): from the scheduler's nanoseconds where both readings have them, since clock
		 * ticks are sampled and a thread that ran for a few milliseconds in short bursts can show
		 * none; from the ticks otherwise.
		 */
		double cpuSecondsSince(Thread earlier, long clockTicks) {
			if (this.runNanos >= 0 && (earlier == null || earlier.runNanos >= 0)) {
				return (this.runNanos - ((earlier != null) ? earlier.runNanos : 0)) / 1e9;
			}
			return (this.ticks - ((earlier != null) ? earlier.ticks : 0)) / (double) clockTicks;
		}

	}

	/** Reads every thread of a process ({@code self} for this one) now, by thread id. */
	static Map<Long, Thread> threads(String pid) throws IOException {
		Map<Long, Thread> threads = new LinkedHashMap<>();
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", pid, "task"))) {
			for (Path task : tasks) {
				try {
					Thread thread = parse(Files.readString(task.resolve("stat")));
					long[] schedstat = schedstat(task);
					threads.put(Long.parseLong(task.getFileName().toString()),
							new Thread(thread.comm(), thread.ticks(), schedstat[1], schedstat[0]));
				}
				catch (NoSuchFileException ended) {
					// the thread ended between the listing and the read
				}
			}
		}
		return threads;
	}

	/**
	 * Reads how long a thread has run on a CPU and waited on a run queue: the first two fields
	 * of {@code /proc/PID/task/TID/schedstat}, in nanoseconds; -1 each where it cannot be read.
	 */
	private static long[] schedstat(Path task) throws IOException {
		try {
			String[] fields = Files.readString(task.resolve("schedstat")).trim().split(" ");
			return new long[] { Long.parseLong(fields[0]), Long.parseLong(fields[1]) };
		}
		catch (NoSuchFileException | RuntimeException ex) {
			return new long[] { -1, -1 };
		}
	}

	/**
	 * Reads the whole machine's busy CPU ticks from {@code /proc/stat}: user, nice, system, irq,
	 * softirq and steal of all CPUs (not idle, not iowait), every process included.
	 */
	static long machineBusy() throws IOException {
		String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
		// cpu user nice system idle iowait irq softirq steal ...
		long busy = 0;
		for (int i : new int[] { 1, 2, 3, 6, 7, 8 }) {
			busy += Long.parseLong(fields[i]);
		}
		return busy;
	}

	/** The 1, 5 and 15 minute load averages of {@code /proc/loadavg}, space-separated; empty where it cannot be read. */
	public static String loadAverage() {
		try {
			return String.join(" ", List.of(Files.readString(Path.of("/proc/loadavg")).trim().split(" ")).subList(0, 3));
		}
		catch (IOException | RuntimeException ex) {
			return "";
		}
	}

	/** Reads a whole process's CPU ticks (user + system, all its threads, living and ended). */
	static long process(String pid) throws IOException {
		return parse(Files.readString(Path.of("/proc", pid, "stat"))).ticks();
	}

	/**
	 * Parses one {@code stat} line: {@code pid (comm) state ...}, utime and stime being fields 14
	 * and 15. The name may hold spaces and parentheses, so it ends at the last {@code ')'}.
	 */
	static Thread parse(String stat) {
		int open = stat.indexOf('(');
		int close = stat.lastIndexOf(')');
		String comm = stat.substring(open + 1, close);
		String[] fields = stat.substring(close + 2).trim().split(" ");
		// fields[0] is field 3 (state): utime (14) is fields[11], stime (15) fields[12]
		return new Thread(comm, Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
	}

}
