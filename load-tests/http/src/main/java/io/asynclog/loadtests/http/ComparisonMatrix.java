package io.asynclog.loadtests.http;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The configurations of the HTTP comparison: the default closed-model matrix (14), the four
 * configurations of the open-model part, and the selection made by {@code --configs}.
 *
 * @author asynclog
 */
public final class ComparisonMatrix {

	/** The four configurations the open-model part runs (those among the selected ones). */
	static final List<String> OPEN_IDS = List.of("sync/3/flush/study", "async-appender/3/flush/study",
			"async-logger/3/flush/study", RunConfig.LOGGING_OFF);

	/** The where-async-pays matrix's base, the mode left to fill in; its logging-off rows stand for it. */
	public static final String PAYS_BASE = "%s/1/flush/plain";

	/** The busy-core matrix's Spring Boot console base; its logging-off rows stand for it. */
	public static final String BOOT_CONSOLE_BASE = "%s/1/flush/" + RunConfig.BOOT_PATTERN;

	/** The busy-core matrix's rolling file: one file, buffered (no flush after each line), plain pattern. */
	public static final String NO_FLUSH_FILE_BASE = "%s/1/no-flush/plain";

	private ComparisonMatrix() {
	}

	static List<RunConfig> closed(ComparisonOptions options) {
		ComparisonOptions.Dimensions dimensions = options.dimensions();
		return !options.configs().isEmpty() ? closed(options.configs()) : switch (options.matrix()) {
			case ComparisonOptions.STUDY -> defaultClosed();
			case ComparisonOptions.BUSY_CORE -> busyCore(dimensions);
			case ComparisonOptions.LOGBACK -> logback(dimensions);
			case ComparisonOptions.VIRTUAL_THREADS -> virtualThreads(dimensions);
			default -> whereAsyncPays(dimensions);
		};
	}

	/** Whether the matrix has an open-model part: the busy-core, logback and virtual-threads ones have none. */
	static boolean hasOpenPart(String matrix) {
		return matrix.equals(ComparisonOptions.STUDY) || matrix.equals(ComparisonOptions.WHERE_ASYNC_PAYS);
	}

	static List<RunConfig> open(ComparisonOptions options, List<RunConfig> closed) {
		if (!options.open() || !hasOpenPart(options.matrix())) {
			return List.of();
		}
		return options.matrix().equals(ComparisonOptions.STUDY) ? open(closed)
				: whereAsyncPaysOpen(closed, options.dimensions());
	}

	/**
	 * The {@code busy-core} matrix, both backends: on one core, Spring Boot's console and a buffered
	 * file in each mode; on two shared cores, where the ring stays full, the console in each mode;
	 * logging-off as the ceiling; async-logger with each ring size asked for.
	 */
	static List<RunConfig> busyCore(ComparisonOptions.Dimensions dimensions) {
		String lines = "/lines=" + dimensions.mostLines();
		String console = "/sink=boot-console";
		List<String> ids = new ArrayList<>();
		for (String backend : List.of("", "/backend=" + RunConfig.LOGBACK)) {
			List<String> consoleModes = backend.isEmpty() ? List.of("sync", "async-appender", "async-logger")
					: List.of("sync", RunConfig.LOGBACK_ASYNC_APPENDER, "async-appender", "async-logger");
			consoleModes.forEach((mode) -> ids.add(BOOT_CONSOLE_BASE.formatted(mode) + lines + console + backend));
			Stream.of("sync", "async-appender", "async-logger")
				.forEach((mode) -> ids.add(NO_FLUSH_FILE_BASE.formatted(mode) + lines + backend));
			consoleModes.forEach(
					(mode) -> ids.add(BOOT_CONSOLE_BASE.formatted(mode) + lines + "/cores=2" + console + backend));
		}
		ids.add(RunConfig.LOGGING_OFF + lines + console);
		dimensions.ringSizes()
			.forEach((ring) -> ids.add(BOOT_CONSOLE_BASE.formatted("async-logger") + lines + console + "/ring=" + ring));
		return closed(ids);
	}

	/** The {@code virtual-threads} matrix: busy-core's console on one core, every mode, on virtual threads. */
	static List<RunConfig> virtualThreads(ComparisonOptions.Dimensions dimensions) {
		String options = "/lines=" + dimensions.mostLines() + "/sink=boot-console";
		List<String> ids = new ArrayList<>();
		Stream.of("sync", "async-appender", "async-logger", "all-async")
			.forEach((mode) -> ids.add(BOOT_CONSOLE_BASE.formatted(mode) + options + "/threads=virtual"));
		Stream.of("sync", "async-appender", "async-logger").forEach((mode) -> ids.add(
				BOOT_CONSOLE_BASE.formatted(mode) + options + "/backend=" + RunConfig.LOGBACK + "/threads=virtual"));
		return closed(ids);
	}

