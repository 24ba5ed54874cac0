package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.asynclog.loadtests.report.Machine;

/**
 * Samples the app and, once known, the Gatling JVM from {@code /proc} every
 * {@value #PERIOD_MILLIS} ms: utime + stime of both ({@code stat}), the app's VmRSS and Threads
 * ({@code status}), syscw, write_bytes (0 on tmpfs) and wchar ({@code io}), and utime + stime of
 * each of the app's threads ({@code task/<tid>/stat}). {@link #window} turns the samples into rates
 * over the load window, interpolating the counters at its ends; {@link #threadCpu} splits the
 * app's CPU by what its threads do ({@link ThreadKind}).
 *
 * @author asynclog
 */
final class ProcSampler implements AutoCloseable {

	static final long PERIOD_MILLIS = 500;

	/** {@code "name" #22 daemon prio=5 ... nid=0x1147 ...}; JDK 19+ prints the nid in decimal. */
	private static final Pattern THREAD = Pattern.compile("^\"(.*)\" .*?\\bnid=(0x[0-9a-fA-F]+|\\d+)\\b");

	/** One sample; NaN where a value could not be read; {@code threadTicks} by thread id, possibly empty. */
	record Sample(long nanos, double appTicks, double rssKb, double threads, double syscw, double writeBytes,
			double wchar, double gatlingTicks, Map<Long, Double> threadTicks) {
	}

	/** What a thread does for the request, by its Java name. */
	enum ThreadKind {

		REQUEST, LOGGING_BACKGROUND, GC, JIT, OTHER;

