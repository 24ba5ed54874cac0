package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.asynclog.loadtests.http.RunConfig;

/**
 * The http-comparison study's run table: {@link RoundRuns}' rows in the study's order, each with
 * two twins, {@link #SYNC} (the sync configuration with the same options) and {@link #LOGGING_OFF}
 * (the baseline), and the grid's configurations that did not run as rows without runs.
 *
 * <p>Order of the closed table: for 1, 3 and 6 appenders, sync, async-appender and async-logger
 * (flush, study pattern), whether measured or not; then every other measured configuration by
 * mode, appenders, flush and pattern; then logging-off.
 *
 * @param closed one row per configuration, in table order
 * @param open the open-model runs of one configuration at one arrival rate, in table order, then by rate
 * @author asynclog
 */
record Comparison(List<RoundRuns.Row> closed, List<List<RunRecord>> open) {

	static final String SYNC = "sync";

	static final String ASYNC_APPENDER = "async-appender";

	static final String ASYNC_LOGGER = "async-logger";

	static final String ALL_ASYNC = "all-async";

	static final String LOGGING_OFF = RunConfig.LOGGING_OFF;

	static final List<String> MODES = List.of(SYNC, ASYNC_APPENDER, ASYNC_LOGGER, ALL_ASYNC, LOGGING_OFF);

	static final String STUDY_PATTERN = "study";

	/** Mode (study order, then by name), appenders, flush before no flush, study pattern first, id. */
	static final Comparator<RunConfig> ORDER = Comparator.comparingInt((RunConfig c) -> modeRank(c.csvMode()))
		.thenComparing(RunConfig::csvMode)
		.thenComparing(RunConfig::appenders)
		.thenComparing(RunConfig::immediateFlush, Comparator.reverseOrder())
		.thenComparing((c) -> STUDY_PATTERN.equals(c.pattern()) ? 0 : 1)
		.thenComparing(RunConfig::pattern)
		.thenComparing(RunConfig::id);

	/** The id of a configuration of the study's grid, such as {@code async-logger/3/flush/study}. */
	static String studyConfig(String mode, int appenders) {
		return mode + "/" + appenders + "/flush/" + STUDY_PATTERN;
	}

	static Comparison of(List<RunRecord> records) {
		Optional<RunConfig> baseline = RoundRuns.closedByConfig(records)
			.keySet()
			.stream()
			.map(RunConfig::parse)
			.filter(RunConfig::loggingOff)
			.min(ORDER);
		RoundRuns table = RoundRuns.of(records, (config) -> {
			Map<String, String> twins = new LinkedHashMap<>();
			if (!config.loggingOff()) {
				twins.put(SYNC, SYNC + config.id().substring(config.id().indexOf('/')));
			}
			baseline.ifPresent((off) -> twins.put(LOGGING_OFF, off.id()));
			return twins;
		});
		List<RoundRuns.Row> closed = new ArrayList<>();
		for (int appenders : List.of(1, 3, 6)) {
			for (String mode : List.of(SYNC, ASYNC_APPENDER, ASYNC_LOGGER)) {
				String id = studyConfig(mode, appenders);
				closed.add(table.row(id).orElseGet(() -> notRun(id)));
			}
		}
		List<RoundRuns.Row> others = new ArrayList<>(table.rows());
		others.removeAll(closed);
		others.sort(Comparator.comparing(RoundRuns.Row::config, ORDER));
		closed.addAll(others);
		if (baseline.isEmpty()) {
			closed.add(notRun(LOGGING_OFF));
		}
		List<String> order = closed.stream().map((row) -> row.config().id()).toList();
		List<List<RunRecord>> openRows = new ArrayList<>(
				RoundRuns.groups(records.stream().filter(RunRecord::open), (run) -> run.config() + "\u0000" + run.rate())
					.values());
		openRows.sort(Comparator.comparingInt((List<RunRecord> runs) -> position(order, runs.get(0).config()))
			.thenComparing((runs) -> runs.get(0).config())
			.thenComparingDouble((runs) -> runs.get(0).rate()));
		return new Comparison(List.copyOf(closed), List.copyOf(openRows));
	}

	private static RoundRuns.Row notRun(String id) {
		return new RoundRuns.Row(RunConfig.parse(id), List.of(), Map.of());
	}

	private static int position(List<String> order, String config) {
		int position = order.indexOf(config);
		return (position < 0) ? Integer.MAX_VALUE : position;
	}

	/** The study's modes first, then modes this report does not know, then logging-off. */
	static int modeRank(String mode) {
		int rank = MODES.indexOf(mode);
		return LOGGING_OFF.equals(mode) ? MODES.size() : (rank < 0) ? MODES.size() - 1 : rank;
	}

	/** The row of {@code config}, if it was run. */
	Optional<RoundRuns.Row> measured(String config) {
		return measuredClosed().stream().filter((row) -> row.config().id().equals(config)).findFirst();
	}

	/** The measured logging-off baseline, if any. */
	Optional<RoundRuns.Row> loggingOff() {
		return measuredClosed().stream().filter((row) -> row.config().loggingOff()).findFirst();
	}

	List<RoundRuns.Row> measuredClosed() {
		return this.closed.stream().filter(RoundRuns.Row::measured).toList();
	}

	/** Whether a row's appenders, flush and pattern are nominal: a baseline that did not run has none. */
	static boolean nominal(RoundRuns.Row row) {
		return row.config().loggingOff() && !row.measured();
	}

	/** Failed requests summed over the rounds, NaN when no round reported them. */
	static double requestsKo(RoundRuns.Row row) {
		boolean reported = row.runs().stream().anyMatch((run) -> !Double.isNaN(run.requestsKo()));
		return reported ? row.runs().stream().mapToDouble(RunRecord::requestsKo).filter((v) -> !Double.isNaN(v)).sum()
				: Double.NaN;
	}

	/** How many rounds' line checks passed. */
	static int linesOkRounds(RoundRuns.Row row) {
		return (int) row.runs().stream().filter(RunRecord::linesOk).count();
	}

}
