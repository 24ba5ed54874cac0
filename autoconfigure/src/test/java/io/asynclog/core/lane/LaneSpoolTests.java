package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderDrops.Reason;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

/**
 * A lane's spool as the lane's thread drives it, on real files: opened, waited for or given
 * up; records in and out again in order, the one not taken offered again; what the disk or
 * the size refuses dropped and counted; the position and the oldest age after a batch; and
 * what the client held kept ahead at the close.
 */
class LaneSpoolTests {

	private static final long MAX = 64L * 1024 * 1024;

	@TempDir
	Path dir;

	private final List<String> failures = new ArrayList<>();

	@Test
	void withoutADirectoryThereIsNoSpool() {
		LaneSpool spool = new LaneSpool("lane-spool-none", new Lane.Settings(10, 1024, null, 0), this.failures::add);
		assertThat(spool.open(false)).isTrue();
		assertThat(spool.isOpen()).isFalse();
		assertThat(spool.backlog()).isFalse();
		assertThat(spool.records()).isZero();
		assertThat(spool.directory()).isNull();
		assertThat(spool.reading()).isNull();
		assertThat(this.failures).isEmpty();
	}

	@Test
	void theOpenCountsTornRecordsAsDropsAndClearsTheLastFailure() throws IOException {
		try (Spool previous = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 3; i++) {
				previous.append(record("torn " + i, i));
			}
		}
		Path segment = this.dir.resolve(String.format("%020d", SpoolFiles.FIRST_SEGMENT) + ".seg");
		try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE)) {
			channel.truncate(Files.size(segment) - 1);
		}
		String appender = "lane-spool-torn";
		LaneSpool spool = laneSpool(appender, MAX);
		assertThat(spool.open(false)).isTrue();
		assertThat(spool.isOpen()).isTrue();
		assertThat(AppenderDrops.count(appender, Reason.SPOOL_TORN)).isEqualTo(1);
		assertThat(this.failures).containsExactly((String) null);
		assertThat(spool.records()).isEqualTo(2);
		assertThat(spool.directory()).isEqualTo(this.dir);
		assertThat(spool.reading().keptAtStart()).isEqualTo(2);
		spool.close(List.of());
	}

	/**
	 * A spool a configuration being replaced still holds is waited for, so that its records
	 * still leave first; a stopping lane waits for nothing and goes on without one.
	 */
	@Test
	void aSpoolHeldInThisProcessIsWaitedForUnlessTheLaneStops() throws IOException {
		Spool holder = new Spool(this.dir, MAX);
		LaneSpool waiting = laneSpool("lane-spool-held", MAX);
		assertThat(waiting.open(false)).isFalse();
		assertThat(waiting.isOpen()).isFalse();
		assertThat(this.failures).singleElement(as(STRING)).endsWith(" is held by another spool of this application");
		LaneSpool stopping = laneSpool("lane-spool-held-stopping", MAX);
		assertThat(stopping.open(true)).isTrue();
		assertThat(stopping.isOpen()).isFalse();
		holder.close();
		assertThat(waiting.open(false)).isTrue();
		assertThat(waiting.isOpen()).isTrue();
		assertThat(stopping.open(false)).as("given up for good").isTrue();
		assertThat(stopping.isOpen()).isFalse();
		waiting.close(List.of());
	}

	@Test
	void aSpoolThatCannotOpenIsGivenUpAndRecordsGoOnWithoutIt() throws IOException {
		Files.writeString(this.dir.resolve("file"), "not a directory");
		LaneSpool spool = new LaneSpool("lane-spool-broken", new Lane.Settings(10, 1024, this.dir.resolve("file"), MAX),
				this.failures::add);
		assertThat(spool.open(false)).isTrue();
		assertThat(spool.isOpen()).isFalse();
		assertThat(this.failures).singleElement(as(STRING)).startsWith("java.nio.file.FileAlreadyExistsException");
		Files.delete(this.dir.resolve("file"));
		assertThat(spool.open(false)).isTrue();
		assertThat(spool.isOpen()).as("not tried again").isFalse();
		assertThat(this.failures).hasSize(1);
	}

	@Test
	void recordsLeaveInOrderAndOneNotTakenIsOfferedAgain() throws IOException {
		LaneSpool spool = openSpool("lane-spool-order", MAX);
		for (int i = 0; i < 3; i++) {
			spool.append(record("r" + i, i));
		}
		assertThat(spool.backlog()).isTrue();
		assertThat(text(spool.next())).isEqualTo("r0");
		assertThat(text(spool.next())).as("not taken: the same again").isEqualTo("r0");
		spool.taken();
		assertThat(text(spool.next())).isEqualTo("r1");
		spool.taken();
		Spool.Entry last = spool.next();
		assertThat(text(last)).isEqualTo("r2");
		assertThat(spool.backlog()).as("the last one, not taken yet").isTrue();
		spool.taken();
		assertThat(spool.backlog()).isFalse();
		assertThat(spool.next()).isNull();
		assertThat(spool.records()).isEqualTo(3);
		spool.acknowledged(last, 3);
		assertThat(spool.records()).isZero();
		spool.close(List.of());
	}

	@Test
	void aRecordThatFindsTheSpoolFullIsDroppedAndCounted() {
		String appender = "lane-spool-full";
		LaneSpool spool = openSpool(appender, 1000);
		byte[] value = new byte[400];
		for (int i = 0; i < 3; i++) {
			spool.append(new LaneRecord(null, value, i));
		}
		assertThat(spool.records()).isEqualTo(2);
		assertThat(AppenderDrops.count(appender, Reason.SPOOL_FULL)).isEqualTo(1);
		spool.close(List.of());
	}

	/**
	 * A disk that refuses the batch's write (the kernel's ENOSPC, from /dev/full behind the
	 * segment): each of its records is dropped and counted, the failure told; the records
	 * the client held that the close cannot keep are counted as lost.
	 */
	@Test
	void recordsTheDiskRefusesAreDroppedAndCountedAndTheCloseSaysWhatItLost() throws IOException {
		Files.createSymbolicLink(this.dir.resolve(String.format("%020d", SpoolFiles.FIRST_SEGMENT) + ".seg"),
				Path.of("/dev/full"));
		String appender = "lane-spool-refused";
		LaneSpool spool = openSpool(appender, MAX);
		for (int i = 0; i < 3; i++) {
			spool.append(record("r" + i, i));
		}
		spool.afterBatch(List.of());
		assertThat(AppenderDrops.count(appender, Reason.SPOOL_FULL)).isEqualTo(3);
		assertThat(this.failures).last(as(STRING)).contains("could not write 3 records");
		assertThat(spool.records()).isZero();
		// The close keeps what the client held in a new segment: its name taken behind the
		// spool's back makes that write fail too, as a test cannot fill the disk.
		Files.createSymbolicLink(this.dir.resolve(String.format("%020d", SpoolFiles.FIRST_SEGMENT - 1) + ".seg"),
				Path.of("/dev/full"));
		assertThat(spool.close(List.of(record("held 0", 10), record("held 1", 11)))).isEqualTo(2);
		// What the stop's report gives as the reason for the loss.
		assertThat(spool.lastFailure()).isNotNull().isEqualTo(this.failures.get(this.failures.size() - 1));
		assertThat(Spool.openInThisProcess(this.dir)).isFalse();
	}

	/**
	 * Records still in the write buffer at the close, which the disk refuses: each is dropped
	 * and counted as after a batch, and what the client held is still kept, in a segment of
	 * its own, for the next open.
	 */
	@Test
	void recordsTheDiskRefusesAtTheCloseAreCountedAndWhatTheClientHeldIsStillKept() throws IOException {
		Files.createSymbolicLink(this.dir.resolve(String.format("%020d", SpoolFiles.FIRST_SEGMENT) + ".seg"),
				Path.of("/dev/full"));
		String appender = "lane-spool-refused-at-close";
		LaneSpool spool = openSpool(appender, MAX);
		spool.append(record("buffered 0", 0));
		spool.append(record("buffered 1", 1));
		assertThat(spool.close(List.of(record("held 0", 10), record("held 1", 11)))).isZero();
		assertThat(AppenderDrops.count(appender, Reason.SPOOL_FULL)).isEqualTo(2);
		assertThat(this.failures).anySatisfy((failure) -> assertThat(failure).contains("could not write 2 records"));
		assertThat(spool.records()).isEqualTo(2);
		Files.delete(this.dir.resolve(String.format("%020d", SpoolFiles.FIRST_SEGMENT) + ".seg"));
		LaneSpool next = openSpool(appender, MAX);
		List<String> values = new ArrayList<>();
		while (next.backlog()) {
			values.add(text(next.next()));
			next.taken();
		}
		assertThat(values).containsExactly("held 0", "held 1");
		next.close(List.of());
	}

	/**
	 * At the stop, every record of the spool acknowledged and those records filling it to its
	 * bound: what the client held is kept all the same, none lost.
	 */
	@Test
	void whatTheClientHeldIsKeptWhenAcknowledgedRecordsFillTheSpool() throws IOException {
		String appender = "lane-spool-acknowledged-full";
		LaneSpool spool = openSpool(appender, 1024 * 1024);
		byte[] value = new byte[1000];
		long appended = 0;
		while (AppenderDrops.count(appender, Reason.SPOOL_FULL) == 0) {
			spool.append(new LaneRecord(null, value, 0));
			appended++;
		}
		appended--;
		Spool.Entry last = null;
		while (spool.backlog()) {
			last = spool.next();
			spool.taken();
		}
		spool.acknowledged(last, (int) appended);
		assertThat(spool.records()).isZero();
		assertThat(spool.close(List.of(record("held 0", 10), record("held 1", 11)))).isZero();
		assertThat(spool.records()).isEqualTo(2);
		LaneSpool next = openSpool(appender, 1024 * 1024);
		assertThat(next.reading().keptAtStart()).isEqualTo(2);
		assertThat(text(next.next())).isEqualTo("held 0");
		next.close(List.of());
	}

	@Test
	void afterABatchTheRecordsAreInTheFileAndThePositionWritten() throws IOException {
		LaneSpool spool = openSpool("lane-spool-position", MAX);
		for (int i = 0; i < 3; i++) {
			spool.append(record("r" + i, i));
		}
		spool.next();
		spool.taken();
		Spool.Entry second = spool.next();
		spool.taken();
		spool.append(record("r3", 3));
		spool.afterBatch(List.of());
		Path segment = this.dir.resolve(String.format("%020d", SpoolFiles.FIRST_SEGMENT) + ".seg");
		assertThat(Files.size(segment)).as("all four records written")
			.isEqualTo(4L * SpoolFiles.length(record("r0", 0)));
		ByteBuffer position = ByteBuffer.wrap(Files.readAllBytes(this.dir.resolve("position")));
		assertThat(position.getLong(16)).as("handed over up to the segment").isEqualTo(second.segment());
		assertThat(position.getLong(24)).as("and the end of the second record").isEqualTo(second.endOffset());
		spool.close(List.of());
	}

	@Test
	void theOldestAgeIsReadAfterABatchFromTheRecordsInFlightFirst() throws IOException {
		long now = System.currentTimeMillis();
		LaneSpool spool = openSpool("lane-spool-age", MAX);
		assertThat(spool.reading().oldestAge()).isEqualTo(Duration.ZERO);
		spool.append(record("a minute old", now - 60_000));
		spool.append(record("newer", now - 1_000));
		Spool.Entry entry = spool.next();
		spool.taken();
		InFlight fromTheQueue = new InFlight(record("not from the spool", now - 600_000), null);
		spool.afterBatch(List.of(fromTheQueue, new InFlight(entry.record(), entry)));
		Duration age = spool.reading().oldestAge();
		assertThat(age).isGreaterThanOrEqualTo(Duration.ofSeconds(60)).isLessThan(Duration.ofSeconds(600));
		spool.close(List.of());
		// Nothing in flight: the next record the spool sends.
		LaneSpool reopened = openSpool("lane-spool-age", MAX);
		reopened.afterBatch(List.of());
		assertThat(reopened.reading().oldestAge()).isGreaterThanOrEqualTo(Duration.ofSeconds(60));
		reopened.close(List.of());
	}

	/**
	 * At the stop, records the client held unanswered are older than the spool's: the next
	 * open sends them first, and counts them as replays, since the destination may have them.
	 */
	@Test
	void whatTheClientHeldIsKeptAheadOfTheSpoolAndReplayedFirst() throws IOException {
		LaneSpool spool = openSpool("lane-spool-close", MAX);
		spool.append(record("c", 3));
		spool.append(record("d", 4));
		assertThat(spool.close(List.of(record("a", 1), record("b", 2)))).isZero();
		LaneSpool next = openSpool("lane-spool-close", MAX);
		Shipping.Spool reading = next.reading();
		assertThat(reading.keptAtStart()).isEqualTo(4);
		assertThat(reading.replayedAtStart()).isEqualTo(2);
		List<String> values = new ArrayList<>();
		while (next.backlog()) {
			values.add(text(next.next()));
			next.taken();
		}
		assertThat(values).containsExactly("a", "b", "c", "d");
		next.close(List.of());
	}

	private LaneSpool laneSpool(String appender, long maxBytes) {
		return new LaneSpool(appender, new Lane.Settings(10, 1024, this.dir, maxBytes), this.failures::add);
	}

	private LaneSpool openSpool(String appender, long maxBytes) {
		LaneSpool spool = laneSpool(appender, maxBytes);
		assertThat(spool.open(false)).isTrue();
		assertThat(spool.isOpen()).isTrue();
		return spool;
	}

	private static LaneRecord record(String value, long timestamp) {
		return new LaneRecord(null, value.getBytes(StandardCharsets.UTF_8), timestamp);
	}

	private static String text(Spool.Entry entry) {
		return new String(entry.record().value(), StandardCharsets.UTF_8);
	}

}
