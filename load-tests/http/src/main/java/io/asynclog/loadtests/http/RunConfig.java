package io.asynclog.loadtests.http;

import java.nio.file.Path;
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
 * <li>{@code sink=slow}: one more appender, a console whose output the runner reads slowly;</li>
 * <li>{@code sink=boot-console}: no asynclog appender at all, only Spring Boot's own Console
 * appender (its default pattern; asynclog's default flush: after every line in sync mode, at the
 * end of each batch in the async modes), whose output the runner sends to
 * {@code app-stdout.log} at full speed; the base must be {@code mode/1/flush/boot};</li>
 * <li>{@code ring=N}: asynclog's ring buffer size (a power of two from 128 to 1048576; default
 * asynclog's, 16384), async-logger and all-async only;</li>
 * <li>{@code meters=off}: asynclog's meters off (the delivery-lag probe, the {@code asynclog.*}
 * meters and its {@code log4j2.events} counter); the {@code /actuator/asynclog} endpoint the
 * runner reads stays;</li>
 * <li>{@code backend=logback}: the demo app on Logback, Spring Boot's default ({@code demo-app}),
 * instead of on Log4j2 ({@code demo-app-log4j2}, the default, left out of the id so that the
 * Log4j2 matrices keep their ids);</li>
 * <li>{@code threads=virtual}: Spring Boot serves requests on virtual threads
 * ({@code spring.threads.virtual.enabled}; run the app on JDK 21 or later with {@code --java});</li>
 * <li>{@code wait=NAME}: asynclog's {@code wait-strategy} (timeout, block, sleep, yield, busy-spin);</li>
 * <li>{@code threadlocals=off}: Log4j2's thread-locals off ({@code -Dlog4j2.enableThreadlocals=false}),
 * as in a web application before asynclog turned them on in executable jars: the allocation it
 * saves, measured in one run.</li>
 * </ul>
 * For example {@code async-logger/1/flush/plain/lines=20/cores=2} or
 * {@code async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096}. It knows the Spring
 * profiles, application arguments and JVM flags that select it, and which files hold its request
 * lines.
 *
 * @param id the id as written in the CSV and on the command line, options in the order above
 * @param mode {@code sync}, {@code async-appender}, {@code async-logger}, {@code all-async}
 * (Log4j2 only) or {@code logback-async-appender} (Logback only: Logback's own
 * {@code AsyncAppender} in front of Spring Boot's console, asynclog in sync mode); the appender
 * setup that {@code logging-off} uses
 * @param appenders number of rolling-file appenders (1, 3 or 6)
 * @param immediateFlush whether the appenders flush after every event
 * @param pattern {@code study} (with {@code %l}), {@code plain}, or {@code boot} (Spring Boot's console
 * pattern, with {@code sink=boot-console} only)
 * @param loggingOff whether this is the {@code logging-off} baseline
 * @param linesPerRequest lines each request logs
 * @param cores CPUs the app runs on: 1 (the load on the other) or 2 (shared with the load)
 * @param discard whether the queue-full policy is {@code discard}
 * @param slowSink whether a slowly read console is one of the appenders
 * @param bootConsole whether Spring Boot's own Console appender is the only sink
 * @param ringSize asynclog's ring buffer size, or 0 for asynclog's default
 * @param metersOff whether asynclog's meters are turned off
 * @param backend {@code log4j2} or {@code logback}: the logging library the demo app runs on
 * @param virtualThreads whether Spring Boot serves requests on virtual threads (JDK 21 and later)
 * @param threadLocalsOff whether Log4j2's thread-locals are turned off as Log4j2 does by itself in
 * a web application ({@code -Dlog4j2.enableThreadlocals=false}), which asynclog otherwise turns on
 * in an executable jar
 * @param waitStrategy asynclog's {@code wait-strategy} ({@code wait=NAME}), or empty for its default
 * @author asynclog
 */
public record RunConfig(String id, String mode, int appenders, boolean immediateFlush, String pattern, boolean loggingOff,
		int linesPerRequest, int cores, boolean discard, boolean slowSink, boolean bootConsole, int ringSize,
		boolean metersOff, String backend, boolean virtualThreads, boolean threadLocalsOff, String waitStrategy) {

	public static final String LOGGING_OFF = "logging-off";

	/**
	 * Logback's own {@code AsyncAppender} (queue 256, default discarding threshold) in front of
	 * Spring Boot's console, from a Logback configuration file; asynclog in sync mode adds nothing.
	 */
	public static final String LOGBACK_ASYNC_APPENDER = "logback-async-appender";

	/** The demo app on Log4j2 ({@code demo-app-log4j2}): the default backend. */
	public static final String LOG4J2 = "log4j2";

	/** The demo app on Logback, Spring Boot's default ({@code demo-app}). */
	public static final String LOGBACK = "logback";

	static final Set<String> MODES = Set.of("sync", "async-appender", "async-logger", "all-async",
			LOGBACK_ASYNC_APPENDER);

	static final Set<Integer> FILES = Set.of(1, 3, 6);

	static final int MAX_LINES = 100;

	/** The pattern segment of a {@code sink=boot-console} id: Spring Boot's own console pattern. */
	public static final String BOOT_PATTERN = "boot";

	/** The file the runner sends the app's standard output to, in the run's directory. */
	public static final String STDOUT_FILE = "app-stdout.log";

	/** The plain pattern in Logback's syntax: the date quoted, so that its comma is not a time zone's. */
	static final String LOGBACK_PLAIN_PATTERN = "[%-5p %c{1} %t %d{\"yyyy-MM-dd HH:mm:ss,SSS\"}]  %m%n";

	static final int MIN_RING = 128;

	static final int MAX_RING = 1 << 20;

	static final String ALL_ASYNC_SELECTOR = "org.apache.logging.log4j.core.async.AsyncLoggerContextSelector";

	/** asynclog's ring size when the id names none. */
	static final int DEFAULT_RING = 16384;

	private static final String ASYNCLOG_POLICIES = "io.asynclog.log4j2.queue.";

	/** Log4j2's name of a wait strategy: {@code busy-spin} is {@code BusySpin}. */
	static String log4j2WaitStrategy(String name) {
		StringBuilder out = new StringBuilder();
		for (String word : name.split("-")) {
			out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
		}
		return out.toString();
	}

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
			// Boot's console has its own pattern; the files' baseline keeps the study's.
			return new RunConfig(LOGGING_OFF + options.suffix(), "async-logger", 1, true,
					options.bootConsole() ? BOOT_PATTERN : "study", true, options.lines(), options.cores(),
					options.discard(), options.slowSink(), options.bootConsole(), options.ring(), options.metersOff(),
					options.backend(), options.virtualThreads(), options.threadLocalsOff(), options.waitStrategy());
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
		if (options.bootConsole()) {
			// Spring Boot's Console appender is one sink with its own pattern, and its flush is
			// asynclog's default (after every line in sync mode, at the end of each batch in the
			// async modes): 'flush' in the id names that default, and an id that said otherwise
			// would describe a run that did not happen.
			if (files != 1 || !parts[2].equals("flush") || !parts[3].equals(BOOT_PATTERN)) {
				throw new IllegalArgumentException("config '" + id + "': sink=boot-console writes through Spring Boot's"
						+ " Console appender (one sink, Boot's pattern, asynclog's default flush), so its base must be "
						+ parts[0] + "/1/flush/" + BOOT_PATTERN + ", for example " + parts[0] + "/1/flush/" + BOOT_PATTERN
						+ "/lines=20/sink=boot-console");
			}
		}
		else if (!parts[3].equals("study") && !parts[3].equals("plain")) {
			throw new IllegalArgumentException("config '" + id + "': pattern must be study or plain ("
					+ BOOT_PATTERN + " only with sink=boot-console)");
		}
		if (options.ring() != 0 && !parts[0].equals("async-logger") && !parts[0].equals("all-async")) {
			throw new IllegalArgumentException("config '" + id + "': ring=N sizes the async-logger ring buffer, so it"
					+ " needs mode async-logger or all-async, not " + parts[0]);
		}
		boolean hasRing = parts[0].equals("async-logger") || parts[0].equals("all-async")
				|| (parts[0].equals("async-appender") && options.backend().equals(LOGBACK));
		if (!options.waitStrategy().isEmpty() && !hasRing) {
			// Its sync twin would be the row itself (the twin leaves wait= out), a ratio of 1.0 that says nothing.
			throw new IllegalArgumentException("config '" + id + "': wait=" + options.waitStrategy() + " sets how"
					+ " asynclog's Disruptor rings wait, so it needs mode async-logger or all-async, or async-appender"
					+ " on Logback, not " + parts[0] + ((options.backend().equals(LOGBACK)) ? "" : " on Log4j2"));
		}
		if (parts[0].equals("all-async") && options.backend().equals(LOGBACK)) {
			throw new IllegalArgumentException("config '" + id + "': all-async is Log4j2's (a context selector);"
					+ " asynclog refuses it on Logback");
		}
		if (parts[0].equals(LOGBACK_ASYNC_APPENDER)
				&& (!options.backend().equals(LOGBACK) || !options.bootConsole())) {
			throw new IllegalArgumentException("config '" + id + "': " + LOGBACK_ASYNC_APPENDER + " puts Logback's"
					+ " AsyncAppender in front of Spring Boot's console, so it needs /sink=boot-console and"
					+ " /backend=" + LOGBACK);
		}
		String base = String.join("/", parts[0], parts[1], parts[2], parts[3]);
		return new RunConfig(base + options.suffix(), parts[0], files, parts[2].equals("flush"), parts[3], false,
				options.lines(), options.cores(), options.discard(), options.slowSink(), options.bootConsole(),
				options.ring(), options.metersOff(), options.backend(), options.virtualThreads(), options.threadLocalsOff(),
				options.waitStrategy());
	}

	/** The {@code mode} column of the CSV: {@code logging-off} for the baseline. */
	public String csvMode() {
		return this.loggingOff ? LOGGING_OFF : this.mode;
	}

	/** Whether the demo app runs on Logback ({@code backend=logback}). */
	public boolean logback() {
		return LOGBACK.equals(this.backend);
	}

	/**
	 * Whether this configuration may lose lines by design, so that the runner counts the lines
	 * missing from the log instead of failing the line check: Logback's {@code AsyncAppender}
	 * drops TRACE, DEBUG and INFO events once its queue is 80% full and counts none of them;
	 * asynclog's {@code discard} policy drops INFO and below when its queue is full and counts
	 * each (the runner then checks that the lines missing are exactly the drops counted).
	 */
	public boolean lossCounted() {
		return LOGBACK_ASYNC_APPENDER.equals(this.mode) || (this.discard && !this.loggingOff);
	}

	/** The value of {@code --spring.profiles.active}. */
	String profiles() {
		List<String> profiles = new ArrayList<>();
		profiles.add("comparison");
		if (this.loggingOff) {
			profiles.add(LOGGING_OFF);
		}
		profiles.add(this.mode);
		if (this.bootConsole) {
			// No files-N, flush or pattern profile: they only shape asynclog's own appenders.
			profiles.add("boot-console");
			return String.join(",", profiles);
		}
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
		List<String> args = new ArrayList<>();
		// All-async takes these as JVM flags (see jvmFlags); asynclog would only warn that they are not applied.
		boolean allAsync = "all-async".equals(this.mode);
		if (this.discard && !allAsync) {
			args.add("--asynclog.queue-full-policy=discard");
		}
		if (this.ringSize != 0 && !allAsync) {
			args.add("--asynclog.ring-buffer-size=" + this.ringSize);
		}
		if (!this.waitStrategy.isEmpty() && !allAsync) {
			args.add("--asynclog.wait-strategy=" + this.waitStrategy);
		}
		if (logback() && !this.bootConsole && this.pattern.equals("plain")) {
			// Logback reads what follows a comma inside %d{...} as a time zone: the same timestamp,
			// quoted (asynclog refuses the unquoted one at start-up).
			args.add("--demo.pattern=" + LOGBACK_PLAIN_PATTERN);
		}
		if (this.virtualThreads) {
			args.add("--spring.threads.virtual.enabled=true");
		}
		if (this.metersOff) {
			// asynclog has no single switch for its meters: the probe is its own property (false places
			// none), and Boot 4.1's management.metrics.enable.<prefix> denies the meters, which makes
			// asynclog leave out the lag listener and the log4j2.events counting filter as well.
			args.add("--asynclog.metrics.delivery-lag=false");
			args.add("--management.metrics.enable.asynclog=false");
			args.add("--management.metrics.enable.log4j2.events=false");
		}
		return List.copyOf(args);
	}

	/**
	 * The files that must hold every request line of a run.
	 * @param logDir the run's log directory
	 * @param stdout the file the app's standard output went to
	 * @return {@code app-1.log} .. {@code app-N.log}, or the standard output for {@code sink=boot-console}
	 */
	public List<Path> requestLineFiles(Path logDir, Path stdout) {
		if (this.bootConsole) {
			return List.of(stdout);
		}
		List<Path> files = new ArrayList<>();
		for (int i = 1; i <= this.appenders; i++) {
			files.add(logDir.resolve("app-" + i + ".log"));
		}
		return List.copyOf(files);
	}

	/** How the request lines of this configuration carry their timestamp. */
	public LineOrder.Format timestampFormat() {
		return this.bootConsole ? LineOrder.Format.BOOT_CONSOLE : LineOrder.Format.BRACKETED;
	}

	/**
	 * JVM flags the mode needs. All-async gets the context selector and, as configuration.md tells a
	 * user to, the ring's settings as Log4j2 system properties (its ring starts before
	 * {@code application.yml} is read): asynclog's queue-full policy, since Log4j2's own loses events
	 * on a full ring, and asynclog's ring size, so that it is compared with async-logger ring for ring.
	 */
	List<String> jvmFlags() {
		List<String> flags = new ArrayList<>();
		if ("all-async".equals(this.mode)) {
			flags.add("-Dlog4j2.contextSelector=" + ALL_ASYNC_SELECTOR);
			if (this.discard) {
				flags.add("-Dlog4j2.asyncQueueFullPolicy=" + ASYNCLOG_POLICIES + "CountingDiscardPolicy");
				flags.add("-Dlog4j2.discardThreshold=INFO");
			}
			else {
				flags.add("-Dlog4j2.asyncQueueFullPolicy=" + ASYNCLOG_POLICIES + "BlockingQueueFullPolicy");
			}
			flags.add("-Dlog4j2.asyncLoggerRingBufferSize=" + ((this.ringSize != 0) ? this.ringSize : DEFAULT_RING));
			if (!this.waitStrategy.isEmpty()) {
				flags.add("-Dlog4j2.asyncLoggerWaitStrategy=" + log4j2WaitStrategy(this.waitStrategy));
			}
		}
		if (this.threadLocalsOff) {
			flags.add("-Dlog4j2.enableThreadlocals=false");
		}
		return List.copyOf(flags);
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
	private record Options(int lines, int cores, boolean discard, boolean slowSink, boolean bootConsole, int ring,
			boolean metersOff, String backend, boolean virtualThreads, boolean threadLocalsOff, String waitStrategy) {

		private static final List<String> WAIT_STRATEGIES = List.of("timeout", "block", "sleep", "yield", "busy-spin");

		static Options parse(String id, String[] parts, int from) {
			int lines = 1;
			int cores = 1;
			boolean discard = false;
			boolean slowSink = false;
			boolean bootConsole = false;
			int ring = 0;
			boolean metersOff = false;
			String backend = LOG4J2;
			boolean virtualThreads = false;
			boolean threadLocalsOff = false;
			String waitStrategy = "";
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
						if (!value.equals("slow") && !value.equals("boot-console")) {
							throw new IllegalArgumentException("config '" + id + "': sink must be slow or boot-console");
						}
						slowSink = value.equals("slow");
						bootConsole = value.equals("boot-console");
					}
					case "ring" -> {
						ring = number(id, "ring", value, MIN_RING, MAX_RING);
						if (Integer.bitCount(ring) != 1) {
							throw new IllegalArgumentException("config '" + id + "': ring must be a power of two from "
									+ MIN_RING + " to " + MAX_RING + ", not " + ring);
						}
					}
					case "meters" -> {
						if (!value.equals("off") && !value.equals("on")) {
							throw new IllegalArgumentException("config '" + id + "': meters must be on or off");
						}
						metersOff = value.equals("off");
					}
					case "backend" -> {
						if (!value.equals(LOG4J2) && !value.equals(LOGBACK)) {
							throw new IllegalArgumentException("config '" + id + "': backend must be " + LOG4J2 + " or "
									+ LOGBACK);
						}
						backend = value;
					}
					case "threads" -> {
						if (!value.equals("platform") && !value.equals("virtual")) {
							throw new IllegalArgumentException("config '" + id + "': threads must be platform or virtual");
						}
						virtualThreads = value.equals("virtual");
					}
					case "threadlocals" -> {
						if (!value.equals("on") && !value.equals("off")) {
							throw new IllegalArgumentException("config '" + id + "': threadlocals must be on or off");
						}
						threadLocalsOff = value.equals("off");
					}
					case "wait" -> {
						if (!WAIT_STRATEGIES.contains(value)) {
							throw new IllegalArgumentException("config '" + id + "': wait must be one of " + WAIT_STRATEGIES
									+ ", not '" + value + "'");
						}
						waitStrategy = value;
					}
					default -> throw new IllegalArgumentException("config '" + id + "': unknown option '" + parts[i]
							+ "'; options are lines=N, cores=1|2, policy=block|discard, sink=slow|boot-console,"
							+ " ring=N (a power of two, 128..1048576), meters=on|off, backend=log4j2|logback,"
							+ " threads=platform|virtual, threadlocals=on|off, wait=timeout|block|sleep|yield|busy-spin");
				}
			}
			return new Options(lines, cores, discard, slowSink, bootConsole, ring, metersOff, backend, virtualThreads,
					threadLocalsOff, waitStrategy);
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
			if (this.bootConsole) {
				suffix.append("/sink=boot-console");
			}
			if (this.ring != 0) {
				suffix.append("/ring=").append(this.ring);
			}
			if (this.metersOff) {
				suffix.append("/meters=off");
			}
			if (!this.backend.equals(LOG4J2)) {
				suffix.append("/backend=").append(this.backend);
			}
			if (this.virtualThreads) {
				suffix.append("/threads=virtual");
			}
			if (this.threadLocalsOff) {
				suffix.append("/threadlocals=off");
			}
			if (!this.waitStrategy.isEmpty()) {
				suffix.append("/wait=").append(this.waitStrategy);
			}
			return suffix.toString();
		}

	}

}
