package io.asynclog.loadtests.http.report;

/**
 * A row of the closed-model table: a configuration's figures and its ratios. Ratios that cannot
 * be computed are {@link Double#NaN}.
 *
 * @param summary the configuration's figures
 * @param tpsVsSync median TPS divided by that of sync with the same appenders, flush and pattern
 * @param tpsVsLoggingOff median TPS divided by that of logging-off
 * @param p99VsLoggingOff median p99 divided by that of logging-off
 * @author asynclog
 */
public record ComparisonRow(ConfigSummary summary, double tpsVsSync, double tpsVsLoggingOff,
		double p99VsLoggingOff) {

	public String config() {
		return this.summary.config();
	}

}
