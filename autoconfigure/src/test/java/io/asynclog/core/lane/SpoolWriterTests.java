package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The spool's tail on real files: records wait in the write buffer until a flush or until
 * the next does not fit, a record larger than the buffer is written at once, a full
 * segment rolls to the next, the tail resumes where a previous run left its last segment,
 * and a write the disk refuses says how many records it lost.
 */
class SpoolWriterTests {

	private static final long FIRST = SpoolFiles.FIRST_SEGMENT;

	@TempDir
	Path dir;

	private SpoolFiles files;

	private final TreeMap<Long, Long> segments = new TreeMap<>();

	private int written;

	@AfterEach
	void close() throws IOException {
		if (this.files != null) {
			this.files.close();
		}
	}

	@Test
	void anEmptySpoolIsWrittenFromItsFirstSegment() throws IOException {
		SpoolWriter writer = writer();
		assertThat(writer.segment()).isEqualTo(FIRST);
		assertThat(writer.writtenOffset()).isZero();
		assertThat(this.segments).containsExactly(Map.entry(FIRST, 0L));
		assertThat(this.files.segmentFile(FIRST)).isEmptyFile();
		writer.close();
	}

	@Test
	void recordsWaitInTheBufferUntilTheFlushWritesThemAll() throws IOException {
		SpoolWriter writer = writer();
		LaneRecord first = record("first", 11);
		LaneRecord second = record("second", 12);
		add(writer, first);
		add(writer, second);
		int both = SpoolFiles.length(first) + SpoolFiles.length(second);
		assertThat(writer.buffered()).isEqualTo(both);
		assertThat(writer.firstBufferedTimestamp()).isEqualTo(11);
		assertThat(this.files.segmentFile(FIRST)).isEmptyFile();
		assertThat(this.written).isZero();
		writer.flush();
		assertThat(writer.buffered()).isZero();
		assertThat(writer.writtenOffset()).isEqualTo(both);
		assertThat(this.segments).containsExactly(Map.entry(FIRST, (long) both));
		assertThat(this.written).as("told once per write").isEqualTo(1);
		assertThat(values(FIRST)).containsExactly("first", "second");
		writer.flush();
		assertThat(this.written).as("an empty buffer writes nothing").isEqualTo(1);
		writer.close();
	}

	@Test
	void aRecordThatDoesNotFitBehindTheBufferedOnesWritesThemFirst() throws IOException {
		SpoolWriter writer = writer();
		LaneRecord large = new LaneRecord(null, new byte[100 * 1024], 1);
		add(writer, large);
		add(writer, large);
		assertThat(this.files.segmentFile(FIRST)).isEmptyFile();
		writer.makeRoom(SpoolFiles.length(large));
		assertThat(Files.size(this.files.segmentFile(FIRST))).isEqualTo(2L * SpoolFiles.length(large));
		assertThat(writer.buffered()).isZero();
		writer.close();
	}

	@Test
	void aRecordLargerThanTheBufferIsWrittenAtOnceBehindTheBufferedOnes() throws IOException {
		SpoolWriter writer = writer();
		add(writer, record("small", 1));
		LaneRecord huge = new LaneRecord(null, new byte[300 * 1024], 2);
		add(writer, huge);
		assertThat(writer.buffered()).isZero();
		assertThat(writer.writtenOffset()).isEqualTo(SpoolFiles.length(record("small", 1)) + SpoolFiles.length(huge));
		assertThat(this.written).isEqualTo(2);
		assertThat(values(FIRST)).hasSize(2).first().isEqualTo("small");
		writer.close();
	}

