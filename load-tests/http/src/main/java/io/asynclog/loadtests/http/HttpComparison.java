package io.asynclog.loadtests.http;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.asynclog.loadtests.report.Machine;
import io.asynclog.loadtests.report.Stats;

/**
 * The HTTP comparison on the demo app: for each configuration of a matrix
 * ({@link ComparisonMatrix}), closed-model Gatling runs of {@code GET /log} in interleaved rounds,
 * then, for the study and where-async-pays matrices, open-model runs at a fixed rate. Each run
 * is measured by {@link SingleRun}; rows go to {@code OUT/raw-runs.csv}, the set-up to
 * {@code OUT/run-info.properties}, and the report is written by the report writer it is given.
 *
 * <p>Run it through {@code load-tests/scripts/http-comparison.sh}; see
 * {@code docs/load-tests.md}. Exit codes: 0 all runs done and every line check passed, 1 a run
 * failed, 2 bad options or set-up, 3 all runs done but a line check failed.
 *
 * @author asynclog
 */
public final class HttpComparison {

	/** The study's open-model rate is this fraction of the lowest median closed-model TPS. */
	static final double OPEN_RATE_FRACTION = 0.5;

	/** Rough fixed cost of one run on the 2-core machine (app start-up, Gatling report, stop), seconds. */
	static final int FIXED_SECONDS_PER_RUN = 10;

	@FunctionalInterface
	public interface ReportWriter {

		void write(String matrix, Path rawCsv, Path runInfo, Path reportDir) throws Exception;

	}

	private final PrintStream log;

	private final ComparisonOptions options;

	private final Path failures;

	private final List<RawRunsCsv.Row> rows = new ArrayList<>();

	private final List<String> failed = new ArrayList<>();

	private SingleRun.Setup setup;

	private RawRunsCsv csv;

	private int index;

	private int runs;

	private HttpComparison(PrintStream log, ComparisonOptions options) {
		this.log = log;
		this.options = options;
		this.failures = options.out().resolve("failed-runs.txt");
	}

