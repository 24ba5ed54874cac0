package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/**
 * {@code raw-runs.csv}: one row per run, appended as soon as the run is done so that an
 * interrupted comparison keeps what it measured. Each invocation of the runner starts the file
 * anew.
 *
 * @author asynclog
 */
record RawRunsCsv(Path file) {

	static final String HEADER = "config,mode,appenders,immediate_flush,pattern,model,users,rate,repeat,duration_s,"
			+ "requests_ok,requests_ko,tps,mean_ms,p50_ms,p95_ms,p99_ms,max_ms,app_cpu_pct,app_rss_mb,app_threads,"
			+ "app_write_syscalls_per_s,app_write_bytes_per_s,app_wchar_bytes_per_s,gatling_cpu_pct,lines_expected,"
			+ "lines_found,lines_ok,queue_peak,queue_dropped,p999_ms,out_of_order_lines,max_jump_back_ms,peak_ring_used,"
			+ "cpu_request_s,cpu_logging_bg_s,cpu_other_s,backend,lines_lost,cpu_gc_s,cpu_jit_s,alloc_bytes,"
			+ "threads,pinned_events,pinned_in_asynclog";

	/**
	 * One run's row: users for the closed model, rate for the open one; the app's figures over the
	 * load window; the queues as the endpoint gave them at the end of the run.
	 */
	record Row(RunConfig config, String model, int users, int rate, int repeat, GatlingConsole.Summary gatling,
			ProcSampler.Window window, LineCheck.Result lines, QueueReading queues, LineCheck.Order order,
			ProcSampler.ThreadCpu threadCpu, double allocatedBytes, PinnedEvents pinned) {

		double tps() {
			return this.gatling.ok() / this.window.seconds();
		}

		String toCsv() {
			boolean closed = this.model.equals("closed");
			return String.join(",", List.of(this.config.id(), this.config.csvMode(),
					Integer.toString(this.config.appenders()), Boolean.toString(this.config.immediateFlush()),
					this.config.pattern(), this.model, closed ? Integer.toString(this.users) : "",
					closed ? "" : Integer.toString(this.rate), Integer.toString(this.repeat),
					fixed(this.window.seconds(), 3), Long.toString(this.gatling.ok()), Long.toString(this.gatling.ko()),
					fixed(tps(), 1), fixed(this.gatling.meanMs(), 0), fixed(this.gatling.p50Ms(), 0),
					fixed(this.gatling.p95Ms(), 0), fixed(this.gatling.p99Ms(), 0), fixed(this.gatling.maxMs(), 0),
					fixed(this.window.appCpuPct(), 1), fixed(this.window.appRssMb(), 1),
					fixed(this.window.appThreads(), 0), fixed(this.window.writeSyscallsPerSec(), 1),
					fixed(this.window.writeBytesPerSec(), 0), fixed(this.window.wcharPerSec(), 0),
					fixed(this.window.gatlingCpuPct(), 1), Long.toString(this.lines.expected()),
					Long.toString(this.lines.found()), Boolean.toString(this.lines.ok()),
					(this.queues.queues() > 0) ? Long.toString(this.queues.peak()) : "",
					(this.queues.queues() > 0) ? Long.toString(this.queues.dropped()) : "",
					fixed(this.gatling.p999Ms(), 0), Long.toString(this.order.outOfOrder()),
					Long.toString(this.order.maxJumpBackMillis()),
					// Every mode has the column: a mode without a queue used none of it.
					Long.toString(this.queues.peak()), fixed(this.threadCpu.requestSeconds(), 3),
					fixed(this.threadCpu.loggingBackgroundSeconds(), 3), fixed(this.threadCpu.otherSeconds(), 3),
					this.config.backend(), Long.toString(this.lines.lost()), fixed(this.threadCpu.gcSeconds(), 3),
					fixed(this.threadCpu.jitSeconds(), 3), fixed(this.allocatedBytes, 0),
					this.config.virtualThreads() ? "virtual" : "platform", count(this.pinned.events()),
					count(this.pinned.inAsynclog())));
		}

	}

	/** Starts the file with its header (replacing an older one). */
	static RawRunsCsv create(Path file) throws IOException {
		Files.createDirectories(file.getParent());
		Files.writeString(file, HEADER + "\n", StandardCharsets.UTF_8);
		return new RawRunsCsv(file);
	}

	void append(Row row) throws IOException {
		Files.writeString(this.file, row.toCsv() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
	}

	/** A count, or empty when it is unknown (negative). */
	static String count(long value) {
		return (value < 0) ? "" : Long.toString(value);
	}

	/** A number with that many decimals, or empty when it is not a number. */
	static String fixed(double value, int decimals) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return "";
		}
		return String.format(Locale.ROOT, "%." + decimals + "f", value);
	}

}
