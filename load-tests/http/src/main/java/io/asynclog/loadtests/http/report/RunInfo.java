package io.asynclog.loadtests.http.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import io.asynclog.loadtests.report.Fmt;

/**
 * The runner's {@code run-info} properties: where, when and how the run was made. A missing file
 * or key reads as "–", so the report shows the gap instead of failing.
 *
 * @author asynclog
 */
final class RunInfo {

	private final Properties properties;

	RunInfo(Properties properties) {
		this.properties = properties;
	}

	static RunInfo load(Path file) throws IOException {
		Properties properties = new Properties();
		if (file != null && Files.isRegularFile(file)) {
			try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
				properties.load(reader);
			}
		}
		return new RunInfo(properties);
	}

	/** The value of {@code key}, stripped, or "–" when it is absent or blank. */
	String get(String key) {
		String value = this.properties.getProperty(key);
		return (value == null || value.isBlank()) ? Fmt.DASH : value.strip();
	}

	String date() {
		return get("date");
	}

	String machine() {
		return get("machine");
	}

	String jdk() {
		return get("jdk");
	}

	String gatlingVersion() {
		return get("gatling.version");
	}

	String warmupSeconds() {
		return get("warmup_s");
	}

	/** Whether one-core apps warmed up on both CPUs; false for runs recorded before the option. */
	boolean wideWarmup() {
		return Boolean.parseBoolean(get("warmup.wide"));
	}

	String durationSeconds() {
		return get("duration_s");
	}

	String repeats() {
		return get("repeats");
	}

	String users() {
		return get("users");
	}

	String openRate() {
		return get("open.rate");
	}

	String pinning() {
		return get("pinning");
	}

	String command() {
		return get("command");
	}

}
