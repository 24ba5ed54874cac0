package io.asynclog.core.report;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.asynclog.core.lane.Lane.StopReport;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shutdown drain's messages, the same on every backend: the timeout as the user wrote
 * it, the exact loss per queue, the estimate for queues that could not be made to skip,
 * and what a remote appender's lane kept or lost.
 */
class DrainReportTests {

	@Test
	void aTimeoutInWholeSecondsIsWrittenInSeconds() {
		assertThat(DrainReport.timedOut(Duration.ofSeconds(10)))
			.isEqualTo("asynclog: asynclog.shutdown-timeout (10s) ran out with log events still queued;"
					+ " asynclog hands them to no appender and counts each");
	}

	@Test
	void anyOtherTimeoutIsWrittenInMilliseconds() {
		assertThat(DrainReport.timedOut(Duration.ofMillis(1500))).contains("asynclog.shutdown-timeout (1500ms) ran out");
		assertThat(DrainReport.timedOut(Duration.ZERO)).contains("asynclog.shutdown-timeout (0s) ran out");
	}

	@Test
	void theLossIsAddedUpAndGivenPerQueue() {
		Map<String, Long> lost = new LinkedHashMap<>();
		lost.put("async-logger", 1200L);
		lost.put("audit", 34L);
		assertThat(DrainReport.lost(lost, Duration.ofSeconds(2)))
			.isEqualTo("asynclog: 1234 log events were lost at shutdown: they were still queued when"
					+ " asynclog.shutdown-timeout (2s) ran out, or reached a queue after, and were written nowhere"
					+ " [async-logger: 1200, audit: 34]");
	}

	@Test
	void anEstimateNamesTheQueuesThatStillHeldEvents() {
		List<LogQueue> queues = List.of(new LogQueue("async-logger", LogQueue.RING_BUFFER, 1024, 24),
				new LogQueue("audit", LogQueue.BLOCKING_QUEUE, 256, 256),
				new LogQueue("main", LogQueue.BLOCKING_QUEUE, 256, 255));
		assertThat(DrainReport.lostAbout(1001, "Logback", queues))
			.isEqualTo("asynclog: about 1001 log events were lost at shutdown: they were still queued when Logback"
					+ " stopped [async-logger, main]");
		assertThat(DrainReport.backlog(queues)).isEqualTo(1000 + 1);
		assertThat(DrainReport.backlog(List.of())).isZero();
	}

	@Test
	void aLaneThatDeliveredEverythingSaysNothing() {
		assertThat(DrainReport.laneStopped(new StopReport("ship", "kafka topic 'logs'", 0, Path.of("spool"), 0, null, false)))
			.isEmpty();
	}

	@Test
	void aLaneSaysWhatItKeptAndWhatItLost() {
		Path spool = Path.of("asynclog-spool/ship");
		assertThat(DrainReport.laneStopped(new StopReport("ship", "kafka topic 'logs'", 12, spool, 3, null, true)))
			.containsExactly("asynclog: appender 'ship' kept 12 records in " + spool.toAbsolutePath()
					+ " for the next start (kafka topic 'logs' did not take them)",
					"asynclog: appender 'ship' lost 3 records at shutdown: kafka topic 'logs' never acknowledged"
							+ " them and they could not be kept (the spool could not write them)",
					"asynclog: appender 'ship' was still closing its client to kafka topic 'logs' at the shutdown"
							+ " deadline");
	}

	@Test
	void withoutASpoolTheLossSaysTheSpoolIsOff() {
		assertThat(DrainReport.laneStopped(new StopReport("otel", "http://collector:4318/v1/logs", 0, null, 5, null, false)))
			.containsExactly("asynclog: appender 'otel' lost 5 records at shutdown: http://collector:4318/v1/logs"
					+ " never acknowledged them and they could not be kept (the spool is off)");
	}

	@Test
	void aLossTheDiskCausedSaysTheDisksAnswer() {
		StopReport stopped = new StopReport("ship", "kafka topic 'logs'", 0, Path.of("spool"), 2,
				"java.nio.file.FileSystemException: spool/-1.seg: Too many open files", false);
		assertThat(DrainReport.laneStopped(stopped)).containsExactly("asynclog: appender 'ship' lost 2 records at"
				+ " shutdown: kafka topic 'logs' never acknowledged them and they could not be kept (the spool could"
				+ " not write them: java.nio.file.FileSystemException: spool/-1.seg: Too many open files)");
	}

}
