package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;

import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.RunFiles;

/**
 * The runner's {@code run-info} properties: where, when and how the run was made. A missing file
 * or key reads as "–", so the report shows the gap instead of failing.
 *
 * @param properties all of them, for the keys of one matrix
 * @param wideWarmup whether one-core apps warmed up on both CPUs; false for runs recorded before
 * the option
 * @author asynclog
 */
record RunInfo(Properties properties, String date, String machine, String jdk, String gatlingVersion,
		String warmupSeconds, boolean wideWarmup, String durationSeconds, String repeats, String users,
		String openRate, String pinning, String command) {

	static RunInfo load(Path file) throws IOException {
		Properties p = RunFiles.properties(file);
		return new RunInfo(p, get(p, "date"), get(p, "machine"), get(p, "jdk"), get(p, "gatling.version"),
				get(p, "warmup_s"), Boolean.parseBoolean(get(p, "warmup.wide")), get(p, "duration_s"),
				get(p, "repeats"), get(p, "users"), get(p, "open.rate"), get(p, "pinning"), get(p, "command"));
	}

	/** The value of {@code key}, stripped, or "–" when it is absent or blank. */
	String get(String key) {
		return get(this.properties, key);
	}

	private static String get(Properties properties, String key) {
		String value = properties.getProperty(key);
		return (value == null || value.isBlank()) ? Fmt.DASH : value.strip();
	}

	/** The end of every chart's title: {@code " — machine, date"}. */
	String where() {
		return " \u2014 " + this.machine + ", " + this.date;
	}

}
