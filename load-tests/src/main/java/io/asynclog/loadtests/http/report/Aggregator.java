package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Turns raw runs into a {@link Comparison}: groups the runs by configuration, takes medians over
 * the repeats, orders the rows as the study did and computes the ratios.
 *
 * <p>Order of the closed table: for 1, 3 and 6 appenders, sync, async-appender and async-logger
 * (flush, study pattern), whether measured or not; then every other measured configuration by
 * mode, appenders, flush and pattern; then logging-off.
 *
 * @author asynclog
 */
final class Aggregator {

	static final String SYNC = "sync";

	static final String ASYNC_APPENDER = "async-appender";

	static final String ASYNC_LOGGER = "async-logger";

	static final String ALL_ASYNC = "all-async";

	static final String LOGGING_OFF = "logging-off";

	static final List<String> MODES = List.of(SYNC, ASYNC_APPENDER, ASYNC_LOGGER, ALL_ASYNC, LOGGING_OFF);

	static final List<String> STUDY_MODES = List.of(SYNC, ASYNC_APPENDER, ASYNC_LOGGER);

	static final List<Integer> STUDY_APPENDERS = List.of(1, 3, 6);

	static final String STUDY_PATTERN = "study";

	private Aggregator() {
	}

	/** The id of a configuration of the study's grid, such as {@code async-logger/3/flush/study}. */
	static String studyConfig(String mode, int appenders) {
		return mode + "/" + appenders + "/flush/" + STUDY_PATTERN;
	}

	static Comparison aggregate(List<RunRecord> runs) {
		Map<String, List<RunRecord>> closedRuns = new LinkedHashMap<>();
		Map<String, List<RunRecord>> openRuns = new LinkedHashMap<>();
		for (RunRecord run : runs) {
			if (run.closed()) {
				closedRuns.computeIfAbsent(run.config(), (k) -> new ArrayList<>()).add(run);
			}
			else if (run.open()) {
				openRuns.computeIfAbsent(run.config() + "\u0000" + run.rate(), (k) -> new ArrayList<>()).add(run);
			}
		}
		Map<String, ConfigSummary> measured = new LinkedHashMap<>();
		closedRuns.forEach((config, list) -> measured.put(config, ConfigSummary.of(list)));

		List<ConfigSummary> ordered = new ArrayList<>();
		for (int appenders : STUDY_APPENDERS) {
			for (String mode : STUDY_MODES) {
				String config = studyConfig(mode, appenders);
				ConfigSummary summary = measured.remove(config);
				ordered.add((summary != null) ? summary
						: ConfigSummary.missing(config, mode, appenders, Boolean.TRUE, STUDY_PATTERN));
			}
		}
		List<ConfigSummary> loggingOff = new ArrayList<>();
		List<ConfigSummary> others = new ArrayList<>();
		measured.values().forEach((s) -> (LOGGING_OFF.equals(s.mode()) ? loggingOff : others).add(s));
		others.sort(order());
		loggingOff.sort(order());
		ordered.addAll(others);
		ordered.addAll(loggingOff.isEmpty() ? List.of(ConfigSummary.missing(LOGGING_OFF, LOGGING_OFF, null, null, null))
				: loggingOff);

		Optional<ConfigSummary> baseline = ordered.stream()
			.filter((s) -> LOGGING_OFF.equals(s.mode()) && s.measured())
			.findFirst();
		List<ComparisonRow> rows = new ArrayList<>();
		for (ConfigSummary summary : ordered) {
			Optional<ConfigSummary> sync = syncTwin(summary, ordered);
			rows.add(new ComparisonRow(summary,
					Stats.ratio(summary.tps().median(), sync.map((s) -> s.tps().median()).orElse(Double.NaN)),
					Stats.ratio(summary.tps().median(), baseline.map((s) -> s.tps().median()).orElse(Double.NaN)),
					Stats.ratio(summary.p99Ms().median(), baseline.map((s) -> s.p99Ms().median()).orElse(Double.NaN))));
		}

		Map<String, Integer> position = new HashMap<>();
		for (int i = 0; i < ordered.size(); i++) {
			position.put(ordered.get(i).config(), i);
		}
		List<OpenSummary> open = new ArrayList<>(openRuns.values().stream().map(OpenSummary::of).toList());
		open.sort(Comparator.comparingInt((OpenSummary o) -> position.getOrDefault(o.config(), Integer.MAX_VALUE))
			.thenComparing(OpenSummary::config)
			.thenComparingDouble(OpenSummary::rate));
		return new Comparison(List.copyOf(rows), List.copyOf(open));
	}

	/**
	 * The measured sync configuration with the same appenders, flush and pattern as
	 * {@code summary}; none for logging-off, whose appender settings are nominal.
	 */
	static Optional<ConfigSummary> syncTwin(ConfigSummary summary, List<ConfigSummary> all) {
		if (!summary.measured() || LOGGING_OFF.equals(summary.mode())) {
			return Optional.empty();
		}
		return all.stream()
			.filter((s) -> SYNC.equals(s.mode()) && s.measured())
			.filter((s) -> Objects.equals(s.appenders(), summary.appenders())
					&& Objects.equals(s.immediateFlush(), summary.immediateFlush())
					&& Objects.equals(s.pattern(), summary.pattern()))
			.findFirst();
	}

	/** Mode (study order, then by name), appenders, flush before no flush, pattern, id. */
	static Comparator<ConfigSummary> order() {
		return Comparator.comparingInt((ConfigSummary s) -> modeRank(s.mode()))
			.thenComparing(ConfigSummary::mode, Comparator.nullsLast(Comparator.naturalOrder()))
			.thenComparing(ConfigSummary::appenders, Comparator.nullsLast(Comparator.naturalOrder()))
			.thenComparing(ConfigSummary::immediateFlush, Comparator.nullsLast(Comparator.reverseOrder()))
			.thenComparing((s) -> STUDY_PATTERN.equals(s.pattern()) ? 0 : 1)
			.thenComparing(ConfigSummary::pattern, Comparator.nullsLast(Comparator.naturalOrder()))
			.thenComparing(ConfigSummary::config);
	}

	/** The study's modes first, then modes this report does not know, then logging-off. */
	static int modeRank(String mode) {
		if (LOGGING_OFF.equals(mode)) {
			return MODES.size();
		}
		int rank = MODES.indexOf(mode);
		return (rank < 0) ? MODES.size() - 1 : rank;
	}

}