	/**
	 * A segment takes records up to {@link Spool#SEGMENT_BYTES}; the record that would pass
	 * it starts the next, and a record larger than a segment still goes into an empty one.
	 */
	@Test
	void aFullSegmentRollsToTheNext() throws IOException {
		SpoolWriter writer = writer();
		LaneRecord nearlyASegment = new LaneRecord(null, new byte[(int) Spool.SEGMENT_BYTES - 1000], 1);
		add(writer, nearlyASegment);
		LaneRecord next = new LaneRecord(null, new byte[2000], 2);
		add(writer, next);
		assertThat(writer.segment()).isEqualTo(FIRST + 1);
		writer.flush();
		assertThat(this.segments).containsExactly(Map.entry(FIRST, (long) SpoolFiles.length(nearlyASegment)),
				Map.entry(FIRST + 1, (long) SpoolFiles.length(next)));
		LaneRecord moreThanASegment = new LaneRecord(null, new byte[(int) Spool.SEGMENT_BYTES + 10], 3);
		add(writer, moreThanASegment);
		assertThat(writer.segment()).isEqualTo(FIRST + 2);
		assertThat(this.segments).containsEntry(FIRST + 2, (long) SpoolFiles.length(moreThanASegment));
		writer.close();
		this.files.close();
		this.files = null;
		// Alone in an empty segment: not one more segment for it.
		try (SpoolFiles fresh = new SpoolFiles(this.dir.resolve("alone"))) {
			TreeMap<Long, Long> alone = new TreeMap<>();
			SpoolWriter first = new SpoolWriter(fresh, alone, () -> {
			});
			first.makeRoom(SpoolFiles.length(moreThanASegment));
			first.add(moreThanASegment, SpoolFiles.length(moreThanASegment));
			assertThat(alone).containsOnlyKeys(FIRST);
			first.close();
		}
	}

	@Test
	void theTailResumesAtTheEndOfTheLastSegmentAPreviousRunLeft() throws IOException {
		this.files = new SpoolFiles(this.dir);
		this.segments.put(FIRST, this.files.writeSegment(FIRST, List.of(record("a", 1))));
		long second = this.files.writeSegment(FIRST + 1, List.of(record("b", 2)));
		this.segments.put(FIRST + 1, second);
		SpoolWriter writer = new SpoolWriter(this.files, this.segments, () -> this.written++);
		assertThat(writer.segment()).isEqualTo(FIRST + 1);
		assertThat(writer.writtenOffset()).isEqualTo(second);
		add(writer, record("c", 3));
		writer.flush();
		assertThat(values(FIRST + 1)).containsExactly("b", "c");
		assertThat(values(FIRST)).containsExactly("a");
		writer.close();
	}

	/**
	 * A disk that refuses the write (the kernel's ENOSPC, from /dev/full behind the segment):
	 * the write's records are lost and counted, the buffer is free for the next ones, and
	 * nothing of it counts as written.
	 */
	@Test
	void aWriteTheDiskRefusesSaysHowManyRecordsItLost() throws IOException {
		Files.createSymbolicLink(this.dir.resolve(String.format("%020d", FIRST) + ".seg"), Path.of("/dev/full"));
		SpoolWriter writer = writer();
		for (int i = 0; i < 3; i++) {
			add(writer, record("lost " + i, i));
		}
		assertThatExceptionOfType(Spool.SpoolWriteException.class).isThrownBy(writer::flush)
			.satisfies((ex) -> assertThat(ex.lostRecords()).isEqualTo(3))
			.withMessageStartingWith("the spool could not write 3 records: No space left on device");
		assertThat(writer.buffered()).isZero();
		assertThat(writer.writtenOffset()).isZero();
		assertThat(this.segments).containsExactly(Map.entry(FIRST, 0L));
		assertThat(this.written).isZero();
		add(writer, record("next", 4));
		assertThatExceptionOfType(Spool.SpoolWriteException.class).isThrownBy(writer::flush)
			.satisfies((ex) -> assertThat(ex.lostRecords()).as("only the records of that write").isEqualTo(1));
		writer.close();
	}

	private SpoolWriter writer() throws IOException {
		this.files = new SpoolFiles(this.dir);
		return new SpoolWriter(this.files, this.segments, () -> this.written++);
	}

	/** As the spool adds: room first, then the record. */
	private static void add(SpoolWriter writer, LaneRecord record) throws IOException {
		int length = SpoolFiles.length(record);
		writer.makeRoom(length);
		writer.add(record, length);
	}

	private List<String> values(long segment) throws IOException {
		ByteBuffer content = ByteBuffer.wrap(Files.readAllBytes(this.files.segmentFile(segment)));
		List<String> values = new ArrayList<>();
		while (content.hasRemaining()) {
			int bodyLength = content.getInt();
			content.getInt();
			long timestamp = content.getLong();
			ByteBuffer body = content.slice().limit(bodyLength);
			values.add(new String(SpoolFiles.decode(timestamp, body).value(), StandardCharsets.UTF_8));
			content.position(content.position() + bodyLength);
		}
		return values;
	}

	private static LaneRecord record(String value, long timestamp) {
		return new LaneRecord(null, value.getBytes(StandardCharsets.UTF_8), timestamp);
	}

}
