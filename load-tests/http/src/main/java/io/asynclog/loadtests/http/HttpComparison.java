package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.asynclog.loadtests.report.Machine;


/**
 * The HTTP comparison of the published 400-user study, reproduced on the demo app: for each
 * configuration (sync, async-appender, async-logger, all-async; 1, 3 or 6 files; flush or not;
 * pattern with or without {@code %l}; and a logging-off baseline), several closed-model Gatling
 * runs of {@code GET /log}, then one open-model run of four of them at a fixed rate. Each run
 * is measured by {@link SingleRun}; rows go to {@code OUT/raw-runs.csv}, the set-up to
 * {@code OUT/run-info.properties}, and the report is written by
 * the report writer it is given ({@code HttpComparisonCommand} gives the matrix's report).
 *
 * <p>Run it through {@code load-tests/scripts/http-comparison.sh}; see
 * {@code docs/load-tests.md}. Exit codes: 0 all runs done and every line check passed, 1 a run
 * failed, 2 bad options or set-up, 3 all runs done but a line check failed.
 *
 * @author asynclog
 */
public final class HttpComparison {

	/** The open-model rate is this fraction of the lowest median closed-model TPS. */
	static final double OPEN_RATE_FRACTION = 0.5;

	/** Rough fixed cost of one run on the 2-core machine (app start-up, Gatling report, stop), seconds. */
	static final int FIXED_SECONDS_PER_RUN = 10;

	/**
	 * What a comparison produced.
	 * @param exitCode 0, 1, 2 or 3 (see the class comment)
	 * @param rawCsv the raw CSV, or null when nothing ran
	 * @param runInfo the run-info file, or null
	 * @param reportDir the report directory
	 * @param rows the rows written
	 * @param failedRuns runs that failed (no row)
	 */
	public record Outcome(int exitCode, Path rawCsv, Path runInfo, Path reportDir, List<RawRunsCsv.Row> rows,
			List<String> failedRuns) {
	}

	/**
	 * Writes the report of a matrix from its raw runs, once every run is done.
	 */
	@FunctionalInterface
	public interface ReportWriter {

		void write(String matrix, Path rawCsv, Path runInfo, Path reportDir) throws Exception;

	}

	private HttpComparison() {
	}

