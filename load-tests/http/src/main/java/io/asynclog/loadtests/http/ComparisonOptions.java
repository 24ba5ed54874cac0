package io.asynclog.loadtests.http;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The runner's command-line options ({@link #USAGE}). Every value is bounded so that a typo
 * cannot start an endless load.
 *
 * @param configs the ids given with {@code --configs}, or empty for the matrix's
 * @param wideWarmup whether a one-core app warms up on both CPUs before it is measured on its own
 * ({@link CpuPlacement})
 * @param openRate the open-model rate given with {@code --open-rate}, or 0 to derive it
 * @author asynclog
 */
public record ComparisonOptions(String matrix, Dimensions dimensions, int repeats, int durationSeconds,
		int warmupSeconds, int gatlingWarmupSeconds, int users, List<String> configs, Path jar, Path logbackJar,
		Path out, Path report, boolean pin, boolean wideWarmup, boolean open, int openRate, String gatlingClasspath,
		Path java, String command) {

	/**
	 * The demo app on Log4j2: the matrices measure Log4j2's modes, and the study's pattern ({@code %l})
	 * is Log4j2's.
	 */
	static final String DEFAULT_JAR = "demo-app-log4j2/target/asynclog-demo-app-log4j2-0.1.0-SNAPSHOT.jar";

	/** The demo app on Logback, Spring Boot's default: the {@code backend=logback} configurations. */
	static final String DEFAULT_LOGBACK_JAR = "demo-app/target/asynclog-demo-app-0.1.0-SNAPSHOT.jar";

	static final String WHERE_ASYNC_PAYS = "where-async-pays";

	public static final String STUDY = "study";

	public static final String BUSY_CORE = "busy-core";

	public static final String LOGBACK = "logback";

	public static final String VIRTUAL_THREADS = "virtual-threads";

	static final List<String> MATRICES = List.of(WHERE_ASYNC_PAYS, STUDY, BUSY_CORE, LOGBACK, VIRTUAL_THREADS);

	/**
	 * The warm-up of the busy-core, logback and virtual-threads matrices, which also run three
	 * rounds: JIT and Boot's console path settle well after 5 s.
	 */
	static final int LONG_WARMUP = 40;

	static final String USAGE = """
			Usage: HttpComparison [OPTION]...
			  --matrix M         where-async-pays (default), study, busy-core, logback or virtual-threads (give
			                     --java a JDK 21 or later); what each runs and how long it takes: the matrix
			                     table of docs/load-tests.md, "The HTTP comparison"
			  --ring-sizes N,N   busy-core: add async-logger on the console on one core with each ring size
			                     (powers of two, 128..1048576; default none), e.g. 4096,16384,65536,262144
			  --lines L,L        lines per request (default 1,20; 1..100)
			  --cores C,C        CPUs of the app: 1 (the load on the other) and 2 (shared) (default 1,2)
			  --slow-sink / --no-slow-sink  run the slow-sink configurations (default: run them)
			  --open-percents P,P  open-model rates as percentages of each configuration's median closed-model
			                     TPS (default 50,80; 1..100)
			  --quick            20 s measured per run, 5 s warm-up (default)
			  --full             360 s measured per run (the study's 6 minutes), 10 s warm-up
			  --repeats N        closed-model runs per configuration, in interleaved rounds (default 2 for
			                     where-async-pays, 3 for study, busy-core, logback and virtual-threads; 1..20)
			  --duration S       measured seconds per run (overrides --quick/--full, 1..900)
			  --warmup S         seconds of warm-up requests (Java HttpClient) before Gatling (0..60; default 5,
			                     10 with --full, 40 for busy-core, logback and virtual-threads)
			  --gatling-warmup S seconds Gatling warms up with silent GET /log/count before its load
			                     (default 2, 0..30)
			  --users N          closed-model concurrent users (default 400, 1..5000)
			  --configs LIST     run only these configurations, e.g. sync/3/flush/study,logging-off (the ids:
			                     "Configuration ids" in docs/load-tests.md)
			  --open / --no-open run the open-model part (default: --open)
			  --open-rate R      study matrix: open-model users per second (default: 50% of the lowest
			                     median closed-model TPS among the open-model configurations)
			  --no-pin           do not pin the app (CPU 0) and Gatling (CPU 1) with taskset
			  --wide-warmup / --no-wide-warmup  a one-core app warms up on both CPUs, then is measured on its
			                     own (default: on for busy-core, logback and virtual-threads; see docs/load-tests.md)
			  --jar PATH         demo app jar on Log4j2 (default
			                     demo-app-log4j2/target/asynclog-demo-app-log4j2-0.1.0-SNAPSHOT.jar)
			  --logback-jar PATH demo app jar on Logback, for backend=logback configurations (default
			                     demo-app/target/asynclog-demo-app-0.1.0-SNAPSHOT.jar)
			  --out DIR          raw outputs (default load-tests/target/http-comparison)
			  --report DIR       where the report is written (default docs/results)
			  --gatling-classpath CP  class path of the forked Gatling JVM (default: this JVM's)
			  --java PATH        java executable for the app and Gatling (default: this JVM's)
			""";

	static ComparisonOptions parse(String... args) {
		String matrix = WHERE_ASYNC_PAYS;
		boolean full = false;
		List<Integer> lines = List.of(1, 20);
		List<Integer> cores = List.of(1, 2);
		boolean slowSink = true;
		List<Integer> openPercents = List.of(50, 80);
		List<Integer> ringSizes = List.of();
		Integer repeats = null;
		Integer duration = null;
		Integer warmup = null;
		int gatlingWarmup = 2;
		int users = 400;
		List<String> configs = new ArrayList<>();
		Path jar = Path.of(DEFAULT_JAR);
		Path logbackJar = Path.of(DEFAULT_LOGBACK_JAR);
		Path out = Path.of("load-tests/target/http-comparison");
		Path report = Path.of("docs/results");
		boolean pin = true;
		Boolean wideWarmup = null;
		boolean open = true;
		int openRate = 0;
		String classpath = System.getProperty("java.class.path");
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		List<String> list = new ArrayList<>();
		for (String arg : args) {
			int eq = arg.indexOf('=');
			list.addAll((arg.startsWith("--") && eq > 0) ? List.of(arg.substring(0, eq), arg.substring(eq + 1))
					: List.of(arg));
		}
		for (int i = 0; i < list.size(); i++) {
			String name = list.get(i);
			switch (name) {
				case "--matrix" -> matrix = value(list, i++);
				case "--quick", "--full" -> full = name.equals("--full");
				case "--slow-sink", "--no-slow-sink" -> slowSink = name.equals("--slow-sink");
				case "--no-pin" -> pin = false;
				case "--wide-warmup", "--no-wide-warmup" -> wideWarmup = name.equals("--wide-warmup");
				case "--open", "--no-open" -> open = name.equals("--open");
				case "--lines" -> lines = intList(name, value(list, i++), 1, RunConfig.MAX_LINES);
				case "--cores" -> cores = intList(name, value(list, i++), 1, 2);
				case "--open-percents" -> openPercents = intList(name, value(list, i++), 1, 100);
				case "--ring-sizes" -> ringSizes = intList(name, value(list, i++), RunConfig.MIN_RING, RunConfig.MAX_RING);
				case "--repeats" -> repeats = intValue(name, value(list, i++), 1, 20);
				case "--duration" -> duration = intValue(name, value(list, i++), 1, 900);
				case "--warmup" -> warmup = intValue(name, value(list, i++), 0, 60);
				case "--gatling-warmup" -> gatlingWarmup = intValue(name, value(list, i++), 0, 30);
				case "--users" -> users = intValue(name, value(list, i++), 1, 5000);
				case "--open-rate" -> openRate = intValue(name, value(list, i++), 1, 50_000);
				case "--configs" -> {
					for (String id : value(list, i++).split(",")) {
						if (!id.isBlank()) {
							configs.add(RunConfig.parse(id).id());
						}
					}
				}
				case "--jar" -> jar = Path.of(value(list, i++));
				case "--logback-jar" -> logbackJar = Path.of(value(list, i++));
				case "--out" -> out = Path.of(value(list, i++));
				case "--report" -> report = Path.of(value(list, i++));
				case "--gatling-classpath" -> classpath = value(list, i++);
				case "--java" -> java = Path.of(value(list, i++));
				default -> throw new IllegalArgumentException("unknown option '" + name + "'");
			}
		}
		if (!MATRICES.contains(matrix)) {
			throw new IllegalArgumentException("--matrix must be " + String.join(", ", MATRICES.subList(0, 4)) + " or "
					+ VIRTUAL_THREADS + ", not '" + matrix + "'");
		}
		for (int ring : ringSizes) {
			if (Integer.bitCount(ring) != 1) {
				throw new IllegalArgumentException("--ring-sizes takes powers of two from " + RunConfig.MIN_RING + " to "
						+ RunConfig.MAX_RING + ", not " + ring);
			}
		}
		if (!ringSizes.isEmpty() && !matrix.equals(BUSY_CORE)) {
			throw new IllegalArgumentException("--ring-sizes belongs to --matrix " + BUSY_CORE
					+ "; for another matrix name the rows with --configs ...ring=N");
		}
		if (classpath == null || classpath.isBlank()) {
			throw new IllegalArgumentException("no class path for Gatling: give --gatling-classpath");
		}
		boolean longWarmup = List.of(BUSY_CORE, LOGBACK, VIRTUAL_THREADS).contains(matrix);
		return new ComparisonOptions(matrix, new Dimensions(lines, cores, slowSink, openPercents, ringSizes),
				(repeats != null) ? repeats : (matrix.equals(STUDY) || longWarmup) ? 3 : 2,
				(duration != null) ? duration : full ? 360 : 20,
				(warmup != null) ? warmup : longWarmup ? LONG_WARMUP : full ? 10 : 5, gatlingWarmup, users,
				List.copyOf(configs), jar.toAbsolutePath().normalize(), logbackJar.toAbsolutePath().normalize(),
				out.toAbsolutePath().normalize(), report.toAbsolutePath().normalize(), pin,
				(wideWarmup != null) ? wideWarmup : longWarmup, open, openRate, classpath, java, String.join(" ", args));
	}

	/** The demo app jar of the configuration's backend. */
	Path jar(RunConfig config) {
		return config.logback() ? this.logbackJar : this.jar;
	}

	private static String value(List<String> args, int i) {
		if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
			throw new IllegalArgumentException(args.get(i) + " needs a value");
		}
		return args.get(i + 1);
	}

	private static List<Integer> intList(String name, String text, int min, int max) {
		return Arrays.stream(text.split(",")).map((part) -> intValue(name, part, min, max)).distinct().toList();
	}

	private static int intValue(String name, String text, int min, int max) {
		int value;
		try {
			value = Integer.parseInt(text.strip());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(name + " needs a whole number, not '" + text + "'");
		}
		if (value < min || value > max) {
			throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", not " + value);
		}
		return value;
	}

	/**
	 * What the {@code where-async-pays} matrix varies (and {@code busy-core}: the most lines, the ring sizes).
	 * @param lines lines per request, each run on one core
	 * @param cores CPU placements: 1 (the load on the other CPU) and 2 (both shared)
	 * @param openPercents open-model rates, in percent of each configuration's closed-model TPS
	 * @param ringSizes busy-core: the ring sizes of the extra async-logger rows, possibly none
	 */
	record Dimensions(List<Integer> lines, List<Integer> cores, boolean slowSink, List<Integer> openPercents,
			List<Integer> ringSizes) {

		int mostLines() {
			return this.lines.stream().mapToInt(Integer::intValue).max().orElse(1);
		}

	}

}
