package io.asynclog.benchmarks.capacity;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.FileSystemUtils;

import io.asynclog.benchmarks.setup.Backend;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.loadtests.report.RunFiles;

/**
 * One measured run where the ring thread is the limit (docs/capacity.md): a {@link CapacityApp},
 * {@code --callers} threads logging 100-character lines as fast as they can into a ring that
 * waits for room when full. After {@code --warmup-seconds} (the JIT's compiling falls outside
 * the window), it counts the calls made in {@code --seconds}: with the ring full, calls return at
 * the pace the ring thread takes events out, so that count is the ring thread's rate, give or
 * take one ring's worth. Beside it: the ring thread's CPU time, its busy share as the
 * {@code asynclog.thread.busy.time} meter reads it, and how often the ring was at least half full
 * (callers wait for half the ring when it fills) in samples every 20 ms. One row to {@code --csv}.
 * <p>
 * With {@code --pin true} (the default) the ring thread runs alone on the machine's last core
 * ({@link CorePinning}): the run then measures what one thread with a core to itself does, the
 * rate the capacity page predicts, on a machine with fewer cores than busy threads.
 */
public final class SaturationRun {

	public static final List<String> COLUMNS = List.of("round", "position", "backend", "sink", "callers",
			"warmup_s", "seconds", "lines", "lines_per_s", "ring_cpu_s", "ring_cpu_ns_per_line", "ring_busy_share",
			"ring_half_full_share", "ring_samples", "ring_capacity", "pinned", "ring_cpu_share");

	private static final long SAMPLE_MILLIS = 20;

	private SaturationRun() {
	}

	public static void main(String[] args) throws Exception {
		Options options = Options.parse(args);
		Path directory = Files.createTempDirectory(options.directory(), "saturation-");
		try {
			String row = run(options, directory);
			RunFiles.appendRows(options.csv(), String.join(",", COLUMNS), row + "\n");
			System.err.println(row);
		}
		finally {
			FileSystemUtils.deleteRecursively(directory);
		}
		System.exit(0);
	}

	static String run(Options options, Path directory) throws IOException, InterruptedException {
		try (CapacityApp application = new CapacityApp(options.backend(), options.sink(), directory)) {
			Logger log = LoggerFactory.getLogger(CapacityApp.LOGGER);
			LongAdder calls = new LongAdder();
			AtomicBoolean running = new AtomicBoolean(true);
			List<Thread> callers = new ArrayList<>();
			for (int i = 0; i < options.callers(); i++) {
				long first = 1_000_000_000L + i * 1_000_000_000_000L;
				Thread caller = new Thread(() -> {
					long sequence = first;
					while (running.get()) {
						log.info(CapacityApp.TEXT + "{}", sequence++);
						calls.increment();
					}
				}, "capacity-caller-" + (i + 1));
				callers.add(caller);
				caller.start();
			}
			Thread ringThread = options.backend().ringThread();
			if (options.pin()) {
				CorePinning.pin(ringThread.getName());
			}
			Thread.sleep(TimeUnit.SECONDS.toMillis(options.warmupSeconds()));
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			BusyClock busy = application.busyRingThread().clock();
			long capacity = application.ring().capacity();
			long cpuBefore = threads.getThreadCpuTime(ringThread.getId());
			long busyBefore = busy.busyNanos();
			long elapsedBefore = busy.elapsedNanos();
			long callsBefore = calls.sum();
			long start = System.nanoTime();
			long end = start + TimeUnit.SECONDS.toNanos(options.seconds());
			long samples = 0;
			long halfFull = 0;
			while (System.nanoTime() - end < 0) {
				Thread.sleep(SAMPLE_MILLIS);
				samples++;
				// A reading is a snapshot: read the ring again at each sample.
				if (application.ring().used() * 2 >= capacity) {
					halfFull++;
				}
			}
			long lines = calls.sum() - callsBefore;
			double seconds = (System.nanoTime() - start) / 1e9;
			long cpu = threads.getThreadCpuTime(ringThread.getId()) - cpuBefore;
			double busyShare = (double) (busy.busyNanos() - busyBefore) / (busy.elapsedNanos() - elapsedBefore);
			running.set(false);
			for (Thread caller : callers) {
				caller.join();
			}
			return String.join(",", Integer.toString(options.round()), Integer.toString(options.position()),
					options.backend().id(), options.sink().id(), Integer.toString(options.callers()),
					Long.toString(options.warmupSeconds()), format(seconds), Long.toString(lines),
					Long.toString(Math.round(lines / seconds)), format(cpu / 1e9),
					format(lines > 0 ? (double) cpu / lines : 0), format(busyShare),
					format(samples > 0 ? (double) halfFull / samples : 0), Long.toString(samples),
					Long.toString(capacity), Boolean.toString(options.pin()), format(cpu / 1e9 / seconds));
		}
	}

	private static String format(double value) {
		return String.format(Locale.ROOT, "%.4f", value);
	}

	/** The run's options; {@code round} and {@code position} (in its round) only go to the CSV. */
	record Options(Backend backend, CapacitySink sink, int callers, long warmupSeconds, long seconds,
			int round, int position, Path csv, Path directory, boolean pin) {

		/** Every option, in the order the usage lists them. */
		private static final List<String> NAMES = List.of("--backend", "--sink", "--callers", "--warmup-seconds",
				"--seconds", "--round", "--position", "--csv", "--dir", "--pin");

		static Options parse(String[] args) throws IOException {
			Map<String, String> values = new HashMap<>(Map.of("--callers", "2", "--warmup-seconds", "30", "--seconds",
					"10", "--round", "1", "--position", "1", "--dir", System.getProperty("java.io.tmpdir"), "--pin", "true"));
			for (int i = 0; i < args.length; i += 2) {
				if (i + 1 >= args.length) {
					throw new IllegalArgumentException("Option '" + args[i] + "' needs a value");
				}
				if (!NAMES.contains(args[i])) {
					throw new IllegalArgumentException("Unknown option '" + args[i] + "'; accepted: " + String.join(", ", NAMES));
				}
				values.put(args[i], args[i + 1]);
			}
			if (!values.keySet().containsAll(List.of("--backend", "--sink", "--csv"))) {
				throw new IllegalArgumentException("--backend, --sink and --csv are required");
			}
			return new Options(Backend.of(values.get("--backend")), CapacitySink.of(values.get("--sink")),
					number(values, "--callers", 1, 16), number(values, "--warmup-seconds", 0, 600),
					number(values, "--seconds", 1, 600), number(values, "--round", 1, 100),
					number(values, "--position", 1, 100), Path.of(values.get("--csv")),
					Files.createDirectories(Path.of(values.get("--dir"))), bool("--pin", values.get("--pin")));
		}

		private static boolean bool(String option, String value) {
			if (!value.equals("true") && !value.equals("false")) {
				throw new IllegalArgumentException("Invalid " + option + " '" + value + "'; accepted: true, false");
			}
			return Boolean.parseBoolean(value);
		}

		private static int number(Map<String, String> values, String option, int least, int most) {
			String value = values.get(option);
			try {
				int parsed = Integer.parseInt(value);
				if (parsed >= least && parsed <= most) {
					return parsed;
				}
			}
			catch (NumberFormatException ex) {
				// reported below
			}
			throw new IllegalArgumentException("Invalid " + option + " '" + value + "'; accepted: " + least + " to " + most);
		}

	}

}
