package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.loadtests.http.report.RawCsvReader;
import io.asynclog.loadtests.http.report.RunRecord;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner's raw CSV written by {@link RawRunsCsv} and read back by the report's
 * {@link RawCsvReader}: the busy-core columns survive the trip, in every mode.
 *
 * @author asynclog
 */
class RawRunsCsvRoundTripTests {

	@TempDir
	Path dir;

	@Test
	void theNewColumnsGoThroughTheFileAndBack() throws IOException {
		RawRunsCsv csv = RawRunsCsv.create(this.dir.resolve("raw-runs.csv"));
		csv.append(row("async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096", new QueueReading(3500, 0, 1, 0),
				new LineCheck.Order(40_000, 37, 155, 0), new ProcSampler.ThreadCpu(4.772, 0.5641, 0.8123, 0.2501, 1.3637)));
		// sync has no queue: the old column stays empty, the new one says 0
		csv.append(row("sync/1/no-flush/plain/lines=20", new QueueReading(0, 0, 0, 0),
				new LineCheck.Order(40_000, 0, 0, 0), ProcSampler.ThreadCpu.UNKNOWN));

		assertThat(Files.readAllLines(csv.file()).get(0)).endsWith(
				",out_of_order_lines,max_jump_back_ms,peak_ring_used,cpu_request_s,cpu_logging_bg_s,cpu_other_s,backend,"
						+ "lines_lost,cpu_gc_s,cpu_jit_s,alloc_bytes,threads,pinned_events,pinned_in_asynclog");
		// A Log4j2 id keeps its old form; the backend is a column of its own.
		assertThat(Files.readAllLines(csv.file()).get(1)).startsWith(
				"async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096,").endsWith(",log4j2,0,0.812,0.250,123456789,platform,,");
		List<RunRecord> runs = RawCsvReader.read(csv.file());
		assertThat(runs).hasSize(2);
		RunRecord async = runs.get(0);
		assertThat(async.config()).isEqualTo("async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096");
		assertThat(async.pattern()).isEqualTo("boot");
		assertThat(async.outOfOrderLines()).isEqualTo(37);
		assertThat(async.maxJumpBackMs()).isEqualTo(155);
		assertThat(async.peakRingUsed()).isEqualTo(3500);
		assertThat(async.queuePeak()).isEqualTo(3500);
		assertThat(async.cpuRequestS()).isEqualTo(4.772);
		assertThat(async.cpuLoggingBgS()).isEqualTo(0.564);
		assertThat(async.cpuOtherS()).isEqualTo(1.364);
		assertThat(async.cpuGcS()).isEqualTo(0.812);
		assertThat(async.cpuJitS()).isEqualTo(0.25);
		assertThat(async.allocBytes()).isEqualTo(123_456_789);
		RunRecord sync = runs.get(1);
		assertThat(sync.peakRingUsed()).isZero();
		assertThat(sync.queuePeak()).isNaN();
		assertThat(sync.outOfOrderLines()).isZero();
		assertThat(sync.cpuRequestS()).isNaN();
		assertThat(sync.allocBytes()).isNaN();
	}

	private static RawRunsCsv.Row row(String id, QueueReading queues, LineCheck.Order order,
			ProcSampler.ThreadCpu cpu) {
		GatlingConsole.Summary gatling = new GatlingConsole.Summary(2000, 0, 50, 40, 90, 120, 150, 300, 100);
		ProcSampler.Window window = new ProcSampler.Window(20, 99, 300, 40, 1000, 0, 5e6, 60);
		LineCheck.Result lines = new LineCheck.Result(40_000, 40_000, true, List.of(), List.of());
		double allocated = Double.isNaN(cpu.requestSeconds()) ? Double.NaN : 123_456_789;
		return new RawRunsCsv.Row(RunConfig.parse(id), "closed", 400, 0, 1, gatling, window, lines, queues, order, cpu,
				allocated, PinnedEvents.UNKNOWN);
	}

}
