package io.asynclog.loadtests.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One configuration of the demo app, named by an id such as {@code async-logger/3/flush/study}
 * ({@code mode/files/flush|no-flush/study|plain}) or {@code logging-off} (the baseline: the
 * same app and files as {@code async-logger/1/flush/study}, but the request line is never
 * logged). It knows the Spring profiles and JVM flags that select it.
 *
 * @param id the id as written in the CSV and on the command line
 * @param mode {@code sync}, {@code async-appender}, {@code async-logger} or
 * {@code all-async}; the appender setup that {@code logging-off} uses
 * @param appenders number of rolling-file appenders (1, 3 or 6)
 * @param immediateFlush whether the appenders flush after every event
 * @param pattern {@code study} (with {@code %l}) or {@code plain}
 * @param loggingOff whether this is the {@code logging-off} baseline
 * @author asynclog
 */
record RunConfig(String id, String mode, int appenders, boolean immediateFlush, String pattern, boolean loggingOff) {

	static final String LOGGING_OFF = "logging-off";

	static final Set<String> MODES = Set.of("sync", "async-appender", "async-logger", "all-async");

	static final Set<Integer> FILES = Set.of(1, 3, 6);

	static final String ALL_ASYNC_SELECTOR = "org.apache.logging.log4j.core.async.AsyncLoggerContextSelector";

	/**
	 * Parses an id.
	 * @param id for example {@code sync/3/flush/study} or {@code logging-off}
	 * @return the configuration
	 * @throws IllegalArgumentException if the id is not of that form
	 */
	static RunConfig parse(String id) {
		String trimmed = id.strip();
		if (LOGGING_OFF.equals(trimmed)) {
			return new RunConfig(LOGGING_OFF, "async-logger", 1, true, "study", true);
		}
		String[] parts = trimmed.split("/");
		if (parts.length != 4) {
			throw new IllegalArgumentException("config '" + id + "' is not mode/files/flush|no-flush/study|plain or "
					+ LOGGING_OFF);
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
		return new RunConfig(trimmed, parts[0], files, parts[2].equals("flush"), parts[3], false);
	}

	/** The {@code mode} column of the CSV: {@code logging-off} for the baseline. */
	String csvMode() {
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
		return String.join(",", profiles);
	}

	/** JVM flags the mode needs (the context selector for all-async). */
	List<String> jvmFlags() {
		return "all-async".equals(this.mode) ? List.of("-Dlog4j2.contextSelector=" + ALL_ASYNC_SELECTOR) : List.of();
	}

	/** A name usable as a file name. */
	String fileName() {
		return this.id.replace('/', '_');
	}

}