	/**
	 * Runs the comparison in this JVM (the app and Gatling are forked).
	 * @param log where progress goes
	 * @param args the command-line options
	 * @return what it produced
	 */
	public static Outcome run(PrintStream log, ReportWriter reports, String... args) {
		if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
			log.print(ComparisonOptions.USAGE);
			return new Outcome(0, null, null, null, List.of(), List.of());
		}
		ComparisonOptions options;
		try {
			options = ComparisonOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			log.println("error: " + ex.getMessage());
			log.print(ComparisonOptions.USAGE);
			return new Outcome(2, null, null, null, List.of(), List.of());
		}
		try {
			return run(log, reports, options);
		}
		catch (IOException | RuntimeException ex) {
			log.println("error: " + ex);
			return new Outcome(2, null, null, options.report(), List.of(), List.of());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			log.println("interrupted");
			return new Outcome(1, null, null, options.report(), List.of(), List.of());
		}
	}

	/**
	 * Refuses a JDK without virtual threads for {@code threads=virtual} runs: Spring Boot would
	 * serve the requests on platform threads without a word.
	 */
	static void requireVirtualThreads(Path java) {
		String version = RunInfoFile.jdk(java);
		int major = majorVersion(version);
		if (major < 21) {
			throw new IllegalArgumentException("threads=virtual needs a JDK 21 or later for the app; --java " + java
					+ " is '" + version + "' (for example --java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java)");
		}
	}

	/** The major version in {@code java -version}'s first line ({@code openjdk version "25.0.1" ...}), 0 if none. */
	static int majorVersion(String versionLine) {
		java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("version \"(?:1\\.)?(\\d+)").matcher(versionLine);
		return matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
	}

	static Outcome run(PrintStream log, ReportWriter reports, ComparisonOptions options) throws IOException, InterruptedException {
		if (!ProcSampler.available()) {
			throw new IOException("/proc/self/{stat,status,io} are not readable: the runner needs Linux /proc");
		}
		String gatlingVersion = RunInfoFile.gatlingVersion(options.gatlingClasspath());
		if (gatlingVersion.equals("unknown")) {
			throw new IOException("io.gatling.app.Gatling is not on the Gatling class path (--gatling-classpath)");
		}
		Pinning pinning = Pinning.detect(options.pin(), log);
		boolean study = options.matrix().equals(ComparisonOptions.STUDY);
		boolean busyCore = options.matrix().equals(ComparisonOptions.BUSY_CORE);
		boolean logback = options.matrix().equals(ComparisonOptions.LOGBACK);
		boolean virtualThreads = options.matrix().equals(ComparisonOptions.VIRTUAL_THREADS);
		List<RunConfig> closed = !options.configs().isEmpty() ? ComparisonMatrix.closed(options.configs())
				: study ? ComparisonMatrix.defaultClosed()
						: busyCore ? ComparisonMatrix.busyCore(options.dimensions())
								: logback ? ComparisonMatrix.logback(options.dimensions())
										: virtualThreads ? ComparisonMatrix.virtualThreads(options.dimensions())
										: ComparisonMatrix.whereAsyncPays(options.dimensions());
		requireJars(options, closed);
		if (closed.stream().anyMatch(RunConfig::virtualThreads)) {
			requireVirtualThreads(options.java());
		}
		// The busy-core, logback and virtual-threads matrices have no open-model part.
		List<RunConfig> open = (!options.open() || busyCore || logback || virtualThreads) ? List.of()
				: study ? ComparisonMatrix.open(closed)
						: ComparisonMatrix.whereAsyncPaysOpen(closed, options.dimensions());
		int openRuns = study ? open.size() : open.size() * options.dimensions().openPercents().size();
		int runs = closed.size() * options.repeats() + openRuns;
		int perRun = FIXED_SECONDS_PER_RUN + options.warmupSeconds() + options.gatlingWarmupSeconds()
				+ options.durationSeconds();
		log.printf(Locale.ROOT, "HTTP comparison: %d configurations x %d repeats (closed, %d users)%s, %d s per run"
				+ " + %d s warm-up: %d runs, about %d min%n", closed.size(), options.repeats(), options.users(),
				open.isEmpty() ? ", no open model" : " + " + openRuns + " open-model runs",
				options.durationSeconds(), options.warmupSeconds(), runs, (long) Math.ceil(runs * perRun / 60.0));
		if (options.open() && open.isEmpty() && !busyCore && !logback && !virtualThreads) {
			log.println("Open model skipped: none of " + ComparisonMatrix.OPEN_IDS + " is among the configurations");
		}

		Files.createDirectories(options.out());
		RawRunsCsv csv = RawRunsCsv.create(options.out().resolve("raw-runs.csv"));
		Path runInfoFile = options.out().resolve("run-info.properties");
		Map<String, String> info = runInfo(options, gatlingVersion, pinning, "");
		RunInfoFile.write(runInfoFile, info);
		Path failures = options.out().resolve("failed-runs.txt");
		Files.deleteIfExists(failures);

		SingleRun.Setup setup = new SingleRun.Setup(options.java(), options.jar(), options.logbackJar(),
				options.gatlingClasspath(),
				pinning.app(), pinning.gatling(), pinning.shared(), options.warmupSeconds(), options.wideWarmup(),
				ProcSampler.clockTicksPerSecond(), log);
		List<RawRunsCsv.Row> rows = new ArrayList<>();
		List<String> failed = new ArrayList<>();
		int index = 0;
		// Closed-model runs go in rounds (every configuration once, then again) so that a drift of
		// the machine spreads over all configurations instead of hitting one.
		for (ComparisonMatrix.Planned planned : ComparisonMatrix.rounds(closed, options.repeats())) {
			index++;
			GatlingRun.Load load = GatlingRun.Load.closed(options.users(), options.durationSeconds(),
					options.gatlingWarmupSeconds());
			runOne(log, setup, planned.config(), load, planned.round(), index, runs, options.out(), csv, rows, failed,
					failures);
		}

		String openRate = "";
		if (!open.isEmpty() && !study) {
			List<Integer> percents = options.dimensions().openPercents();
			openRate = percents.stream().map((percent) -> percent + "%").collect(Collectors.joining(",")) + " of each";
			for (int percent : percents) {
				for (RunConfig config : open) {
					int rate = (int) Math.floor(medianClosedTps(rows, config) * percent / 100.0);
					if (rate <= 0) {
						log.println("Open model skipped for " + config.id() + ": no closed-model TPS");
						failed.add("open model " + config.id() + ": no closed-model TPS to derive the rate from");
						continue;
					}
					index++;
					GatlingRun.Load load = GatlingRun.Load.open(rate, options.durationSeconds(),
							options.gatlingWarmupSeconds());
					runOne(log, setup, config, load, 1, index, runs, options.out(), csv, rows, failed, failures);
				}
			}
		}
		else if (!open.isEmpty()) {
			int rate = (options.openRate() > 0) ? options.openRate() : derivedOpenRate(rows, open);
			if (rate <= 0) {
				log.println("Open model skipped: no closed-model TPS for " + open.stream().map(RunConfig::id).toList());
				failed.add("open model: no closed-model TPS to derive the rate from");
			}
			else {
				openRate = Integer.toString(rate);
				log.printf("Open model at %d requests/s (%s)%n", rate, (options.openRate() > 0) ? "--open-rate"
						: "50% of the lowest median closed-model TPS of " + open.stream().map(RunConfig::id).toList());
				for (RunConfig config : open) {
					index++;
					GatlingRun.Load load = GatlingRun.Load.open(rate, options.durationSeconds(),
							options.gatlingWarmupSeconds());
					runOne(log, setup, config, load, 1, index, runs, options.out(), csv, rows, failed, failures);
				}
			}
		}
		info = runInfo(options, gatlingVersion, pinning, openRate);
		RunInfoFile.write(runInfoFile, info);

		long lineFailures = rows.stream().filter((row) -> !row.lines().ok()).count();
		if (!rows.isEmpty()) {
			try {
				reports.write(options.matrix(), csv.file(), runInfoFile, options.report());
				log.println("Report written to " + options.report());
			}
			catch (Exception | LinkageError ex) {
				log.println("error: the report could not be written: " + ex);
				failed.add("report: " + ex);
			}
		}
		log.printf("Done: %d rows in %s, %d failed runs, %d line-check failures%n", rows.size(), csv.file(),
				failed.size(), lineFailures);
		int exit = !failed.isEmpty() ? 1 : (lineFailures > 0 ? 3 : 0);
		return new Outcome(exit, csv.file(), runInfoFile, options.report(), List.copyOf(rows), List.copyOf(failed));
	}

	private static void runOne(PrintStream log, SingleRun.Setup setup, RunConfig config, GatlingRun.Load load,
			int repeat, int index, int runs, Path out, RawRunsCsv csv, List<RawRunsCsv.Row> rows, List<String> failed,
			Path failures) throws IOException, InterruptedException {
		String label = config.id() + " " + load.model() + ("open".equals(load.model()) ? " " + load.rate() + "/s" : "")
				+ " repeat " + repeat;
		log.printf("[%d/%d] %s%n", index, runs, label);
		Path runDir = out.resolve("runs").resolve(String.format(Locale.ROOT, "%02d-%s-%s-r%d", index,
				config.fileName(), load.model(), repeat));
		long start = System.nanoTime();
		try {
			RawRunsCsv.Row row = SingleRun.execute(setup, config, load, repeat, runDir);
			csv.append(row);
			rows.add(row);
			log.printf(Locale.ROOT, "    %.0f TPS over %.1f s, OK %d KO %d, p50 %.0f p99 %.0f ms, app CPU %.0f%%,"
					+ " Gatling CPU %.0f%%, lines %s (%d/%d), %.0f s%n", row.tps(), row.window().seconds(),
					row.gatling().ok(), row.gatling().ko(), row.gatling().p50Ms(), row.gatling().p99Ms(),
					row.window().appCpuPct(), row.window().gatlingCpuPct(), row.lines().ok() ? "ok" : "MISMATCH",
					row.lines().found(), row.lines().expected(), (System.nanoTime() - start) / 1e9);
			row.lines().problems().forEach((problem) -> log.println("    line check: " + problem));
		}
		catch (IOException | RuntimeException ex) {
			String message = label + ": " + ex.getMessage();
			log.println("    FAILED: " + ex.getMessage());
			failed.add(message);
			Files.writeString(failures, message + System.lineSeparator(), StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
		}
	}

	/** Every demo app jar the configurations need (Log4j2's, Logback's) must be there before anything starts. */
	private static void requireJars(ComparisonOptions options, List<RunConfig> configs) throws IOException {
		boolean log4j2 = configs.stream().anyMatch((config) -> !config.logback());
		boolean logback = configs.stream().anyMatch(RunConfig::logback);
		if (log4j2 && !Files.isRegularFile(options.jar())) {
			throw new IOException("no demo app jar on Log4j2 at " + options.jar()
					+ ": build it first (./mvnw -q package -DskipTests -pl demo-app-log4j2 -am from the repository root)");
		}
		if (logback && !Files.isRegularFile(options.logbackJar())) {
			throw new IOException("no demo app jar on Logback at " + options.logbackJar()
					+ ": build it first (./mvnw -q package -DskipTests -pl demo-app -am from the repository root), or give"
					+ " --logback-jar");
		}
	}

	/** 50% of the lowest median closed-model TPS among the open-model configurations, or 0. */
	static int derivedOpenRate(List<RawRunsCsv.Row> rows, List<RunConfig> open) {
		double lowest = Double.NaN;
		for (RunConfig config : open) {
			double median = medianClosedTps(rows, config);
			if (!Double.isNaN(median)) {
				lowest = Double.isNaN(lowest) ? median : Math.min(lowest, median);
			}
		}
		return Double.isNaN(lowest) ? 0 : (int) Math.max(1, Math.floor(lowest * OPEN_RATE_FRACTION));
	}

	/** The median closed-model TPS of one configuration, or NaN when it has no closed run. */
	static double medianClosedTps(List<RawRunsCsv.Row> rows, RunConfig config) {
		List<Double> tps = rows.stream()
			.filter((row) -> row.model().equals("closed") && row.config().id().equals(config.id()))
			.map(RawRunsCsv.Row::tps)
			.sorted()
			.toList();
		int n = tps.size();
		if (n == 0) {
			return Double.NaN;
		}
		return (n % 2 == 1) ? tps.get(n / 2) : (tps.get(n / 2 - 1) + tps.get(n / 2)) / 2;
	}

	private static Map<String, String> runInfo(ComparisonOptions options, String gatlingVersion, Pinning pinning,
			String openRate) {
		Map<String, String> info = new LinkedHashMap<>();
		info.put("date", RunInfoFile.now());
		info.put("machine", Machine.describe());
		info.put("jdk", RunInfoFile.jdk(options.java()));
		info.put("gatling.version", gatlingVersion);
		info.put("warmup_s", Integer.toString(options.warmupSeconds()));
		info.put("warmup.wide", Boolean.toString(options.wideWarmup() && !pinning.app().isEmpty()));
		info.put("gatling.warmup_s", Integer.toString(options.gatlingWarmupSeconds()));
		info.put("duration_s", Integer.toString(options.durationSeconds()));
		info.put("repeats", Integer.toString(options.repeats()));
		info.put("users", Integer.toString(options.users()));
		info.put("matrix", options.matrix());
		info.put("ring_sizes", options.dimensions().ringSizes().stream().map(String::valueOf)
			.collect(Collectors.joining(",")));
		info.put("open.rate", openRate);
		info.put("slow_sink.bytes_per_s", Integer.toString(ThrottledReader.BYTES_PER_SECOND));
		info.put("pinning", pinning.describe());
		info.put("command", commandLine(options));
		info.put("app.heap", String.join(" ", AppProcess.HEAP_FLAGS));
		info.put("app.jar", options.jar().getFileName().toString());
		info.put("app.logback_jar", options.logbackJar().getFileName().toString());
		info.put("app.gc", RunInfoFile.gc(pinning.app(), options.java()));
		return info;
	}

	private static String commandLine(ComparisonOptions options) {
		String script = System.getProperty("asynclog.command");
		if (script != null && !script.isBlank()) {
			return script;
		}
		return "HttpComparison " + options.command();
	}

	/**
	 * How the app and Gatling are pinned: {@code taskset -c 0} and {@code taskset -c 1} when
	 * taskset works for both CPUs, unless {@code --no-pin}.
	 */
	record Pinning(List<String> app, List<String> gatling, List<String> shared) {

		static Pinning detect(boolean wanted, PrintStream log) {
			if (!wanted) {
				return new Pinning(List.of(), List.of(), List.of());
			}
			// Not availableProcessors(): the runner itself may be pinned to one CPU (by the script).
			// Both CPUs must exist and be allowed for taskset to succeed.
			if (!works(List.of("taskset", "-c", "0", "true")) || !works(List.of("taskset", "-c", "1", "true"))) {
				log.println("warning: taskset is missing or does not work here: the app and Gatling are not pinned");
				return new Pinning(List.of(), List.of(), List.of());
			}
			// Explicit for cores=2: a process left unpinned would inherit the runner's own pin.
			return new Pinning(List.of("taskset", "-c", "0"), List.of("taskset", "-c", "1"),
					List.of("taskset", "-c", "0,1"));
		}

		private static boolean works(List<String> command) {
			try {
				Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
				process.getInputStream().readAllBytes();
				return process.waitFor() == 0;
			}
			catch (IOException ex) {
				return false;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}

		String describe() {
			return this.app.isEmpty() ? "none"
					: "app: " + String.join(" ", this.app) + ", gatling: " + String.join(" ", this.gatling);
		}

	}

}