		/**
		 * The kernel's {@code comm} keeps only 15 characters, which drops the {@code -exec-} of
		 * Tomcat's request threads: a {@code comm} alone never counts as a request thread.
		 */
		static ThreadKind of(String name) {
			// With threads=virtual the carriers serve the requests.
			if ((name.startsWith("http-nio-") && name.contains("-exec-")) || name.startsWith("ForkJoinPool-1-worker-")) {
				return REQUEST;
			}
			if (name.contains("AsyncLogger") || name.contains("AsyncAppender") || name.startsWith("Log4j2-")
					|| name.contains("asynclog")) {
				return LOGGING_BACKGROUND;
			}
			// SerialGC, the JVM's choice on one CPU, collects on the VM thread.
			if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("ZGC")
					|| name.startsWith("Shenandoah") || name.equals("VM Thread")) {
				return GC;
			}
			return (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) ? JIT : OTHER;
		}

	}

	/** CPU seconds of the app's threads over a window, by {@link ThreadKind}; NaN when the names are unknown. */
	record ThreadCpu(double requestSeconds, double loggingBackgroundSeconds, double gcSeconds, double jitSeconds,
			double otherSeconds) {

		static final ThreadCpu UNKNOWN = new ThreadCpu(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

	}

	/**
	 * Figures over a window: CPU in percent of one core, the largest VmRSS (MiB) and thread count
	 * seen, the {@code io} counters per second; Gatling's CPU NaN if unknown.
	 */
	record Window(double seconds, double appCpuPct, double appRssMb, double appThreads, double writeSyscallsPerSec,
			double writeBytesPerSec, double wcharPerSec, double gatlingCpuPct) {
	}

	private final long appPid;

	private final double ticksPerSecond;

	private final List<Sample> samples = new CopyOnWriteArrayList<>();

	private volatile long gatlingPid = -1;

	private final Map<Long, String> comms = new ConcurrentHashMap<>();

	private final ScheduledExecutorService sampling;

	ProcSampler(long appPid, double ticksPerSecond) {
		this.appPid = appPid;
		this.ticksPerSecond = ticksPerSecond;
		this.sampling = every(PERIOD_MILLIS, "proc-sampler-" + appPid, this::sampleNow);
	}

	/** Runs a task every period on a daemon thread of its own, until {@link #stop}. */
	static ScheduledExecutorService every(long periodMillis, String threadName, Runnable task) {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, threadName);
			thread.setDaemon(true);
			return thread;
		});
		executor.scheduleAtFixedRate(task, 0, periodMillis, TimeUnit.MILLISECONDS);
		return executor;
	}

	static void stop(ScheduledExecutorService executor, long waitMillis) throws InterruptedException {
		executor.shutdownNow();
		executor.awaitTermination(waitMillis, TimeUnit.MILLISECONDS);
	}

	static boolean available() {
		return Stream.of("stat", "status", "io").allMatch((file) -> Files.isReadable(Path.of("/proc/self", file)));
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

	void gatlingPid(long pid) {
		this.gatlingPid = pid;
	}

	private void sampleNow() {
		long nanos = System.nanoTime();
		double appTicks = cpuTicks(this.appPid);
		Map<String, String> status = fields(read(proc(this.appPid, "status")));
		Map<String, String> io = fields(read(proc(this.appPid, "io")));
		long gatling = this.gatlingPid;
		if (!Double.isNaN(appTicks)) {
			this.samples.add(new Sample(nanos, appTicks, number(status.get("VmRSS")), number(status.get("Threads")),
					number(io.get("syscw")), number(io.get("write_bytes")), number(io.get("wchar")),
					(gatling > 0) ? cpuTicks(gatling) : Double.NaN, threadTicks()));
		}
	}

	private Map<Long, Double> threadTicks() {
		Map<Long, Double> ticks = new HashMap<>();
		try (Stream<Path> tasks = Files.list(proc(this.appPid, "task"))) {
			tasks.forEach((dir) -> {
				long tid = Long.parseLong(dir.getFileName().toString());
				double value = ticksOf(read(dir.resolve("stat")));
				if (!Double.isNaN(value)) {
					ticks.put(tid, value);
					this.comms.computeIfAbsent(tid, (id) -> read(dir.resolve("comm")));
				}
			});
		}
		catch (IOException | RuntimeException ex) {
			// the app is gone: no thread figures for this sample
		}
		return Map.copyOf(ticks);
	}

	/**
	 * The Java names of the app's threads by native thread id, from one {@code jcmd <pid> Thread.print}
	 * of the app's JDK; empty when that fails. The kernel's {@code comm} keeps only 15 characters
	 * ({@code http-nio-127.0.} for every Tomcat thread), too few to tell a request thread from Tomcat's
	 * poller. The runner takes it after the measured window, so that its safepoint falls outside.
	 */
	static Map<Long, String> threadNames(Path java, long pid) {
		return threadNames(Machine.output(List.of(java.resolveSibling("jcmd").toString(), Long.toString(pid),
				"Thread.print")).lines().toList());
	}

	static Map<Long, String> threadNames(List<String> dump) {
		Map<Long, String> names = new HashMap<>();
		for (String line : dump) {
			Matcher matcher = THREAD.matcher(line);
			if (matcher.find()) {
				String nid = matcher.group(2);
				names.put(nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid),
						matcher.group(1));
			}
		}
		return Map.copyOf(names);
	}

	static Path proc(long pid, String file) {
		return Path.of("/proc", Long.toString(pid), file);
	}

	/** A file of /proc, stripped; empty when it cannot be read (the process or thread is gone). */
	static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.ISO_8859_1).strip();
		}
		catch (IOException | RuntimeException ex) {
			return "";
		}
	}

	static Map<String, String> fields(String text) {
		Map<String, String> fields = new HashMap<>();
		text.lines().forEach((line) -> {
			int colon = line.indexOf(':');
			if (colon > 0) {
				fields.put(line.substring(0, colon), line.substring(colon + 1).strip());
			}
		});
		return fields;
	}

	/** The number a field starts with ({@code 1234 kB}), or NaN. */
	private static double number(String value) {
		return (value == null || value.isEmpty() || !Character.isDigit(value.charAt(0))) ? Double.NaN
				: Double.parseDouble(value.split("\\s+")[0]);
	}

	static double cpuTicks(long pid) {
		return ticksOf(read(proc(pid, "stat")));
	}

	/** utime + stime of a {@code stat} line (a process's or a thread's), in clock ticks, or NaN. */
	static double ticksOf(String stat) {
		int close = stat.lastIndexOf(')');
		// After "pid (comm) " the fields start at field 3 (state); utime is field 14, stime 15.
		String[] fields = (close < 0) ? new String[0] : stat.substring(close + 2).split(" ");
		try {
			return (fields.length < 13) ? Double.NaN : Double.parseDouble(fields[11]) + Double.parseDouble(fields[12]);
		}
		catch (NumberFormatException ex) {
			return Double.NaN;
		}
	}

	@Override
	public void close() throws InterruptedException {
		stop(this.sampling, 2000);
	}

	Window window(long startNanos, long endNanos) {
		return window(List.copyOf(this.samples), startNanos, endNanos, this.ticksPerSecond);
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
		ToDoubleFunction<ToDoubleFunction<Sample>> delta = (counter) -> at(samples, counter, endNanos)
				- at(samples, counter, startNanos);
		return new Window(seconds, delta.applyAsDouble(Sample::appTicks) / ticksPerSecond / seconds * 100,
				max(samples, Sample::rssKb, startNanos, endNanos) / 1024,
				max(samples, Sample::threads, startNanos, endNanos), delta.applyAsDouble(Sample::syscw) / seconds,
				delta.applyAsDouble(Sample::writeBytes) / seconds, delta.applyAsDouble(Sample::wchar) / seconds,
				delta.applyAsDouble(Sample::gatlingTicks) / ticksPerSecond / seconds * 100);
	}

	/** The counter interpolated linearly at an instant between the samples around it. */
	private static double at(List<Sample> samples, ToDoubleFunction<Sample> counter, long nanos) {
		Sample before = null;
		Sample after = null;
		for (Sample sample : samples) {
			if (Double.isNaN(counter.applyAsDouble(sample))) {
				continue;
			}
			if (sample.nanos() <= nanos) {
				before = sample;
			}
			else if (after == null) {
				after = sample;
			}
		}
		if (before == null || after == null) {
			// Not sampled on both sides (Gatling started or ended close to it): the nearest value.
			Sample nearest = (before != null) ? before : after;
			return (nearest != null) ? counter.applyAsDouble(nearest) : Double.NaN;
		}
		double b = counter.applyAsDouble(before);
		double fraction = (double) (nanos - before.nanos()) / (after.nanos() - before.nanos());
		return b + (counter.applyAsDouble(after) - b) * fraction;
	}

	/** The largest value inside the window, or the one sampled nearest to it. */
	private static double max(List<Sample> samples, ToDoubleFunction<Sample> gauge, long start, long end) {
		double max = Double.NaN;
		double nearest = Double.NaN;
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
				nearest = value;
			}
		}
		return Double.isNaN(max) ? nearest : max;
	}

	/**
	 * The app's CPU over the window, split by thread group.
	 * @param names Java thread names by thread id (from a thread dump); threads missing there are
	 * named by their {@code comm}
	 */
	ThreadCpu threadCpu(long startNanos, long endNanos, Map<Long, String> names) {
		if (names.isEmpty()) {
			return ThreadCpu.UNKNOWN;
		}
		Map<Long, String> all = new HashMap<>(this.comms);
		all.putAll(names);
		return threadCpu(List.copyOf(this.samples), startNanos, endNanos, all, this.ticksPerSecond);
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
			if (!Double.isNaN(end) && !Double.isNaN(start)) {
				seconds[ThreadKind.of(names.getOrDefault(tid, "")).ordinal()] += Math.max(0, end - start)
						/ ticksPerSecond;
			}
		}
		return new ThreadCpu(seconds[0], seconds[1], seconds[2], seconds[3], seconds[4]);
	}

	void writeCsv(Path file) throws IOException {
		List<Sample> all = List.copyOf(this.samples);
		long origin = all.isEmpty() ? 0 : all.get(0).nanos();
		try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
			out.println("t_s,app_ticks,app_rss_kb,app_threads,app_syscw,app_write_bytes,app_wchar,gatling_ticks");
			for (Sample s : all) {
				out.println(String.format(Locale.ROOT, "%.3f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%s",
						(s.nanos() - origin) / 1e9, s.appTicks(), s.rssKb(), s.threads(), s.syscw(), s.writeBytes(),
						s.wchar(), RawRunsCsv.fixed(s.gatlingTicks(), 0)));
			}
		}
	}

}
