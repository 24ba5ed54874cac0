package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToDoubleFunction;

import io.asynclog.loadtests.report.Machine;

/**
 * Samples a process (the app) and, once known, a second one (the Gatling JVM) from
 * {@code /proc} every {@value #PERIOD_MILLIS} ms on its own thread:
 * <ul>
 * <li>{@code /proc/<pid>/stat}: utime + stime (fields 14 and 15, in clock ticks), for both;</li>
 * <li>{@code /proc/<pid>/status}: VmRSS (kB) and Threads;</li>
 * <li>{@code /proc/<pid>/io}: syscw (write syscalls, sockets included), write_bytes (bytes this
 * process caused to be sent to the storage layer, 0 on tmpfs) and wchar (bytes passed to
 * write-like calls).</li>
 * </ul>
 * All of them count the whole process (every thread). {@link #window} turns the samples into
 * rates over a time window, interpolating the counters linearly at its ends.
 *
 * <p>Each sample also reads utime + stime of every thread of the app
 * ({@code /proc/<pid>/task/<tid>/stat}), so that {@link #threadCpu} can split the app's CPU over
 * the window into request threads, logging background threads and the rest, by thread name
 * ({@link ThreadKind}).
 *
 * @author asynclog
 */
final class ProcSampler implements AutoCloseable {

	static final long PERIOD_MILLIS = 500;

	/** One sample; NaN where a value could not be read; {@code threadTicks} by thread id, possibly empty. */
	record Sample(long nanos, double appTicks, double rssKb, double threads, double syscw, double writeBytes,
			double wchar, double gatlingTicks, Map<Long, Double> threadTicks) {

		Sample(long nanos, double appTicks, double rssKb, double threads, double syscw, double writeBytes,
				double wchar, double gatlingTicks) {
			this(nanos, appTicks, rssKb, threads, syscw, writeBytes, wchar, gatlingTicks, Map.of());
		}

	}

	/** What a thread does for the request, by its name. */
	enum ThreadKind {

		/**
		 * Tomcat's request threads: {@code http-nio-...-exec-N}; with virtual threads, their
		 * carriers ({@code ForkJoinPool-1-worker-N}).
		 */
		REQUEST,

		/**
		 * The threads that write log events off the request threads (Log4j2's async logger and
		 * AsyncAppender threads) and asynclog's queue monitor.
		 */
		LOGGING_BACKGROUND,

		/**
		 * The garbage collector's threads (G1's, and the other collectors'), and the VM thread,
		 * where SerialGC (the JVM's choice on one CPU) collects.
		 */
		GC,

		/** The JIT compilers' threads. */
		JIT,

		/** Everything else: Tomcat's poller and acceptor, the JVM's own threads. */
		OTHER;

