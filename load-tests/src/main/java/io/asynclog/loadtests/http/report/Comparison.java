package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.Optional;

/**
 * The aggregated run: the closed-model rows in the study's order and the open-model rows.
 *
 * @param closed one row per configuration, in table order, including expected configurations
 * that were not measured
 * @param open one row per configuration and arrival rate
 * @author asynclog
 */
public record Comparison(List<ComparisonRow> closed, List<OpenSummary> open) {

	/** The measured closed-model figures of {@code config}, if it was run. */
	Optional<ConfigSummary> measured(String config) {
		return this.closed.stream()
			.map(ComparisonRow::summary)
			.filter((s) -> s.config().equals(config) && s.measured())
			.findFirst();
	}

	/** The measured logging-off baseline, if any. */
	Optional<ConfigSummary> loggingOff() {
		return this.closed.stream()
			.map(ComparisonRow::summary)
			.filter((s) -> Aggregator.LOGGING_OFF.equals(s.mode()) && s.measured())
			.findFirst();
	}

	List<ComparisonRow> measuredClosed() {
		return this.closed.stream().filter((row) -> row.summary().measured()).toList();
	}

}
