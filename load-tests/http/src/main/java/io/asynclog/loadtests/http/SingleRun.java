package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One measured run: start the app, wait for health, warm up, run Gatling while sampling
 * {@code /proc} and watching {@code /log/count}, compute the figures over the load window, stop
 * the app with SIGTERM, check the log lines, delete the log files.
 *
 * <p>Files kept in the run's directory: {@code app-stdout.log}, {@code gatling-console.log},
 * {@code gatling/} (Gatling's HTML report; its binary {@code simulation.log} is deleted),
 * {@code asynclog.json} (the app's queue endpoint just before the stop),
 * {@code proc-samples.csv}, {@code count-polls.csv} and {@code run.txt} (timings, window and
 * the line check).
 *
 * @author asynclog
 */
final class SingleRun {

	/**
	 * What every run shares.
	 * @param ticksPerSecond clock ticks per second of /proc/pid/stat
	 */
	record Setup(ComparisonOptions options, CpuPlacement placement, double ticksPerSecond, PrintStream log) {
	}

	private SingleRun() {
	}

	/** Runs once, in this run's directory (created anew). */
	static RawRunsCsv.Row execute(Setup setup, RunConfig config, GatlingRun.Load load, int repeat, Path runDir)
			throws IOException, InterruptedException {
		deleteTree(runDir);
		Path logDir = Files.createDirectories(runDir.resolve("logs"));
		StringBuilder notes = new StringBuilder();
		ComparisonOptions options = setup.options();
		CpuPlacement placement = setup.placement();
		boolean wide = options.wideWarmup() && placement.canWarmUpWide(config);
		CountWatcher watcher = null;
		// Gatling needs the URL when it starts, and the app says its port once Tomcat listens; Gatling's
		// JVM starts meanwhile (on its own CPU) and waits for the start signal. Closed in reverse order,
		// Gatling first.
		try (AppProcess app = AppProcess.start(options.java(), options.jar(config), config, logDir, placement.app(config),
				runDir.resolve(RunConfig.STDOUT_FILE), wide ? List.of(CpuPlacement.ONE_CPU_FLAG) : List.of(), List.of());
				ProcSampler sampler = new ProcSampler(app.pid(), setup.ticksPerSecond());
				GatlingRun gatling = GatlingRun.start(options.java(), options.gatlingClasspath(), app.awaitPort(), load,
						config.linesPerRequest(), placement.gatling(config), runDir.resolve("gatling"),
						runDir.resolve("gatling-console.log"), config.id() + " " + load.model() + " repeat " + repeat,
						runDir.resolve("start-signal"))) {
			sampler.gatlingPid(gatling.process().pid());
			note(notes, "ready_s", seconds(app.awaitHealthy().toNanos(), 1));

			long warmStart = System.nanoTime();
			if (wide) {
				CpuPlacement.move(app.pid(), placement.shared());
			}
			AppProcess.Warmup warm = app.warmUp(config.linesPerRequest(), options.warmupSeconds());
			if (wide) {
				long escaped = CpuPlacement.move(app.pid(), placement.app());
				note(notes, "threads_not_back_on_own_cpu", escaped);
				if (escaped > 0) {
					setup.log().printf("    warning: %d threads of the app still run on other CPUs after the warm-up%n", escaped);
				}
			}
			note(notes, "warmup_s", seconds(System.nanoTime() - warmStart, 1), "warmup_ok", warm.ok(), "warmup_failed",
					warm.failed());
			if (warm.failed() > 0) {
				setup.log().printf("    warning: %d warm-up requests failed%n", warm.failed());
			}

			long baseline = app.count();
			watcher = new CountWatcher(app);
			long released = System.nanoTime();
			gatling.release();
			GatlingConsole.Summary summary = gatling.await();
			note(notes, "gatling_after_release_s", seconds(System.nanoTime() - released, 1));
			watcher.close();
			watcher.writeCsv(runDir.resolve("count-polls.csv"), released);
			CountWatcher.Window answered = watcher.window(baseline);
			// Throughput counts until the lines are written: an async mode that fell behind is still
			// writing when the last request has been answered.
			long drained = watcher.drainedAt(answered.endNanos());
			CountWatcher.Window window = new CountWatcher.Window(answered.startNanos(), drained, answered.baseline(),
					answered.finalCount());
			double allocated = watcher.allocatedBytes(window.startNanos(), window.endNanos());
			note(notes, "drain_after_last_answer_s", seconds(drained - answered.endNanos(), 3), "window_s",
					seconds(window.endNanos() - window.startNanos(), 3), "window_start_after_release_s",
					seconds(window.startNanos() - released, 3), "count_baseline", baseline, "count_window_end",
					window.finalCount(), "allocated_bytes", RawRunsCsv.fixed(allocated, 0));

			long handled = app.count();
			note(notes, "count_before_stop", handled);
			// After the window, so that the dump's safepoint is not measured.
			Map<Long, String> threadNames = ProcSampler.threadNames(options.java(), app.pid());
			note(notes, "thread_names", threadNames.size());
			if (threadNames.isEmpty()) {
				setup.log().println("    warning: no thread dump (jcmd): the CPU split by thread stays empty");
			}
			QueueReading queues = QueueReading.read(app, runDir.resolve("asynclog.json"));
			note(notes, "queue_peak", queues.peak(), "queue_dropped", queues.dropped());
			note(notes, "stop_s", seconds(app.stop().toNanos(), 1));
			PinnedEvents pinned = config.virtualThreads()
					? PinnedEvents.read(options.java(), runDir.resolve(PinnedEvents.FILE)) : PinnedEvents.UNKNOWN;
			if (config.virtualThreads()) {
				note(notes, "pinned_events", pinned.events(), "pinned_in_asynclog", pinned.inAsynclog());
				if (!pinned.firstAsynclogStack().isEmpty()) {
					note(notes, "first_pinned_in_asynclog", "\n" + pinned.firstAsynclogStack());
				}
			}
			sampler.close();
			ProcSampler.Window figures = sampler.window(window.startNanos(), window.endNanos());
			ProcSampler.ThreadCpu threadCpu = sampler.threadCpu(window.startNanos(), window.endNanos(), threadNames);
			note(notes, "cpu_by_thread_s", threadCpu);
			sampler.writeCsv(runDir.resolve("proc-samples.csv"));

			List<Path> requestLineFiles = config.requestLineFiles(logDir, runDir.resolve(RunConfig.STDOUT_FILE));
			LineCheck.Result lines = LineCheck.check(requestLineFiles, config.timestampFormat(), config.loggingOff(),
					config.lossCounted(), config.linesPerRequest(), handled, warm.ok() + summary.ok());
			if (config.lossCounted()) {
				note(notes, "lines_lost", lines.lost());
			}
			if (config.discard() && lines.lost() != queues.dropped()) {
				lines = lines.withProblem(lines.lost() + " request lines missing, but asynclog counted " + queues.dropped()
						+ " drops");
			}
			if (config.bootConsole()) {
				// The console is meant to be the only sink: a file here would be a write the run did not intend.
				try (Stream<Path> written = Files.walk(logDir)) {
					List<String> stray = written.filter(Files::isRegularFile)
						.map((file) -> logDir.relativize(file).toString())
						.toList();
					if (!stray.isEmpty()) {
						lines = lines.withProblem("sink=boot-console, yet the app wrote log files " + stray);
					}
				}
			}
			LineCheck.Order order = lines.order();
			note(notes, "line_order", order);
			if (order.unparsed() > 0) {
				setup.log().printf("    warning: %d request lines without a readable timestamp%n", order.unparsed());
			}
			for (LineCheck.FileCount file : lines.files()) {
				note(notes, "lines." + file.file().getFileName(), file.lines() + " (" + file.distinct() + " distinct)");
			}
			lines.problems().forEach((problem) -> note(notes, "problem", problem));
			note(notes, "gatling_mean_rps", summary.meanRps());
			return new RawRunsCsv.Row(config, load.model(), load.users(), load.rate(), repeat, summary, figures, lines,
					queues, order, threadCpu, allocated, pinned);
		}
		finally {
			if (watcher != null) {
				watcher.close();
			}
			try {
				Files.writeString(runDir.resolve("run.txt"), notes);
				// The log files can be large: they are counted, then deleted; so are the request lines of
				// Boot's console, while the rest of the app's output stays for reading.
				deleteTree(logDir);
				if (config.bootConsole()) {
					LineCheck.stripRequestLines(runDir.resolve(RunConfig.STDOUT_FILE));
				}
				delete(runDir.resolve("gatling"), (path) -> path.getFileName().toString().equals("simulation.log"));
				Files.deleteIfExists(runDir.resolve("start-signal"));
			}
			catch (IOException ex) {
				setup.log().println("    warning: clean-up of " + runDir + " failed: " + ex);
			}
		}
	}

	/** Appends {@code key: value} lines to run.txt. */
	private static void note(StringBuilder notes, Object... keysAndValues) {
		for (int i = 0; i < keysAndValues.length; i += 2) {
			notes.append(keysAndValues[i]).append(": ").append(keysAndValues[i + 1]).append('\n');
		}
	}

	private static String seconds(long nanos, int decimals) {
		return RawRunsCsv.fixed(nanos / 1e9, decimals);
	}

	static void deleteTree(Path dir) throws IOException {
		delete(dir, (path) -> true);
	}

	private static void delete(Path dir, Predicate<Path> which) throws IOException {
		if (Files.exists(dir)) {
			try (Stream<Path> paths = Files.walk(dir)) {
				for (Path path : paths.sorted(Comparator.reverseOrder()).filter(which).toList()) {
					Files.deleteIfExists(path);
				}
			}
		}
	}

}
