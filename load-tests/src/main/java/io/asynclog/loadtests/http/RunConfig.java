package io.asynclog.loadtests.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One configuration of the demo app, named by an id such as {@code async-logger/3/flush/study}
 * ({@code mode/files/flush|no-flush/study|plain}) or {@code logging-off} (the baseline: the
 * same app and files as {@code async-logger/1/flush/study}, but the request line is never
 * logged), optionally followed by options:
 * <ul>
 * <li>{@code lines=20}: lines each request logs (1 to 100; default 1, the study's);</li>
 * <li>{@code cores=2}: the app and the load share both CPUs instead of one each;</li>
 * <li>{@code policy=discard}: asynclog's queue-full policy (default {@code block});</li>
 * <li>{@code sink=slow}: one more appender, a console whose output the runner reads slowly.</li>
 * </ul>
 * For example {@code async-logger/1/flush/plain/lines=20/cores=2}. It knows the Spring
 * profiles, application arguments and JVM flags that select it.
 *
 * @param id the id as written in the CSV and on the command line, options in the order above
 * @param mode {@code sync}, {@code async-appender}, {@code async-logger} or
 * {@code all-async}; the appender setup that {@code logging-off} uses
 * @param appenders number of rolling-file appenders (1, 3 or 6)
 * @param immediateFlush whether the appenders flush after every event
 * @param pattern {@code study} (with {@code %l}) or {@code plain}
 * @param loggingOff whether this is the {@code logging-off} baseline
 * @param linesPerRequest lines each request logs
 * @param cores CPUs the app runs on: 1 (the load on the other) or 2 (shared with the load)
 * @param discard whether the queue-full policy is {@code discard}
 * @param slowSink whether a slowly read console is one of the appenders
 * @author asynclog
 */
public record RunConfig(String id, String mode, int appenders, boolean immediateFlush, String pattern, boolean loggingOff,
		int linesPerRequest, int cores, boolean discard, boolean slowSink) {

	public static final String LOGGING_OFF = "logging-off";

	static final Set<String> MODES = Set.of("sync", "async-appender", "async-logger", "all-async");

	static final Set<Integer> FILES = Set.of(1, 3, 6);

	static final int MAX_LINES = 100;

	static final String ALL_ASYNC_SELECTOR = "org.apache.logging.log4j.core.async.AsyncLoggerContextSelector";

	/**
	 * Parses an id.
	 * @param id for example {@code sync/3/flush/study}, {@code logging-off/lines=20} or
	 * {@code async-logger/1/flush/plain/sink=slow/policy=discard}
	 * @return the configuration, its id with the options in canonical order
	 * @throws IllegalArgumentException if the id is not of that form
	 */
	public static RunConfig parse(String id) {
		String[] parts = id.strip().split("/");
		int baseParts = LOGGING_OFF.equals(parts[0]) ? 1 : 4;
		if (parts.length < baseParts) {
			throw new IllegalArgumentException("config '" + id + "' is not mode/files/flush|no-flush/study|plain or "
					+ LOGGING_OFF + ", followed by options such as /lines=20");
		}
		Options options = Options.parse(id, parts, baseParts);
		if (baseParts == 1) {
			return new RunConfig(LOGGING_OFF + options.suffix(), "async-logger", 1, true, "study", true,
					options.lines(), options.cores(), options.discard(), options.slowSink());
		}
		if (!MODES.contains(parts[0])) {
			throw new IllegalArgumentException("config '" + id + "': mode must be one of " + MODES);
		}
		int files;
		try {
			files = Integer.parseInt(parts[1]);
		}
		catch (NumberFormatException ex) {
			files = -1;
		}
		if (!FILES.contains(files)) {
			throw new IllegalArgumentException("config '" + id + "': files must be 1, 3 or 6");
		}
		if (!parts[2].equals("flush") && !parts[2].equals("no-flush")) {
			throw new IllegalArgumentException("config '" + id + "': flush must be flush or no-flush");
		}
		if (!parts[3].equals("study") && !parts[3].equals("plain")) {
			throw new IllegalArgumentException("config '" + id + "': pattern must be study or plain");
		}
		String base = String.join("/", parts[0], parts[1], parts[2], parts[3]);
		return new RunConfig(base + options.suffix(), parts[0], files, parts[2].equals("flush"), parts[3], false,
				options.lines(), options.cores(), options.discard(), options.slowSink());
	}

	/** The {@code mode} column of the CSV: {@code logging-off} for the baseline. */
	public String csvMode() {
		return this.loggingOff ? LOGGING_OFF : this.mode;
	}

	/** The value of {@code --spring.profiles.active}. */
	String profiles() {
		List<String> profiles = new ArrayList<>();
		profiles.add("comparison");
		if (this.loggingOff) {
			profiles.add(LOGGING_OFF);
		}
		profiles.add(this.mode);
		profiles.add("files-" + this.appenders);
		profiles.add(this.immediateFlush ? "flush" : "no-flush");
		profiles.add(this.pattern + "-pattern");
		if (this.slowSink) {
			profiles.add("slow-sink");
		}
		return String.join(",", profiles);
	}

	/** Application arguments beyond the profiles. */
	List<String> appArgs() {
		return this.discard ? List.of("--asynclog.queue-full-policy=discard") : List.of();
	}

	/** JVM flags the mode needs (the context selector for all-async). */
	List<String> jvmFlags() {
		return "all-async".equals(this.mode) ? List.of("-Dlog4j2.contextSelector=" + ALL_ASYNC_SELECTOR) : List.of();
	}

	/** The id without its options: the configuration of the study's grid it varies. */
	public String baseId() {
		return this.loggingOff ? LOGGING_OFF
				: String.join("/", this.mode, Integer.toString(this.appenders),
						this.immediateFlush ? "flush" : "no-flush", this.pattern);
	}

	/** A name usable as a file name. */
	String fileName() {
		return this.id.replace('/', '_').replace('=', '-');
	}

	/** The options after the base id, each checked. */
	private record Options(int lines, int cores, boolean discard, boolean slowSink) {

		static Options parse(String id, String[] parts, int from) {
			int lines = 1;
			int cores = 1;
			boolean discard = false;
			boolean slowSink = false;
			for (int i = from; i < parts.length; i++) {
				String[] option = parts[i].split("=", 2);
				String value = (option.length == 2) ? option[1] : "";
				switch (option[0]) {
					case "lines" -> lines = number(id, "lines", value, 1, MAX_LINES);
					case "cores" -> cores = number(id, "cores", value, 1, 2);
					case "policy" -> {
						if (!value.equals("block") && !value.equals("discard")) {
							throw new IllegalArgumentException("config '" + id + "': policy must be block or discard");
						}
						discard = value.equals("discard");
					}
					case "sink" -> {
						if (!value.equals("slow")) {
							throw new IllegalArgumentException("config '" + id + "': sink must be slow");
						}
						slowSink = true;
					}
					default -> throw new IllegalArgumentException("config '" + id + "': unknown option '" + parts[i]
							+ "'; options are lines=N, cores=1|2, policy=block|discard, sink=slow");
				}
			}
			return new Options(lines, cores, discard, slowSink);
		}

		private static int number(String id, String name, String value, int min, int max) {
			try {
				int number = Integer.parseInt(value);
				if (number >= min && number <= max) {
					return number;
				}
			}
			catch (NumberFormatException ex) {
				// reported below
			}
			throw new IllegalArgumentException("config '" + id + "': " + name + " must be a whole number from " + min
					+ " to " + max);
		}

		/** The options in canonical order, defaults left out. */
		String suffix() {
			StringBuilder suffix = new StringBuilder();
			if (this.lines != 1) {
				suffix.append("/lines=").append(this.lines);
			}
			if (this.cores != 1) {
				suffix.append("/cores=").append(this.cores);
			}
			if (this.discard) {
				suffix.append("/policy=discard");
			}
			if (this.slowSink) {
				suffix.append("/sink=slow");
			}
			return suffix.toString();
		}

	}

}
