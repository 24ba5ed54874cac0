package io.asynclog.loadtests.http.report;

import java.util.List;
import java.util.Map;

import io.asynclog.loadtests.http.ComparisonMatrix;
import io.asynclog.loadtests.http.RunConfig;
import io.asynclog.loadtests.report.Stats;

/**
 * The busy-core matrix's run table: each configuration's twin is sync with the same sink,
 * placement and lines, and the page's figures come first from CPU per request.
 *
 * @author asynclog
 */
final class BusyCoreRuns {

	/** The twin every ratio of the busy-core pages divides by. */
	static final String SYNC = "sync";

	private BusyCoreRuns() {
	}

	static RoundRuns of(List<RunRecord> records) {
		return RoundRuns.of(records, (config) -> Map.of(SYNC, syncTwinId(config)));
	}

	/**
	 * The sync configuration with the same sink, placement and lines: what the ratio divides by.
	 * A ring size, a wait strategy or the meters switch has no sync counterpart and is left out; Log4j2's
	 * thread-locals off has one, sync with them off.
	 */
	static String syncTwinId(RunConfig config) {
		String options = config.id()
			.substring(config.baseId().length())
			.replaceAll("/ring=\\d+", "")
			.replaceAll("/wait=[a-z-]+", "")
			.replace("/meters=off", "");
		if (config.loggingOff()) {
			return (config.bootConsole() ? ComparisonMatrix.BOOT_CONSOLE_BASE : ComparisonMatrix.NO_FLUSH_FILE_BASE)
				.formatted("sync") + options;
		}
		return "sync" + config.baseId().substring(config.baseId().indexOf('/')) + options;
	}

	/** CPU µs per request of all the app's threads, median and min–max over the rounds. */
	static Stats cpuUs(RoundRuns.Row row) {
		return row.over(BusyCoreRuns::cpuPerRequestUs);
	}

	/** CPU per request over sync's, round by round. */
	static Stats cpuToSync(RoundRuns.Row row) {
		return row.ratioTo(SYNC, BusyCoreRuns::cpuPerRequestUs);
	}

	/** TPS over sync's, round by round. */
	static Stats tpsToSync(RoundRuns.Row row) {
		return row.ratioTo(SYNC, RunRecord::tps);
	}

	/** KiB the app allocated per request, median over the rounds. */
	static double allocKb(RoundRuns.Row row) {
		return row.over((run) -> RoundRuns.perRequest(run, run.allocBytes()) / 1024).median();
	}

	/**
	 * CPU µs per request of the whole app: the process's CPU over the window, every thread
	 * counted, those that ended during it included.
	 */
	static double cpuPerRequestUs(RunRecord run) {
		return RoundRuns.perRequest(run, run.appCpuPct() / 100 * run.durationS()) * 1e6;
	}

	/** Request lines out of order, percent of the run's request lines; NaN for a run without lines. */
	static double outOfOrderPct(RunRecord run) {
		return (run.linesExpected() > 0) ? 100 * run.outOfOrderLines() / run.linesExpected() : Double.NaN;
	}


}
