package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * The spool on real files: order, keys, what survives a close and a crash, a torn last
 * record, replays, the size bound, records kept ahead of the spool, a second holder, and a
 * disk that refuses writes.
 */
class SpoolTests {

	private static final long MAX = 64L * 1024 * 1024;

	@TempDir
	Path dir;

	@Test
	void recordsComeBackInOrderWithTheirKeysAfterAReopen() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 1_000; i++) {
				assertThat(spool.append(record((i % 2 == 0) ? "key" + i : null, "line " + i, i))).isTrue();
			}
			assertThat(spool.records()).isEqualTo(1_000);
			assertThat(spool.unsent()).isEqualTo(1_000);
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.keptAtOpen()).isEqualTo(1_000);
			assertThat(spool.tornAtOpen()).isZero();
			assertThat(spool.replayedAtOpen()).isZero();
			assertThat(spool.nextTimestamp()).isZero();
			for (int i = 0; i < 1_000; i++) {
				LaneRecord record = spool.next().record();
				assertThat(text(record.value())).isEqualTo("line " + i);
				assertThat((record.key() != null) ? text(record.key()) : null).isEqualTo((i % 2 == 0) ? "key" + i : null);
				assertThat(record.timestampMillis()).isEqualTo(i);
			}
			assertThat(spool.next()).isNull();
		}
	}

	@Test
	void recordsAppendedWhileSendingAreReadBehindTheOthers() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			spool.append(record(null, "a", 1));
			assertThat(text(spool.next().record().value())).isEqualTo("a");
			spool.append(record(null, "b", 2));
			spool.append(record(null, "c", 3));
			assertThat(text(spool.next().record().value())).isEqualTo("b");
			assertThat(text(spool.next().record().value())).isEqualTo("c");
			assertThat(spool.hasUnsent()).isFalse();
		}
	}

	@Test
	void theNextTimestampIsReadFromTheWriteBufferWhileTheRecordIsThere() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.nextTimestamp()).isEqualTo(-1);
			spool.append(record(null, "buffered", 7));
			assertThat(spool.nextTimestamp()).isEqualTo(7);
			spool.flush();
			assertThat(spool.nextTimestamp()).isEqualTo(7);
			spool.next();
			spool.append(record(null, "buffered behind a written one", 8));
			assertThat(spool.nextTimestamp()).isEqualTo(8);
		}
	}

	/**
	 * A process killed in the middle of a write leaves part of its last record: the next
	 * open cuts it off and counts it, and sends every whole record before it, never the
	 * half.
	 */
	@Test
	void aTornLastRecordIsCutOffAndCounted() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 10; i++) {
				spool.append(record(null, "line " + i, i));
			}
		}
		Path segment = onlySegment();
		try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE)) {
			channel.truncate(Files.size(segment) - 3);
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.tornAtOpen()).isEqualTo(1);
			assertThat(spool.keptAtOpen()).isEqualTo(9);
			List<String> lines = drain(spool);
			assertThat(lines).hasSize(9).last().isEqualTo("line 8");
			// Records appended after the cut follow the whole ones.
			spool.append(record(null, "after", 20));
			assertThat(text(spool.next().record().value())).isEqualTo("after");
		}
	}

	@Test
	void aRecordWhoseChecksumDoesNotMatchIsNeverSent() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			spool.append(record(null, "whole", 1));
			spool.append(record(null, "garbled", 2));
		}
		Path segment = onlySegment();
		byte[] bytes = Files.readAllBytes(segment);
		bytes[bytes.length - 2] ^= 0x20;
		Files.write(segment, bytes);
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.tornAtOpen()).isEqualTo(1);
			assertThat(drain(spool)).containsExactly("whole");
		}
	}

	/**
	 * Records handed to the destination without an answer when the process ended are sent
	 * again and counted as replays; acknowledged ones are not sent again.
	 */
	@Test
	void recordsSentWithoutAnAnswerAreReplayedAndCounted() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 10; i++) {
				spool.append(record(null, "line " + i, i));
			}
			Spool.Entry fourth = null;
			for (int i = 0; i < 6; i++) {
				Spool.Entry entry = spool.next();
				if (i == 3) {
					fourth = entry;
				}
			}
			spool.acknowledged(fourth.segment(), fourth.endOffset(), 4);
			assertThat(spool.records()).isEqualTo(6);
			spool.writePosition();
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.keptAtOpen()).isEqualTo(6);
			assertThat(spool.replayedAtOpen()).as("sent, not acknowledged").isEqualTo(2);
			assertThat(drain(spool)).first().isEqualTo("line 4");
		}
	}

	@Test
	void acknowledgedSegmentsAreDeleted() throws IOException {
		byte[] large = new byte[1024 * 1024];
		try (Spool spool = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 40; i++) {
				spool.append(new LaneRecord(null, large, i));
			}
			spool.flush();
			assertThat(segments()).hasSizeGreaterThan(2);
			Spool.Entry last = null;
			for (int i = 0; i < 40; i++) {
				last = spool.next();
			}
			spool.acknowledged(last.segment(), last.endOffset(), 40);
			assertThat(spool.records()).isZero();
			assertThat(segments()).hasSize(1);
		}
	}

	@Test
	void aFullSpoolRefusesRecords() throws IOException {
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			byte[] value = new byte[1000];
			int appended = 0;
			while (spool.append(new LaneRecord(null, value, 0))) {
				appended++;
			}
			assertThat(appended).isBetween(1000, 1048);
			assertThat(spool.records()).isEqualTo(appended);
		}
	}

	/**
	 * A spool bound below a segment's size, whose records the destination acknowledged: the
	 * room they took is free again, as often as it fills.
	 */
	@Test
	void aSpoolBoundBelowASegmentTakesRecordsAgainOnceThoseItHeldAreAcknowledged() throws IOException {
		byte[] value = new byte[1000];
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			for (int round = 0; round < 3; round++) {
				int appended = 0;
				while (spool.append(new LaneRecord(null, value, round))) {
					appended++;
				}
				assertThat(appended).as("round %d", round).isBetween(1000, 1048);
				Spool.Entry last = null;
				for (int i = 0; i < appended; i++) {
					last = spool.next();
				}
				spool.acknowledged(last.segment(), last.endOffset(), appended);
				assertThat(spool.records()).isZero();
			}
			assertThat(segments()).hasSizeLessThanOrEqualTo(2);
		}
	}

	/**
	 * Records the destination's client held unanswered at shutdown are older than the
	 * spool's: they are kept ahead of it, and come first after a reopen.
	 */
	@Test
	void recordsKeptAheadComeFirst() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			spool.append(record(null, "c", 3));
			spool.append(record(null, "d", 4));
			spool.prepend(List.of(record(null, "a", 1), record(null, "b", 2)));
			assertThat(spool.records()).isEqualTo(4);
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(drain(spool)).containsExactly("a", "b", "c", "d");
		}
	}

	/**
	 * Records kept ahead of a first segment whose head the destination acknowledged: the next
	 * open reads them, then only the rest of that segment, each once, and counts as replays
	 * only what was handed over without an answer.
	 */
	@Test
	void recordsKeptAheadOfAPartlyAcknowledgedSegmentComeBackOnce() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 5; i++) {
				spool.append(record(null, "s" + i, 10 + i));
			}
			Spool.Entry third = null;
			for (int i = 0; i < 4; i++) {
				Spool.Entry entry = spool.next();
				third = (i == 2) ? entry : third;
			}
			spool.acknowledged(third.segment(), third.endOffset(), 3);
			spool.prepend(List.of(record(null, "u0", 1), record(null, "u1", 2)));
			assertThat(spool.records()).isEqualTo(4);
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.keptAtOpen()).isEqualTo(4);
			assertThat(spool.replayedAtOpen()).as("u0, u1 and s3: handed over, never answered").isEqualTo(3);
			assertThat(drain(spool)).containsExactly("u0", "u1", "s3", "s4");
		}
	}

	/**
	 * Records kept ahead at two stops in a row, the next run having sent and acknowledged part
	 * of the first ones: the third run reads each record left once, in order.
	 */
	@Test
	void recordsKeptAheadAtTwoStopsInARowComeBackInOrderOnce() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			spool.append(record(null, "s0", 10));
			spool.prepend(List.of(record(null, "a0", 1), record(null, "a1", 2)));
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			Spool.Entry first = spool.next();
			assertThat(text(first.record().value())).isEqualTo("a0");
			spool.acknowledged(first.segment(), first.endOffset(), 1);
			spool.append(record(null, "s1", 11));
			spool.prepend(List.of(record(null, "b0", 5)));
			assertThat(spool.records()).isEqualTo(4);
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.keptAtOpen()).isEqualTo(4);
			assertThat(drain(spool)).containsExactly("b0", "a1", "s0", "s1");
		}
	}

	/**
	 * Every record of the spool acknowledged, and those acknowledged records filling it to its
	 * bound: what the client held is kept all the same, not refused as a new record would be.
	 */
	@Test
	void recordsKeptAheadOfASpoolWhoseAcknowledgedRecordsFillItAreKept() throws IOException {
		byte[] value = new byte[1000];
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			int appended = 0;
			while (spool.append(new LaneRecord(null, value, 0))) {
				appended++;
			}
			Spool.Entry last = null;
			for (int i = 0; i < appended; i++) {
				last = spool.next();
			}
			spool.acknowledged(last.segment(), last.endOffset(), appended);
			assertThat(spool.records()).isZero();
			spool.prepend(List.of(record(null, "u0", 1), record(null, "u1", 2)));
			assertThat(spool.records()).isEqualTo(2);
		}
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			assertThat(spool.keptAtOpen()).isEqualTo(2);
			assertThat(drain(spool)).containsExactly("u0", "u1");
		}
	}

	/**
	 * Records kept ahead of a spool at its bound, some of its records still in the write
	 * buffer: all are kept, the bound does not apply to them, and they come first.
	 */
	@Test
	void recordsKeptAheadOfAFullSpoolWithBufferedRecordsAreAllKept() throws IOException {
		byte[] value = new byte[1000];
		int appended = 0;
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			while (spool.append(new LaneRecord(null, value, 0))) {
				appended++;
			}
			spool.prepend(List.of(record(null, "u0", 1)));
			assertThat(spool.records()).isEqualTo(appended + 1);
		}
		try (Spool spool = new Spool(this.dir, 1024 * 1024)) {
			assertThat(spool.keptAtOpen()).isEqualTo(appended + 1);
			List<String> lines = drain(spool);
			assertThat(lines).hasSize(appended + 1).first().isEqualTo("u0");
		}
	}

	/**
	 * The segment number below the first one left was a segment acknowledged and deleted
	 * earlier in the run: the records kept ahead take it without a clash, and come first.
	 */
	@Test
	void recordsKeptAheadTakeTheNumberOfASegmentAcknowledgedEarlier() throws IOException {
		byte[] large = new byte[1024 * 1024];
		try (Spool spool = new Spool(this.dir, MAX)) {
			for (int i = 0; i < 20; i++) {
				spool.append(new LaneRecord(null, large, i));
			}
			spool.append(record(null, "last", 20));
			Spool.Entry entry = spool.next();
			long firstSegment = entry.segment();
			int acknowledged = 0;
			while (entry.segment() == firstSegment) {
				acknowledged++;
				spool.acknowledged(entry.segment(), entry.endOffset(), 1);
				entry = spool.next();
			}
			assertThat(segments()).as("the first deleted").noneMatch((file) -> file.getFileName()
				.toString()
				.equals(String.format("%020d", firstSegment) + ".seg"));
			spool.prepend(List.of(record(null, "u0", 1)));
			assertThat(spool.records()).isEqualTo(21 - acknowledged + 1);
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			List<String> lines = drain(spool);
			assertThat(lines).first().isEqualTo("u0");
			assertThat(lines).last().isEqualTo("last");
			assertThat(spool.keptAtOpen()).isEqualTo(lines.size());
		}
	}

	/**
	 * Segments numbered at zero and below, as records kept ahead at a billion stops would be:
	 * the open finds them and reads them in their order.
	 */
	@Test
	void segmentsNumberedAtZeroAndBelowAreReadInTheirOrder() throws IOException {
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			files.writeSegment(-1, List.of(record(null, "minus one", 1)));
			files.writeSegment(0, List.of(record(null, "zero", 2)));
			files.writeSegment(1, List.of(record(null, "one", 3)));
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(spool.keptAtOpen()).isEqualTo(3);
			assertThat(drain(spool)).containsExactly("minus one", "zero", "one");
			spool.prepend(List.of(record(null, "kept ahead", 0)));
		}
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(drain(spool)).first().isEqualTo("kept ahead");
		}
	}

	@Test
	void aSecondSpoolOnTheSameDirectoryIsRefused() throws IOException {
		try (Spool spool = new Spool(this.dir, MAX)) {
			assertThat(Spool.openInThisProcess(this.dir)).isTrue();
			assertThatExceptionOfType(Spool.HeldException.class).isThrownBy(() -> new Spool(this.dir, MAX))
				.satisfies((ex) -> assertThat(ex.inThisProcess()).isTrue());
		}
		assertThat(Spool.openInThisProcess(this.dir)).isFalse();
		new Spool(this.dir, MAX).close();
	}

	/**
	 * A disk that refuses writes (the kernel's ENOSPC, from /dev/full behind the segment):
	 * the records of the refused write are counted as lost, never half kept.
	 */
	@Test
	void aDiskThatRefusesTheWriteLosesOnlyThoseRecordsAndSaysHowMany() throws IOException {
		Files.createSymbolicLink(this.dir.resolve(String.format("%020d", 1_000_000_000L) + ".seg"),
				Path.of("/dev/full"));
		Spool spool = new Spool(this.dir, MAX);
		spool.append(record(null, "a", 1));
		spool.append(record(null, "b", 2));
		assertThatExceptionOfType(Spool.SpoolWriteException.class).isThrownBy(spool::flush)
			.satisfies((ex) -> assertThat(ex.lostRecords()).isEqualTo(2))
			.withMessageContaining("No space left on device");
		assertThat(spool.records()).isZero();
		assertThat(spool.hasUnsent()).isFalse();
		// A character device refuses fsync; the close still lets the directory go.
		assertThatIOException().isThrownBy(spool::close).withMessage("Invalid argument");
		assertThat(Spool.openInThisProcess(this.dir)).isFalse();
	}

	private List<String> drain(Spool spool) throws IOException {
		List<String> lines = new ArrayList<>();
		Spool.Entry entry;
		while ((entry = spool.next()) != null) {
			lines.add(text(entry.record().value()));
		}
		return lines;
	}

	private Path onlySegment() throws IOException {
		List<Path> segments = segments();
		assertThat(segments).hasSize(1);
		return segments.get(0);
	}

	private List<Path> segments() throws IOException {
		try (Stream<Path> files = Files.list(this.dir)) {
			return files.filter((file) -> file.toString().endsWith(".seg")).sorted().toList();
		}
	}

	private static LaneRecord record(String key, String value, long timestamp) {
		return new LaneRecord((key != null) ? key.getBytes(StandardCharsets.UTF_8) : null,
				value.getBytes(StandardCharsets.UTF_8), timestamp);
	}

	private static String text(byte[] bytes) {
		return new String(bytes, StandardCharsets.UTF_8);
	}

}
