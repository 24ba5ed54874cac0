package io.asynclog.loadtests.http.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.asynclog.loadtests.http.report.Target.Status;
import io.asynclog.loadtests.report.Fmt;
import io.asynclog.loadtests.report.Stats;

/**
 * Evaluates the project's targets against the medians of a {@link Comparison}: async-logger with
 * three appenders at least twice sync's TPS, within 10 % of logging-off's TPS and within 20 % of
 * its p99, and async-logger ahead of async-appender at three and six appenders.
 *
 * @author asynclog
 */
final class Targets {

	static final String ASYNC_LOGGER_3 = Comparison.studyConfig(Comparison.ASYNC_LOGGER, 3);

	static final String SYNC_3 = Comparison.studyConfig(Comparison.SYNC, 3);

	static final double MIN_TPS_VS_SYNC = 2.0;

	static final double MIN_TPS_VS_LOGGING_OFF = 0.9;

	static final double MAX_P99_VS_LOGGING_OFF = 1.2;

	private Targets() {
	}

	static List<Target> evaluate(Comparison comparison) {
		Optional<RoundRuns.Row> asyncLogger = comparison.measured(ASYNC_LOGGER_3);
		Optional<RoundRuns.Row> sync = comparison.measured(SYNC_3);
		Optional<RoundRuns.Row> off = comparison.loggingOff();
		String offName = off.map((row) -> row.config().id()).orElse(Comparison.LOGGING_OFF);
		List<Target> results = new ArrayList<>();
		results.add(atLeast(ASYNC_LOGGER_3 + " TPS \u2265 2.0\u00d7 " + SYNC_3, asyncLogger, ASYNC_LOGGER_3, sync,
				SYNC_3, Metric.TPS, MIN_TPS_VS_SYNC));
		results.add(atLeast(ASYNC_LOGGER_3 + " TPS \u2265 0.9\u00d7 " + offName, asyncLogger, ASYNC_LOGGER_3, off,
				offName, Metric.TPS, MIN_TPS_VS_LOGGING_OFF));
		results.add(atMost(ASYNC_LOGGER_3 + " p99 \u2264 1.2\u00d7 " + offName + " p99", asyncLogger, ASYNC_LOGGER_3,
				off, offName, Metric.P99, MAX_P99_VS_LOGGING_OFF));
		for (int appenders : List.of(3, 6)) {
			String logger = Comparison.studyConfig(Comparison.ASYNC_LOGGER, appenders);
			String appender = Comparison.studyConfig(Comparison.ASYNC_APPENDER, appenders);
			results.add(greater(logger + " TPS > " + appender + " TPS", comparison.measured(logger), logger,
					comparison.measured(appender), appender));
		}
		return results;
	}

	/** Which median a target compares. */
	enum Metric {

		TPS("TPS"), P99("ms p99");

		private final String unit;

		Metric(String unit) {
			this.unit = unit;
		}

		Stats of(RoundRuns.Row row) {
			return row.over((this == TPS) ? RunRecord::tps : RunRecord::p99Ms);
		}

	}

	static Target atLeast(String target, Optional<RoundRuns.Row> subject, String subjectName,
			Optional<RoundRuns.Row> reference, String referenceName, Metric metric, double threshold) {
		return ratioTarget(target, subject, subjectName, reference, referenceName, metric, threshold, true);
	}

	static Target atMost(String target, Optional<RoundRuns.Row> subject, String subjectName,
			Optional<RoundRuns.Row> reference, String referenceName, Metric metric, double threshold) {
		return ratioTarget(target, subject, subjectName, reference, referenceName, metric, threshold, false);
	}

	private static Target ratioTarget(String target, Optional<RoundRuns.Row> subject, String subjectName,
			Optional<RoundRuns.Row> reference, String referenceName, Metric metric, double threshold,
			boolean atLeast) {
		Optional<String> gap = notMeasured(subject, subjectName, reference, referenceName, metric);
		if (gap.isPresent()) {
			return new Target(target, Status.NOT_MEASURED, gap.get(), "");
		}
		Stats a = metric.of(subject.get());
		Stats b = metric.of(reference.get());
		double ratio = Stats.ratio(a.median(), b.median());
		if (Double.isNaN(ratio)) {
			return new Target(target, Status.NOT_MEASURED,
					"cannot divide by " + referenceName + "'s " + Fmt.number(b.median()) + " " + metric.unit, "");
		}
		boolean met = atLeast ? ratio >= threshold : ratio <= threshold;
		String figures = subjectName + " " + Fmt.withSpread(a) + " vs " + referenceName + " " + Fmt.withSpread(b)
				+ " " + metric.unit + ": " + ratio(ratio, threshold) + " (needs " + (atLeast ? "\u2265 " : "\u2264 ")
				+ String.format(Locale.ROOT, "%.2f\u00d7", threshold) + ")"
				+ caveats(subject.get(), reference.get());
		return Target.of(target, met, figures, "");
	}

	static Target greater(String target, Optional<RoundRuns.Row> subject, String subjectName,
			Optional<RoundRuns.Row> reference, String referenceName) {
		Optional<String> gap = notMeasured(subject, subjectName, reference, referenceName, Metric.TPS);
		if (gap.isPresent()) {
			return new Target(target, Status.NOT_MEASURED, gap.get(), "");
		}
		Stats a = Metric.TPS.of(subject.get());
		Stats b = Metric.TPS.of(reference.get());
		boolean met = a.median() > b.median();
		String figures = subjectName + " " + Fmt.withSpread(a) + " vs " + referenceName + " " + Fmt.withSpread(b)
				+ " TPS: " + Fmt.ratio(Stats.ratio(a.median(), b.median()))
				+ ((a.count() > 1 || b.count() > 1) && a.overlaps(b) ? "; the min\u2013max ranges overlap" : "")
				+ caveats(subject.get(), reference.get());
		return Target.of(target, met, figures, "");
	}

	private static Optional<String> notMeasured(Optional<RoundRuns.Row> subject, String subjectName,
			Optional<RoundRuns.Row> reference, String referenceName, Metric metric) {
		List<String> absent = new ArrayList<>();
		if (subject.isEmpty() || !metric.of(subject.get()).measured()) {
			absent.add(subjectName);
		}
		if (reference.isEmpty() || !metric.of(reference.get()).measured()) {
			absent.add(referenceName);
		}
		return absent.isEmpty() ? Optional.empty() : Optional.of("no " + metric.unit + " for " + String.join(" or ", absent));
	}

	/** Lines-check failures of either side, which make the comparison doubtful. */
	private static String caveats(RoundRuns.Row... rows) {
		StringBuilder caveats = new StringBuilder();
		for (RoundRuns.Row row : rows) {
			if (!row.linesOk()) {
				caveats.append("; lines check failed in ")
					.append(row.rounds() - Comparison.linesOkRounds(row))
					.append(" of ")
					.append(row.rounds())
					.append(" repeats of ")
					.append(row.config().id());
			}
		}
		return caveats.toString();
	}

	/** Two decimals, or three when two would round onto the threshold and hide which side it is on. */
	static String ratio(double ratio, double threshold) {
		String two = String.format(Locale.ROOT, "%.2f", ratio);
		String limit = String.format(Locale.ROOT, "%.2f", threshold);
		return (two.equals(limit) && ratio != threshold) ? String.format(Locale.ROOT, "%.3f\u00d7", ratio)
				: two + "\u00d7";
	}

}