	/**
	 * The {@code logback} matrix: Boot's console on Logback, two shared cores: sync, Logback's own
	 * {@code AsyncAppender}, async-logger with {@code block} and with {@code discard} (which drops
	 * like the {@code AsyncAppender} but counts what it drops), logging-off.
	 */
	static List<RunConfig> logback(ComparisonOptions.Dimensions dimensions) {
		String placement = "/lines=" + dimensions.mostLines() + "/cores=2";
		String options = "/sink=boot-console/backend=" + RunConfig.LOGBACK;
		List<String> ids = new ArrayList<>();
		Stream.of("sync", RunConfig.LOGBACK_ASYNC_APPENDER, "async-logger")
			.forEach((mode) -> ids.add(BOOT_CONSOLE_BASE.formatted(mode) + placement + options));
		ids.add(BOOT_CONSOLE_BASE.formatted("async-logger") + placement + "/policy=discard" + options);
		ids.add(RunConfig.LOGGING_OFF + placement + options);
		return closed(ids);
	}

	/** The closed-model runs in rounds: every configuration once, then again, and so on. */
	static List<Planned> rounds(List<RunConfig> configs, int rounds) {
		return IntStream.rangeClosed(1, rounds)
			.boxed()
			.flatMap((round) -> configs.stream().map((config) -> new Planned(round, config)))
			.toList();
	}

	/** One planned closed-model run; the round is the repeat number of the CSV. */
	record Planned(int round, RunConfig config) {
	}

	/**
	 * The study's closed-model matrix: sync, async-appender and async-logger with 1, 3 and 6 files;
	 * async-logger/3 without flush; all-async/3; sync/3 and async-logger/3 with the plain pattern;
	 * logging-off.
	 */
	static List<RunConfig> defaultClosed() {
		List<String> ids = new ArrayList<>();
		for (String mode : List.of("sync", "async-appender", "async-logger")) {
			Stream.of(1, 3, 6).forEach((files) -> ids.add(mode + "/" + files + "/flush/study"));
		}
		ids.addAll(List.of("async-logger/3/no-flush/study", "all-async/3/flush/study", "sync/3/flush/plain",
				"async-logger/3/flush/plain", RunConfig.LOGGING_OFF));
		return closed(ids);
	}

	/**
	 * The {@code where-async-pays} matrix, one flushed file: each mode for each lines-per-request
	 * count; at the most lines, without the flush (asynclog's default) and on the other placements;
	 * the slow sink with {@code block} and with {@code discard}.
	 */
	static List<RunConfig> whereAsyncPays(ComparisonOptions.Dimensions dimensions) {
		List<String> ids = new ArrayList<>();
		for (int lines : dimensions.lines()) {
			Stream.of("sync", "async-appender", "async-logger")
				.forEach((mode) -> ids.add(PAYS_BASE.formatted(mode) + "/lines=" + lines));
			ids.add(RunConfig.LOGGING_OFF + "/lines=" + lines);
		}
		String mostLines = "/lines=" + dimensions.mostLines();
		ids.add("sync/1/no-flush/plain" + mostLines);
		ids.add("async-logger/1/no-flush/plain" + mostLines);
		dimensions.cores().stream().filter((cores) -> cores != 1).forEach((cores) -> {
			ids.add(PAYS_BASE.formatted("sync") + mostLines + "/cores=" + cores);
			ids.add(PAYS_BASE.formatted("async-logger") + mostLines + "/cores=" + cores);
			ids.add(RunConfig.LOGGING_OFF + mostLines + "/cores=" + cores);
		});
		if (dimensions.slowSink()) {
			ids.addAll(List.of(PAYS_BASE.formatted("sync") + "/sink=slow", PAYS_BASE.formatted("async-logger") + "/sink=slow",
					PAYS_BASE.formatted("async-logger") + "/policy=discard/sink=slow", RunConfig.LOGGING_OFF + "/sink=slow"));
		}
		return closed(ids);
	}

	/** The where-async-pays open model: sync, async-logger (block) and logging-off at the most lines and on the slow sink. */
	static List<RunConfig> whereAsyncPaysOpen(List<RunConfig> closed, ComparisonOptions.Dimensions dimensions) {
		return closed.stream()
			.filter((config) -> config.cores() == 1 && !config.discard() && config.immediateFlush()
					&& (config.mode().equals("sync") || config.mode().equals("async-logger")))
			.filter((config) -> config.slowSink() || config.linesPerRequest() == dimensions.mostLines())
			.toList();
	}

	static List<RunConfig> closed(List<String> ids) {
		Set<String> seen = new LinkedHashSet<>();
		return ids.stream().map(RunConfig::parse).filter((config) -> seen.add(config.id())).toList();
	}

	/**
	 * The study's open-model configurations: those of {@link #OPEN_IDS} that the closed part runs
	 * too, so that the rate can come from their closed results.
	 */
	static List<RunConfig> open(List<RunConfig> closed) {
		Set<String> closedIds = closed.stream().map(RunConfig::id).collect(Collectors.toSet());
		return OPEN_IDS.stream().filter(closedIds::contains).map(RunConfig::parse).toList();
	}

}