		/**
		 * The group of a thread name. Names are Java's (from a thread dump); the kernel's
		 * {@code comm} keeps only 15 characters, which drops the {@code -exec-} of Tomcat's
		 * request threads, so a {@code comm} alone never counts as a request thread.
		 */
		static ThreadKind of(String name) {
			if (name.startsWith("http-nio-") && name.contains("-exec-")) {
				return REQUEST;
			}
			if (name.startsWith("ForkJoinPool-1-worker-")) {
				// the carriers of virtual threads, which serve requests with threads=virtual
				return REQUEST;
			}
			if (name.contains("AsyncLogger") || name.contains("AsyncAppender") || name.startsWith("Log4j2-")
					|| name.contains("asynclog")) {
				return LOGGING_BACKGROUND;
			}
			if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("ZGC")
					|| name.startsWith("Shenandoah") || name.equals("VM Thread")) {
				return GC;
			}
			if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
				return JIT;
			}
			return OTHER;
		}

	}

	/**
	 * CPU seconds of the app's threads over a window, by group; NaN when the thread names are unknown.
	 * @param requestSeconds request threads
	 * @param loggingBackgroundSeconds logging background threads
	 * @param gcSeconds the garbage collector's threads
	 * @param jitSeconds the JIT compilers' threads
	 * @param otherSeconds the rest
	 */
	record ThreadCpu(double requestSeconds, double loggingBackgroundSeconds, double gcSeconds, double jitSeconds,
			double otherSeconds) {

		static final ThreadCpu UNKNOWN = new ThreadCpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

	}

	/**
	 * Figures over a window.
	 * @param seconds the window's length
	 * @param appCpuPct app CPU time / window, in percent of one core
	 * @param appRssMb the largest VmRSS seen, MiB
	 * @param appThreads the largest thread count seen
	 * @param writeSyscallsPerSec syscw per second
	 * @param writeBytesPerSec write_bytes per second
	 * @param wcharPerSec wchar per second
	 * @param gatlingCpuPct Gatling CPU time / window, in percent of one core (NaN if unknown)
	 */
	record Window(double seconds, double appCpuPct, double appRssMb, double appThreads, double writeSyscallsPerSec,
			double writeBytesPerSec, double wcharPerSec, double gatlingCpuPct) {
	}

	private final long appPid;

	private final double ticksPerSecond;

	private final List<Sample> samples = new CopyOnWriteArrayList<>();

	private volatile long gatlingPid = -1;

	/** The kernel's name of each thread seen ({@code comm}), read once per thread. */
	private final Map<Long, String> comms = new ConcurrentHashMap<>();

	private volatile boolean stopped;

	private final Thread thread;

	ProcSampler(long appPid, double ticksPerSecond) {
		this.appPid = appPid;
		this.ticksPerSecond = ticksPerSecond;
		this.thread = new Thread(this::loop, "proc-sampler-" + appPid);
		this.thread.setDaemon(true);
	}

	/** Whether /proc has the files this class reads (Linux). */
	static boolean available() {
		Path self = Path.of("/proc/self");
		return Files.isReadable(self.resolve("stat")) && Files.isReadable(self.resolve("status"))
				&& Files.isReadable(self.resolve("io"));
	}

	/** Clock ticks per second ({@code getconf CLK_TCK}), 100 if it cannot be asked. */
	static double clockTicksPerSecond() {
		try {
			return Double.parseDouble(Machine.firstLine(List.of("getconf", "CLK_TCK")));
		}
		catch (NumberFormatException ex) {
			return 100;
		}
	}

	ProcSampler start() {
		this.thread.start();
		return this;
	}

	void gatlingPid(long pid) {
		this.gatlingPid = pid;
	}

	private void loop() {
		long next = System.nanoTime();
		while (!this.stopped) {
			sampleNow();
			next += PERIOD_MILLIS * 1_000_000L;
			long sleep = next - System.nanoTime();
			if (sleep > 0) {
				try {
					Thread.sleep(sleep / 1_000_000L, (int) (sleep % 1_000_000L));
				}
				catch (InterruptedException ex) {
					return;
				}
			}
			else {
				next = System.nanoTime();
			}
		}
	}

	/** Takes one sample now (also called at the window's ends by nobody but the loop). */
	void sampleNow() {
		long nanos = System.nanoTime();
		double appTicks = cpuTicks(this.appPid);
		double rss = Double.NaN;
		double threads = Double.NaN;
		for (String line : lines(this.appPid, "status")) {
			if (line.startsWith("VmRSS:")) {
				rss = firstNumber(line);
			}
			else if (line.startsWith("Threads:")) {
				threads = firstNumber(line);
			}
		}
		double syscw = Double.NaN;
		double writeBytes = Double.NaN;
		double wchar = Double.NaN;
		for (String line : lines(this.appPid, "io")) {
			if (line.startsWith("syscw:")) {
				syscw = firstNumber(line);
			}
			else if (line.startsWith("write_bytes:")) {
				writeBytes = firstNumber(line);
			}
			else if (line.startsWith("wchar:")) {
				wchar = firstNumber(line);
			}
		}
		long gatling = this.gatlingPid;
		double gatlingTicks = (gatling > 0) ? cpuTicks(gatling) : Double.NaN;
		if (!Double.isNaN(appTicks)) {
			this.samples.add(new Sample(nanos, appTicks, rss, threads, syscw, writeBytes, wchar, gatlingTicks,
					threadTicks()));
		}
	}

	/** utime + stime of every thread of the app now, by thread id. */
	private Map<Long, Double> threadTicks() {
		Map<Long, Double> ticks = new HashMap<>();
		Path tasks = Path.of("/proc", Long.toString(this.appPid), "task");
		try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tasks)) {
			for (Path dir : dirs) {
				long tid;
				try {
					tid = Long.parseLong(dir.getFileName().toString());
				}
				catch (NumberFormatException ex) {
					continue;
				}
				double value = ticksOf(firstLine(dir.resolve("stat")));
				if (!Double.isNaN(value)) {
					ticks.put(tid, value);
					this.comms.computeIfAbsent(tid, (id) -> firstLine(dir.resolve("comm")).strip());
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// the app is gone or /proc is not there: no thread figures for this sample
		}
		return Map.copyOf(ticks);
	}

	private static String firstLine(Path file) {
		try {
			List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
			return lines.isEmpty() ? "" : lines.get(0);
		}
		catch (IOException | RuntimeException ex) {
			return "";
		}
	}

	/** The kernel's thread names seen so far ({@code comm}, 15 characters at most), by thread id. */
	Map<Long, String> comms() {
		return Map.copyOf(this.comms);
	}

	/** utime + stime of a process, in clock ticks, or NaN. */
	static double cpuTicks(long pid) {
		List<String> lines = lines(pid, "stat");
		return lines.isEmpty() ? Double.NaN : ticksOf(lines.get(0));
	}

	/** utime + stime of a {@code stat} line (a process's or a thread's), in clock ticks, or NaN. */
	static double ticksOf(String stat) {
		int close = stat.lastIndexOf(')');
		if (close < 0) {
			return Double.NaN;
		}
		// After "pid (comm) " the fields start at field 3 (state); utime is field 14, stime 15.
		String[] fields = stat.substring(close + 2).split(" ");
		if (fields.length < 13) {
			return Double.NaN;
		}
		try {
			return Double.parseDouble(fields[11]) + Double.parseDouble(fields[12]);
		}
		catch (NumberFormatException ex) {
			return Double.NaN;
		}
	}

	private static List<String> lines(long pid, String file) {
		try {
			return Files.readAllLines(Path.of("/proc", Long.toString(pid), file), StandardCharsets.US_ASCII);
		}
		catch (IOException | RuntimeException ex) {
			return List.of();
		}
	}

	private static double firstNumber(String line) {
		for (String part : line.split("\\s+")) {
			if (!part.isEmpty() && Character.isDigit(part.charAt(0))) {
				return Double.parseDouble(part);
			}
		}
		return Double.NaN;
	}

	List<Sample> samples() {
		return List.copyOf(this.samples);
	}

	@Override
	public void close() throws InterruptedException {
		this.stopped = true;
		this.thread.interrupt();
		this.thread.join(2000);
	}

	/**
	 * Figures over {@code [startNanos, endNanos]}.
	 * @param startNanos window start ({@link System#nanoTime()})
	 */
	Window window(long startNanos, long endNanos) {
		return window(samples(), startNanos, endNanos, this.ticksPerSecond);
	}

	static Window window(List<Sample> samples, long startNanos, long endNanos, double ticksPerSecond) {
		if (samples.size() < 2 || samples.get(0).nanos() > startNanos
				|| samples.get(samples.size() - 1).nanos() < endNanos) {
			throw new IllegalStateException("the /proc samples do not cover the load window");
		}
		double seconds = (endNanos - startNanos) / 1e9;
		if (seconds <= 0) {
			throw new IllegalStateException("empty load window");
		}
		double appCpu = delta(samples, Sample::appTicks, startNanos, endNanos) / ticksPerSecond / seconds * 100;
		double gatlingCpu = delta(samples, Sample::gatlingTicks, startNanos, endNanos) / ticksPerSecond / seconds
				* 100;
		double syscw = delta(samples, Sample::syscw, startNanos, endNanos) / seconds;
		double writeBytes = delta(samples, Sample::writeBytes, startNanos, endNanos) / seconds;
		double wchar = delta(samples, Sample::wchar, startNanos, endNanos) / seconds;
		double rss = max(samples, Sample::rssKb, startNanos, endNanos) / 1024;
		double threads = max(samples, Sample::threads, startNanos, endNanos);
		return new Window(seconds, appCpu, rss, threads, syscw, writeBytes, wchar, gatlingCpu);
	}

	/** The counter's value interpolated at the end minus that at the start. */
	private static double delta(List<Sample> samples, ToDoubleFunction<Sample> counter, long start, long end) {
		return at(samples, counter, end) - at(samples, counter, start);
	}

	private static double at(List<Sample> samples, ToDoubleFunction<Sample> counter, long nanos) {
		List<Sample> valid = new ArrayList<>();
		for (Sample sample : samples) {
			if (!Double.isNaN(counter.applyAsDouble(sample))) {
				valid.add(sample);
			}
		}
		if (valid.isEmpty()) {
			return Double.NaN;
		}
		Sample before = null;
		Sample after = null;
		for (Sample sample : valid) {
			if (sample.nanos() <= nanos) {
				before = sample;
			}
			else if (after == null) {
				after = sample;
			}
		}
		if (before == null || after == null) {
			// The process was not sampled on both sides of this instant (Gatling started or ended
			// close to it): take the nearest value.
			Sample nearest = (before != null) ? before : after;
			return counter.applyAsDouble(nearest);
		}
		double b = counter.applyAsDouble(before);
		double a = counter.applyAsDouble(after);
		double fraction = (double) (nanos - before.nanos()) / (after.nanos() - before.nanos());
		return b + (a - b) * fraction;
	}

	private static double max(List<Sample> samples, ToDoubleFunction<Sample> gauge, long start, long end) {
		double max = Double.NaN;
		Sample nearest = null;
		long nearestDistance = Long.MAX_VALUE;
		for (Sample sample : samples) {
			double value = gauge.applyAsDouble(sample);
			if (Double.isNaN(value)) {
				continue;
			}
			if (sample.nanos() >= start && sample.nanos() <= end) {
				max = Double.isNaN(max) ? value : Math.max(max, value);
			}
			long distance = Math.min(Math.abs(sample.nanos() - start), Math.abs(sample.nanos() - end));
			if (distance < nearestDistance) {
				nearestDistance = distance;
				nearest = sample;
			}
		}
		if (Double.isNaN(max) && nearest != null) {
			max = gauge.applyAsDouble(nearest);
		}
		return max;
	}

	/**
	 * The app's CPU over {@code [startNanos, endNanos]}, split by thread group.
	 * @param names Java thread names by thread id (from a thread dump); threads missing there are
	 * named by their {@code comm}
	 */
	ThreadCpu threadCpu(long startNanos, long endNanos, Map<Long, String> names) {
		if (names.isEmpty()) {
			return ThreadCpu.UNKNOWN;
		}
		Map<Long, String> all = new HashMap<>(comms());
		all.putAll(names);
		return threadCpu(samples(), startNanos, endNanos, all, this.ticksPerSecond);
	}

	static ThreadCpu threadCpu(List<Sample> samples, long startNanos, long endNanos, Map<Long, String> names,
			double ticksPerSecond) {
		Set<Long> tids = new TreeSet<>();
		samples.forEach((sample) -> tids.addAll(sample.threadTicks().keySet()));
		if (tids.isEmpty()) {
			return ThreadCpu.UNKNOWN;
		}
		double[] seconds = new double[ThreadKind.values().length];
		for (long tid : tids) {
			ToDoubleFunction<Sample> ticks = (sample) -> sample.threadTicks().getOrDefault(tid, Double.NaN);
			// A thread first seen after the start was started after it, with no CPU time yet.
			boolean seenBefore = samples.stream()
				.anyMatch((sample) -> sample.nanos() <= startNanos && sample.threadTicks().containsKey(tid));
			double start = seenBefore ? at(samples, ticks, startNanos) : 0;
			double end = at(samples, ticks, endNanos);
			if (Double.isNaN(end) || Double.isNaN(start)) {
				continue;
			}
			ThreadKind group = ThreadKind.of(names.getOrDefault(tid, ""));
			seconds[group.ordinal()] += Math.max(0, end - start) / ticksPerSecond;
		}
		return new ThreadCpu(seconds[ThreadKind.REQUEST.ordinal()], seconds[ThreadKind.LOGGING_BACKGROUND.ordinal()],
				seconds[ThreadKind.GC.ordinal()], seconds[ThreadKind.JIT.ordinal()], seconds[ThreadKind.OTHER.ordinal()]);
	}

	/** Writes the samples as CSV (seconds since the first sample, raw counters). */
	void writeCsv(Path file) throws IOException {
		List<Sample> all = samples();
		long origin = all.isEmpty() ? 0 : all.get(0).nanos();
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
			out.println("t_s,app_ticks,app_rss_kb,app_threads,app_syscw,app_write_bytes,app_wchar,gatling_ticks");
			for (Sample s : all) {
				out.println(String.format(Locale.ROOT, "%.3f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%s",
						(s.nanos() - origin) / 1e9, s.appTicks(), s.rssKb(), s.threads(), s.syscw(), s.writeBytes(),
						s.wchar(), Double.isNaN(s.gatlingTicks()) ? "" : String.format(Locale.ROOT, "%.0f",
								s.gatlingTicks())));
			}
		}
	}

}
