package io.asynclog.loadtests.http;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * One configuration of the demo app, named by an id such as {@code async-logger/3/flush/study}
 * ({@code mode/files/flush|no-flush/study|plain|boot}) or {@code logging-off} (the baseline: the
 * same app and files as {@code async-logger/1/flush/study}, but the request line is never
 * logged), then options in canonical order, defaults left out ({@link #OPTIONS}; see
 * {@code docs/load-tests.md}), for example {@code async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096}.
 * It knows the Spring profiles, application arguments and JVM flags that select it, and which
 * files hold its request lines.
 *
 * @param mode the appender setup, the one {@code logging-off} uses too
 * @param cores CPUs the app runs on: 1 (the load on the other) or 2 (shared with the load)
 * @param slowSink whether a console whose output the runner reads slowly is one of the appenders
 * @param bootConsole whether Spring Boot's own Console appender, read at full speed, is the only sink
 * @param ringSize asynclog's ring buffer size, or 0 for asynclog's default
 * @param threadLocalsOff whether Log4j2's thread-locals are off, as Log4j2 itself sets them in a web
 * application, which asynclog otherwise turns on in an executable jar
 * @author asynclog
 */
public record RunConfig(String id, String mode, int appenders, boolean immediateFlush, String pattern, boolean loggingOff,
		int linesPerRequest, int cores, boolean discard, boolean slowSink, boolean bootConsole, int ringSize,
		boolean metersOff, String backend, boolean virtualThreads, boolean threadLocalsOff, String waitStrategy) {

	public static final String LOGGING_OFF = "logging-off";

	/** Logback's own {@code AsyncAppender} (queue 256) in front of Spring Boot's console; asynclog in sync mode. */
	public static final String LOGBACK_ASYNC_APPENDER = "logback-async-appender";

	/** The demo app on Log4j2 ({@code demo-app-log4j2}): the default backend, left out of ids. */
	public static final String LOG4J2 = "log4j2";

	/** The demo app on Logback, Spring Boot's default ({@code demo-app}). */
	public static final String LOGBACK = "logback";

	static final List<String> MODES = List.of("sync", "async-appender", "async-logger", "all-async",
			LOGBACK_ASYNC_APPENDER);

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

	/** The options an id may add, in canonical order. */
	static final List<String> OPTIONS = List.of("lines", "cores", "policy", "sink", "ring", "meters", "backend",
			"threads", "threadlocals", "wait");

	/** Each option's default, which the canonical id leaves out. */
	private static final Map<String, String> DEFAULTS = Map.of("lines", "1", "cores", "1", "policy", "block", "sink",
			"", "ring", "0", "meters", "on", "backend", LOG4J2, "threads", "platform", "threadlocals", "on", "wait", "");

	/** The values of the options that take a word, the default first where there is one. */
	private static final Map<String, List<String>> CHOICES = Map.of("policy", List.of("block", "discard"), "sink",
			List.of("slow", "boot-console"), "meters", List.of("on", "off"), "backend", List.of(LOG4J2, LOGBACK),
			"threads", List.of("platform", "virtual"), "threadlocals", List.of("on", "off"), "wait",
			List.of("timeout", "block", "sleep", "yield", "busy-spin"));

	/**
	 * Parses an id, for example {@code sync/3/flush/study}, {@code logging-off/lines=20} or
	 * {@code async-logger/1/flush/plain/sink=slow/policy=discard}.
	 * @return the configuration, its id with the options in canonical order
	 * @throws IllegalArgumentException if the id is not of that form
	 */
	public static RunConfig parse(String id) {
		String[] parts = id.strip().split("/");
		boolean off = LOGGING_OFF.equals(parts[0]);
		int baseParts = off ? 1 : 4;
		if (parts.length < baseParts) {
			throw new IllegalArgumentException("config '" + id + "' is not mode/files/flush|no-flush/study|plain or "
					+ LOGGING_OFF + ", followed by options such as /lines=20");
		}
		Map<String, String> options = new HashMap<>(DEFAULTS);
		for (int i = baseParts; i < parts.length; i++) {
			String[] option = parts[i].split("=", 2);
			if (!DEFAULTS.containsKey(option[0])) {
				throw new IllegalArgumentException("config '" + id + "': unknown option '" + parts[i]
						+ "'; options are lines=N, cores=1|2, policy=block|discard, sink=slow|boot-console,"
						+ " ring=N (a power of two, 128..1048576), meters=on|off, backend=log4j2|logback,"
						+ " threads=platform|virtual, threadlocals=on|off, wait=timeout|block|sleep|yield|busy-spin");
			}
			options.put(option[0], checked(id, option[0], (option.length == 2) ? option[1] : ""));
		}
		StringBuilder suffix = new StringBuilder();
		OPTIONS.stream()
			.filter((key) -> !options.get(key).equals(DEFAULTS.get(key)))
			.forEach((key) -> suffix.append('/').append(key).append('=').append(options.get(key)));
		boolean bootConsole = options.get("sink").equals("boot-console");
		String backend = options.get("backend");
		String mode = off ? "async-logger" : parts[0];
		if (!off) {
			checkBase(id, parts, bootConsole, backend, !options.get("ring").equals("0"), options.get("wait"));
		}
		// Boot's console has its own pattern; the files' baseline keeps the study's.
		String pattern = !off ? parts[3] : bootConsole ? BOOT_PATTERN : "study";
		return new RunConfig((off ? LOGGING_OFF : String.join("/", parts[0], parts[1], parts[2], parts[3])) + suffix,
				mode, off ? 1 : Integer.parseInt(parts[1]), off || parts[2].equals("flush"), pattern, off,
				Integer.parseInt(options.get("lines")), Integer.parseInt(options.get("cores")),
				options.get("policy").equals("discard"), options.get("sink").equals("slow"), bootConsole,
				Integer.parseInt(options.get("ring")), options.get("meters").equals("off"), backend,
				options.get("threads").equals("virtual"), options.get("threadlocals").equals("off"), options.get("wait"));
	}

	/** An option's value, checked, numbers in their plain form. */
	private static String checked(String id, String key, String value) {
		if (CHOICES.containsKey(key)) {
			List<String> choices = CHOICES.get(key);
			if (!choices.contains(value)) {
				throw new IllegalArgumentException("config '" + id + "': " + key + ((choices.size() == 2)
						? " must be " + choices.get(0) + " or " + choices.get(1)
						: " must be one of " + choices + ", not '" + value + "'"));
			}
			return value;
		}
		int min = key.equals("ring") ? MIN_RING : 1;
		int max = key.equals("ring") ? MAX_RING : key.equals("cores") ? 2 : MAX_LINES;
		int number;
		try {
			number = Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			number = min - 1;
		}
		if (number < min || number > max) {
			throw new IllegalArgumentException("config '" + id + "': " + key + " must be a whole number from " + min
					+ " to " + max);
		}
		if (key.equals("ring") && Integer.bitCount(number) != 1) {
			throw new IllegalArgumentException("config '" + id + "': ring must be a power of two from " + MIN_RING
					+ " to " + MAX_RING + ", not " + number);
		}
		return Integer.toString(number);
	}

	private static void checkBase(String id, String[] parts, boolean bootConsole, String backend, boolean ring,
			String waitStrategy) {
		String mode = parts[0];
		if (!MODES.contains(mode)) {
			throw new IllegalArgumentException("config '" + id + "': mode must be one of " + MODES);
		}
		if (!List.of("1", "3", "6").contains(parts[1])) {
			throw new IllegalArgumentException("config '" + id + "': files must be 1, 3 or 6");
		}
		if (!parts[2].equals("flush") && !parts[2].equals("no-flush")) {
			throw new IllegalArgumentException("config '" + id + "': flush must be flush or no-flush");
		}
		String bootBase = mode + "/1/flush/" + BOOT_PATTERN;
		// Spring Boot's Console appender is one sink with its own pattern, and its flush is asynclog's
		// default: an id that said otherwise would describe a run that did not happen.
		if (bootConsole && !String.join("/", parts[0], parts[1], parts[2], parts[3]).equals(bootBase)) {
			throw new IllegalArgumentException("config '" + id + "': sink=boot-console writes through Spring Boot's"
					+ " Console appender (one sink, Boot's pattern, asynclog's default flush), so its base must be "
					+ bootBase + ", for example " + bootBase + "/lines=20/sink=boot-console");
		}
		if (!bootConsole && !parts[3].equals("study") && !parts[3].equals("plain")) {
			throw new IllegalArgumentException("config '" + id + "': pattern must be study or plain ("
					+ BOOT_PATTERN + " only with sink=boot-console)");
		}
		boolean asyncLogger = mode.equals("async-logger") || mode.equals("all-async");
		if (ring && !asyncLogger) {
			throw new IllegalArgumentException("config '" + id + "': ring=N sizes the async-logger ring buffer, so it"
					+ " needs mode async-logger or all-async, not " + mode);
		}
		boolean logback = backend.equals(LOGBACK);
		// Its sync twin would be the row itself (the twin leaves wait= out), a ratio of 1.0 that says nothing.
		if (!waitStrategy.isEmpty() && !asyncLogger && !(mode.equals("async-appender") && logback)) {
			throw new IllegalArgumentException("config '" + id + "': wait=" + waitStrategy + " sets how"
					+ " asynclog's Disruptor rings wait, so it needs mode async-logger or all-async, or async-appender"
					+ " on Logback, not " + mode + (logback ? "" : " on Log4j2"));
		}
		if (mode.equals("all-async") && logback) {
			throw new IllegalArgumentException("config '" + id + "': all-async is Log4j2's (a context selector);"
					+ " asynclog refuses it on Logback");
		}
		if (mode.equals(LOGBACK_ASYNC_APPENDER) && (!logback || !bootConsole)) {
			throw new IllegalArgumentException("config '" + id + "': " + LOGBACK_ASYNC_APPENDER + " puts Logback's"
					+ " AsyncAppender in front of Spring Boot's console, so it needs /sink=boot-console and"
					+ " /backend=" + LOGBACK);
		}
	}

	/** The {@code mode} column of the CSV: {@code logging-off} for the baseline. */
	public String csvMode() {
		return this.loggingOff ? LOGGING_OFF : this.mode;
	}

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
		List<String> profiles = new ArrayList<>(List.of("comparison"));
		if (this.loggingOff) {
			profiles.add(LOGGING_OFF);
		}
		profiles.add(this.mode);
		if (this.bootConsole) {
			// No files-N, flush or pattern profile: they only shape asynclog's own appenders.
			profiles.add("boot-console");
		}
		else {
			profiles.addAll(List.of("files-" + this.appenders, this.immediateFlush ? "flush" : "no-flush",
					this.pattern + "-pattern"));
			if (this.slowSink) {
				profiles.add("slow-sink");
			}
		}
		return String.join(",", profiles);
	}

	/** Application arguments beyond the profiles. */
	List<String> appArgs() {
		List<String> args = new ArrayList<>();
		// All-async takes these as JVM flags (see jvmFlags); asynclog would only warn that they are not applied.
		if (!"all-async".equals(this.mode)) {
			if (this.discard) {
				args.add("--asynclog.queue-full-policy=discard");
			}
			if (this.ringSize != 0) {
				args.add("--asynclog.ring-buffer-size=" + this.ringSize);
			}
			if (!this.waitStrategy.isEmpty()) {
				args.add("--asynclog.wait-strategy=" + this.waitStrategy);
			}
		}
		if (logback() && !this.bootConsole && this.pattern.equals("plain")) {
			// Logback reads what follows a comma inside %d{...} as a time zone (asynclog refuses it at start-up).
			args.add("--demo.pattern=" + LOGBACK_PLAIN_PATTERN);
		}
		if (this.virtualThreads) {
			args.add("--spring.threads.virtual.enabled=true");
		}
		if (this.metersOff) {
			// asynclog has no single switch for its meters: the probe is its own property, and Boot 4.1's
			// management.metrics.enable.<prefix> denies the meters, which makes asynclog leave out the
			// lag listener and the log4j2.events counting filter as well.
			args.addAll(List.of("--asynclog.metrics.delivery-lag=false", "--management.metrics.enable.asynclog=false",
					"--management.metrics.enable.log4j2.events=false"));
		}
		return List.copyOf(args);
	}

	/**
	 * The files that must hold every request line of a run: {@code app-1.log} .. {@code app-N.log}
	 * in the log directory, or the standard output for {@code sink=boot-console}.
	 */
	public List<Path> requestLineFiles(Path logDir, Path stdout) {
		return this.bootConsole ? List.of(stdout)
				: IntStream.rangeClosed(1, this.appenders).mapToObj((i) -> logDir.resolve("app-" + i + ".log")).toList();
	}

	LineCheck.Format timestampFormat() {
		return this.bootConsole ? LineCheck.Format.BOOT_CONSOLE : LineCheck.Format.BRACKETED;
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
				// Log4j2's name: busy-spin is BusySpin
				flags.add("-Dlog4j2.asyncLoggerWaitStrategy="
						+ Pattern.compile("(?:^|-)(.)").matcher(this.waitStrategy).replaceAll((m) -> m.group(1).toUpperCase()));
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

}
