package io.asynclog.loadtests.http;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The configurations of the HTTP comparison: the default closed-model matrix (14), the four
 * configurations of the open-model part, and the selection made by {@code --configs}.
 *
 * @author asynclog
 */
final class ComparisonMatrix {

	/** The four configurations the open-model part runs (those among the selected ones). */
	static final List<String> OPEN_IDS = List.of("sync/3/flush/study", "async-appender/3/flush/study",
			"async-logger/3/flush/study", RunConfig.LOGGING_OFF);

	private ComparisonMatrix() {
	}

	/**
	 * The default closed-model matrix: sync, async-appender and async-logger with 1, 3 and 6
	 * files; async-logger/3 without flush; all-async/3; sync/3 and async-logger/3 with the plain
	 * pattern; logging-off.
	 * @return the 14 configurations, in run order
	 */
	static List<RunConfig> defaultClosed() {
		List<String> ids = new ArrayList<>();
		for (String mode : List.of("sync", "async-appender", "async-logger")) {
			for (int files : List.of(1, 3, 6)) {
				ids.add(mode + "/" + files + "/flush/study");
			}
		}
		ids.add("async-logger/3/no-flush/study");
		ids.add("all-async/3/flush/study");
		ids.add("sync/3/flush/plain");
		ids.add("async-logger/3/flush/plain");
		ids.add(RunConfig.LOGGING_OFF);
		return ids.stream().map(RunConfig::parse).toList();
	}

	/**
	 * The configurations named by {@code --configs}, or the default matrix.
	 * @param ids the ids given, or an empty list
	 * @return the configurations, without duplicates, in the order given
	 */
	static List<RunConfig> closed(List<String> ids) {
		if (ids.isEmpty()) {
			return defaultClosed();
		}
		Set<String> seen = new LinkedHashSet<>();
		List<RunConfig> configs = new ArrayList<>();
		for (String id : ids) {
			RunConfig config = RunConfig.parse(id);
			if (seen.add(config.id())) {
				configs.add(config);
			}
		}
		return configs;
	}

	/**
	 * The open-model configurations: those of {@link #OPEN_IDS} that the closed part runs too
	 * (all four with the default matrix), so that the rate can come from their closed results.
	 * @param closed the closed-model configurations of this invocation
	 * @return the open-model configurations, possibly none
	 */
	static List<RunConfig> open(List<RunConfig> closed) {
		Set<String> closedIds = new LinkedHashSet<>();
		closed.forEach((config) -> closedIds.add(config.id()));
		return OPEN_IDS.stream().filter(closedIds::contains).map(RunConfig::parse).toList();
	}

}