	/** Runs the comparison in this JVM (the app and Gatling are forked); returns the exit code. */
	public static int run(PrintStream log, ReportWriter reports, String... args) {
		if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
			log.print(ComparisonOptions.USAGE);
			return 0;
		}
		ComparisonOptions options;
		try {
			options = ComparisonOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			log.println("error: " + ex.getMessage());
			log.print(ComparisonOptions.USAGE);
			return 2;
		}
		try {
			return new HttpComparison(log, options).run(reports);
		}
		catch (IOException | RuntimeException ex) {
			log.println("error: " + ex);
			return 2;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			log.println("interrupted");
			return 1;
		}
	}

	/** The major version in {@code java -version}'s first line ({@code openjdk version "25.0.1" ...}), 0 if none. */
	static int majorVersion(String versionLine) {
		Matcher matcher = Pattern.compile("version \"(?:1\\.)?(\\d+)").matcher(versionLine);
		return matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
	}

	private int run(ReportWriter reports) throws IOException, InterruptedException {
		ComparisonOptions options = this.options;
		if (!ProcSampler.available()) {
			throw new IOException("/proc/self/{stat,status,io} are not readable: the runner needs Linux /proc");
		}
		String gatlingVersion = gatlingVersion(options.gatlingClasspath());
		if (gatlingVersion.equals("unknown")) {
			throw new IOException("io.gatling.app.Gatling is not on the Gatling class path (--gatling-classpath)");
		}
		CpuPlacement placement = CpuPlacement.detect(options.pin(), this.log);
		List<RunConfig> closed = ComparisonMatrix.closed(options);
		requireJars(closed);
		// Spring Boot would serve the requests on platform threads without a word.
		String jdk = jdk(options.java());
		if (closed.stream().anyMatch(RunConfig::virtualThreads) && majorVersion(jdk) < 21) {
			throw new IllegalArgumentException("threads=virtual needs a JDK 21 or later for the app; --java "
					+ options.java() + " is '" + jdk + "' (for example --java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java)");
		}
		List<RunConfig> open = ComparisonMatrix.open(options, closed);
		boolean study = options.matrix().equals(ComparisonOptions.STUDY);
		List<Integer> percents = options.dimensions().openPercents();
		int openRuns = study ? open.size() : open.size() * percents.size();
		this.runs = closed.size() * options.repeats() + openRuns;
		int perRun = FIXED_SECONDS_PER_RUN + options.warmupSeconds() + options.gatlingWarmupSeconds()
				+ options.durationSeconds();
		this.log.printf(Locale.ROOT, "HTTP comparison: %d configurations x %d repeats (closed, %d users)%s, %d s per run"
				+ " + %d s warm-up: %d runs, about %d min%n", closed.size(), options.repeats(), options.users(),
				open.isEmpty() ? ", no open model" : " + " + openRuns + " open-model runs",
				options.durationSeconds(), options.warmupSeconds(), this.runs, (long) Math.ceil(this.runs * perRun / 60.0));
		if (options.open() && open.isEmpty() && ComparisonMatrix.hasOpenPart(options.matrix())) {
			this.log.println("Open model skipped: none of " + ComparisonMatrix.OPEN_IDS + " is among the configurations");
		}

		Files.createDirectories(options.out());
		this.csv = RawRunsCsv.create(options.out().resolve("raw-runs.csv"));
		Path runInfoFile = options.out().resolve("run-info.properties");
		writeRunInfo(runInfoFile, runInfo(gatlingVersion, jdk, placement, ""));
		Files.deleteIfExists(this.failures);
		this.setup = new SingleRun.Setup(options, placement, ProcSampler.clockTicksPerSecond(), this.log);
		// Every configuration once, then again: a drift of the machine spreads over all of them.
		for (ComparisonMatrix.Planned planned : ComparisonMatrix.rounds(closed, options.repeats())) {
			runOne(planned.config(), 0, planned.round());
		}

		String openRate = "";
		if (!open.isEmpty() && !study) {
			openRate = percents.stream().map((percent) -> percent + "%").collect(Collectors.joining(",")) + " of each";
			for (int percent : percents) {
				for (RunConfig config : open) {
					int rate = (int) Math.floor(medianClosedTps(this.rows, config) * percent / 100.0);
					if (rate <= 0) {
						this.log.println("Open model skipped for " + config.id() + ": no closed-model TPS");
						this.failed.add("open model " + config.id() + ": no closed-model TPS to derive the rate from");
					}
					else {
						runOne(config, rate, 1);
					}
				}
			}
		}
		else if (!open.isEmpty()) {
			int rate = (options.openRate() > 0) ? options.openRate() : derivedOpenRate(this.rows, open);
			List<String> ids = open.stream().map(RunConfig::id).toList();
			if (rate <= 0) {
				this.log.println("Open model skipped: no closed-model TPS for " + ids);
				this.failed.add("open model: no closed-model TPS to derive the rate from");
			}
			else {
				openRate = Integer.toString(rate);
				this.log.printf("Open model at %d requests/s (%s)%n", rate, (options.openRate() > 0) ? "--open-rate"
						: "50% of the lowest median closed-model TPS of " + ids);
				for (RunConfig config : open) {
					runOne(config, rate, 1);
				}
			}
		}
		writeRunInfo(runInfoFile, runInfo(gatlingVersion, jdk, placement, openRate));

		long lineFailures = this.rows.stream().filter((row) -> !row.lines().ok()).count();
		if (!this.rows.isEmpty()) {
			try {
				reports.write(options.matrix(), this.csv.file(), runInfoFile, options.report());
				this.log.println("Report written to " + options.report());
			}
			catch (Exception | LinkageError ex) {
				this.log.println("error: the report could not be written: " + ex);
				this.failed.add("report: " + ex);
			}
		}
		this.log.printf("Done: %d rows in %s, %d failed runs, %d line-check failures%n", this.rows.size(),
				this.csv.file(), this.failed.size(), lineFailures);
		return !this.failed.isEmpty() ? 1 : (lineFailures > 0 ? 3 : 0);
	}

	/** One run: closed-model for rate 0, open-model at that rate otherwise. */
	private void runOne(RunConfig config, int rate, int repeat) throws IOException, InterruptedException {
		this.index++;
		GatlingRun.Load load = new GatlingRun.Load((rate == 0) ? "closed" : "open", (rate == 0) ? this.options.users() : 0,
				rate, this.options.durationSeconds(), this.options.gatlingWarmupSeconds());
		String label = config.id() + " " + load.model() + ("open".equals(load.model()) ? " " + load.rate() + "/s" : "")
				+ " repeat " + repeat;
		this.log.printf("[%d/%d] %s%n", this.index, this.runs, label);
		Path runDir = this.options.out().resolve("runs").resolve(String.format(Locale.ROOT, "%02d-%s-%s-r%d",
				this.index, config.fileName(), load.model(), repeat));
		long start = System.nanoTime();
		try {
			RawRunsCsv.Row row = SingleRun.execute(this.setup, config, load, repeat, runDir);
			this.csv.append(row);
			this.rows.add(row);
			this.log.printf(Locale.ROOT, "    %.0f TPS over %.1f s, OK %d KO %d, p50 %.0f p99 %.0f ms, app CPU %.0f%%,"
					+ " Gatling CPU %.0f%%, lines %s (%d/%d), %.0f s%n", row.tps(), row.window().seconds(),
					row.gatling().ok(), row.gatling().ko(), row.gatling().p50Ms(), row.gatling().p99Ms(),
					row.window().appCpuPct(), row.window().gatlingCpuPct(), row.lines().ok() ? "ok" : "MISMATCH",
					row.lines().found(), row.lines().expected(), (System.nanoTime() - start) / 1e9);
			row.lines().problems().forEach((problem) -> this.log.println("    line check: " + problem));
		}
		catch (IOException | RuntimeException ex) {
			String message = label + ": " + ex.getMessage();
			this.log.println("    FAILED: " + ex.getMessage());
			this.failed.add(message);
			Files.writeString(this.failures, message + System.lineSeparator(), StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
		}
	}

	/** Every demo app jar the configurations need must be there before anything starts. */
	private void requireJars(List<RunConfig> configs) throws IOException {
		if (configs.stream().anyMatch((config) -> !config.logback()) && !Files.isRegularFile(this.options.jar())) {
			throw new IOException("no demo app jar on Log4j2 at " + this.options.jar()
					+ ": build it first (./mvnw -q package -DskipTests -pl demo-app-log4j2 -am from the repository root)");
		}
		if (configs.stream().anyMatch(RunConfig::logback) && !Files.isRegularFile(this.options.logbackJar())) {
			throw new IOException("no demo app jar on Logback at " + this.options.logbackJar()
					+ ": build it first (./mvnw -q package -DskipTests -pl demo-app -am from the repository root), or give"
					+ " --logback-jar");
		}
	}

	/** 50% of the lowest median closed-model TPS among the open-model configurations, or 0. */
	static int derivedOpenRate(List<RawRunsCsv.Row> rows, List<RunConfig> open) {
		double lowest = open.stream()
			.mapToDouble((config) -> medianClosedTps(rows, config))
			.filter((median) -> !Double.isNaN(median))
			.min()
			.orElse(Double.NaN);
		return Double.isNaN(lowest) ? 0 : (int) Math.max(1, Math.floor(lowest * OPEN_RATE_FRACTION));
	}

	static double medianClosedTps(List<RawRunsCsv.Row> rows, RunConfig config) {
		return Stats.median(rows.stream()
			.filter((row) -> row.model().equals("closed") && row.config().id().equals(config.id()))
			.mapToDouble(RawRunsCsv.Row::tps)
			.toArray());
	}

	private Map<String, String> runInfo(String gatlingVersion, String jdk, CpuPlacement placement, String openRate) {
		ComparisonOptions options = this.options;
		String script = System.getProperty("asynclog.command");
		Map<String, String> info = new LinkedHashMap<>();
		info.put("date", ZonedDateTime.now(ZoneOffset.UTC).withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		info.put("machine", Machine.describe());
		info.put("jdk", jdk);
		info.put("gatling.version", gatlingVersion);
		info.put("warmup_s", Integer.toString(options.warmupSeconds()));
		info.put("warmup.wide", Boolean.toString(options.wideWarmup() && !placement.app().isEmpty()));
		info.put("gatling.warmup_s", Integer.toString(options.gatlingWarmupSeconds()));
		info.put("duration_s", Integer.toString(options.durationSeconds()));
		info.put("repeats", Integer.toString(options.repeats()));
		info.put("users", Integer.toString(options.users()));
		info.put("matrix", options.matrix());
		info.put("ring_sizes", options.dimensions().ringSizes().stream().map(String::valueOf)
			.collect(Collectors.joining(",")));
		info.put("open.rate", openRate);
		info.put("slow_sink.bytes_per_s", Integer.toString(ThrottledReader.BYTES_PER_SECOND));
		info.put("pinning", placement.describe());
		info.put("command", (script != null && !script.isBlank()) ? script : "HttpComparison " + options.command());
		info.put("app.heap", String.join(" ", AppProcess.HEAP_FLAGS));
		info.put("app.jar", options.jar().getFileName().toString());
		info.put("app.logback_jar", options.logbackJar().getFileName().toString());
		info.put("app.gc", gc(placement.app(), options.java()));
		return info;
	}

	/** Writes {@code run-info.properties}: when, where and how the comparison ran. */
	private static void writeRunInfo(Path file, Map<String, String> values) throws IOException {
		StringBuilder text = new StringBuilder("# asynclog HTTP comparison (scripts/http-comparison.sh)\n");
		// Sorted keys, so the file reads the same way every time.
		new TreeMap<>(values).forEach((key, value) -> text.append(key).append('=').append(escape(value)).append('\n'));
		Files.createDirectories(file.getParent());
		Files.writeString(file, text, StandardCharsets.UTF_8);
	}

	/** Escapes a value for a properties file (read back as UTF-8). */
	private static String escape(String value) {
		String escaped = value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
		return escaped.startsWith(" ") ? "\\" + escaped : escaped;
	}

	/** The first line {@code java -version} prints, e.g. {@code openjdk version "17.0.15" 2025-04-15}. */
	static String jdk(Path java) {
		String line = Machine.firstLine(List.of(java.toString(), "-version"));
		return line.isEmpty() ? System.getProperty("java.vm.name") + " " + System.getProperty("java.version") : line;
	}

	/**
	 * The garbage collector the app's JVM picks by ergonomics under the same pinning (a JVM
	 * that sees one CPU picks SerialGC).
	 * @param pin the app's pinning prefix, or empty
	 */
	private static String gc(List<String> pin, Path java) {
		List<String> command = new ArrayList<>(pin);
		command.add(java.toString());
		command.addAll(AppProcess.HEAP_FLAGS);
		command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
		for (String line : Machine.output(command).lines().toList()) {
			String[] parts = line.strip().split("\\s+");
			if (parts.length >= 4 && parts[0].equals("bool") && parts[3].equals("true")
					&& parts[1].matches("Use(Serial|Parallel|G1|Z|Shenandoah|Epsilon)GC")) {
				return parts[1].substring(3);
			}
		}
		return "unknown";
	}

	/** The version of gatling-app on a class path (from its jar's manifest), or "unknown". */
	private static String gatlingVersion(String classpath) {
		List<URL> urls = new ArrayList<>();
		for (String entry : classpath.split(File.pathSeparator)) {
			if (!entry.isBlank()) {
				try {
					urls.add(Path.of(entry).toUri().toURL());
				}
				catch (IOException | RuntimeException ex) {
					// skip it
				}
			}
		}
		// A URLClassLoader also follows the Class-Path of a manifest-only jar (Surefire's).
		try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), null)) {
			Class<?> gatling = Class.forName(GatlingRun.MAIN_CLASS, false, loader);
			String version = gatling.getPackage().getImplementationVersion();
			return (version != null) ? version : "unknown";
		}
		catch (IOException | ClassNotFoundException | LinkageError ex) {
			return "unknown";
		}
	}

}
