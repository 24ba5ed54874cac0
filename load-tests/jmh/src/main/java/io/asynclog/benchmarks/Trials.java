package io.asynclog.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.openjdk.jmh.infra.BenchmarkParams;

import io.asynclog.benchmarks.setup.LoggingSetup;
import io.asynclog.benchmarks.setup.Setups;

/**
 * The end of every trial: stop the setup so that it writes what it still holds, check that each
 * call reached the sink exactly once, record the check, and fail the trial if it did not.
 */
final class Trials {

	private Trials() {
	}

	/**
	 * Where a trial's log file goes: one per fork, under {@code -Dasynclog.bench.dir}.
	 * @return the file
	 */
	static Path logFile() {
		return Path.of(System.getProperty("asynclog.bench.dir", "target/jmh/logs"), "bench-" + ProcessHandle.current().pid() + ".log");
	}

	/**
	 * Closes the setup and checks its deliveries.
	 * @param benchmark the trial's JMH parameters: its method and {@code @Param} values are recorded
	 * @param setupName the setup
	 * @param setup the running setup
	 * @param extra more figures to record with the check
	 */
	static void finish(BenchmarkParams benchmark, String setupName, LoggingSetup setup,
			Map<String, ? extends Number> extra) {
		long logged = Calls.total();
		setup.close();
		long delivered = setup.delivered();
		long expected = Setups.expectedDeliveries(setupName, logged);
		Map<String, Number> values = new LinkedHashMap<>();
		values.put("logged", logged);
		values.put("delivered", delivered);
		values.put("missing", expected - delivered);
		values.putAll(extra);
		Map<String, String> params = new LinkedHashMap<>();
		for (String key : benchmark.getParamsKeys()) {
			params.put(key, benchmark.getParam(key));
		}
		params.put("threads", Integer.toString(benchmark.getThreads()));
		String method = benchmark.getBenchmark();
		SideResults.record(method.substring(method.lastIndexOf('.', method.lastIndexOf('.') - 1) + 1), setupName, params,
				values);
		try {
			Files.deleteIfExists(logFile());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		if (delivered != expected) {
			throw new IllegalStateException(setupName + " delivered " + delivered + " events for " + logged
					+ " calls; expected " + expected);
		}
	}

}
