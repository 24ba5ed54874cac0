package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * A spool directory's files on disk: the segments' names, the record format read back, what
 * the open finds a previous run left (a torn last record cut off, records handed over
 * counted as replays, the acknowledged position), and the lock that keeps the directory to
 * one spool.
 */
class SpoolFilesTests {

	private static final long FIRST = SpoolFiles.FIRST_SEGMENT;

	@TempDir
	Path dir;

	@Test
	void segmentsAreNamedByTheirNumberInTwentyDigitsAndAnEmptyDirectoryStartsAtTheFirst() throws IOException {
		try (SpoolFiles files = new SpoolFiles(this.dir.resolve("new"))) {
			assertThat(files.segmentFile(FIRST).getFileName()).hasToString("00000000001000000000.seg");
			assertThat(files.segmentFile(FIRST - 1).getFileName()).hasToString("00000000000999999999.seg");
			TreeMap<Long, Long> segments = new TreeMap<>();
			assertThat(files.recover(segments)).isEqualTo(new SpoolFiles.Recovered(FIRST, 0, 0, 0, 0));
			assertThat(segments).isEmpty();
			assertThat(files.directory()).isEqualTo(this.dir.resolve("new"));
		}
	}

	@Test
	void recordsWrittenToASegmentReadBackWithTheirKeysValuesAndTimestamps() throws IOException {
		List<LaneRecord> records = List.of(record("key", "value", 1), record(null, "no key", 2),
				record("", "empty key", 3), record("k", "", 4), new LaneRecord(null, new byte[300 * 1024], 5));
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			long size = files.writeSegment(FIRST, records);
			assertThat(size).isEqualTo(records.stream().mapToLong(SpoolFiles::length).sum());
			assertThat(Files.size(files.segmentFile(FIRST))).isEqualTo(size);
			assertThat(SpoolFiles.length(records.get(0))).isEqualTo(SpoolFiles.HEADER_BYTES + 4 + 3 + 5);
			List<LaneRecord> read = readAll(files, FIRST, size);
			assertThat(read).hasSameSizeAs(records);
			for (int i = 0; i < records.size(); i++) {
				assertThat(read.get(i).key()).isEqualTo(records.get(i).key());
				assertThat(read.get(i).value()).isEqualTo(records.get(i).value());
				assertThat(read.get(i).timestampMillis()).isEqualTo(records.get(i).timestampMillis());
			}
			assertThatExceptionOfType(FileAlreadyExistsException.class)
				.as("a segment is written once, never over another")
				.isThrownBy(() -> files.writeSegment(FIRST, records));
		}
	}

	@Test
	void aReadPastTheEndOfASegmentSaysWhere() throws IOException {
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			long size = files.writeSegment(FIRST, List.of(record(null, "only", 1)));
			assertThatIOException().isThrownBy(() -> files.read(FIRST, size, SpoolFiles.HEADER_BYTES))
				.withMessageEndingWith("00000000001000000000.seg ends before the record at " + size);
		}
	}

	@Test
	void aDeletedSegmentIsNeverReadFromWhatWasBufferedOfIt() throws IOException {
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			files.writeSegment(FIRST, List.of(record(null, "gone", 1)));
			assertThat(files.read(FIRST, 0, SpoolFiles.HEADER_BYTES).getLong(8)).isEqualTo(1);
			files.delete(FIRST);
			assertThat(files.segmentFile(FIRST)).doesNotExist();
			assertThatExceptionOfType(NoSuchFileException.class)
				.isThrownBy(() -> files.read(FIRST, 0, SpoolFiles.HEADER_BYTES));
		}
	}

	/**
	 * A process killed mid-write leaves part of its last record: the open cuts the file back
	 * to the end of the last whole record, counts one torn record, and keeps those before it.
	 */
	@Test
	void theOpenCutsATornLastRecordOffAndCountsIt() throws IOException {
		List<LaneRecord> records = List.of(record(null, "one", 1), record(null, "two", 2), record(null, "three", 3));
		long whole = SpoolFiles.length(records.get(0)) + SpoolFiles.length(records.get(1));
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			long size = files.writeSegment(FIRST, records);
			try (FileChannel channel = FileChannel.open(files.segmentFile(FIRST), StandardOpenOption.WRITE)) {
				channel.truncate(size - 2);
			}
		}
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			TreeMap<Long, Long> segments = new TreeMap<>();
			assertThat(files.recover(segments)).isEqualTo(new SpoolFiles.Recovered(FIRST, 0, 1, 0, 2));
			assertThat(segments).containsExactly(Map.entry(FIRST, whole));
			assertThat(Files.size(files.segmentFile(FIRST))).isEqualTo(whole);
			assertThat(readAll(files, FIRST, whole)).extracting((record) -> text(record.value()))
				.containsExactly("one", "two");
		}
	}

	@Test
	void aRecordWhoseLengthOrChecksumDoesNotMatchEndsWhatTheOpenKeeps() throws IOException {
		List<LaneRecord> records = List.of(record(null, "one", 1), record(null, "two", 2));
		int first = SpoolFiles.length(records.get(0));
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			files.writeSegment(FIRST, records);
			files.writeSegment(FIRST + 1, records);
		}
		Path garbled = this.dir.resolve("00000000001000000000.seg");
		byte[] bytes = Files.readAllBytes(garbled);
		// The second record's timestamp, which its checksum covers.
		bytes[first + 8] ^= 0x01;
		Files.write(garbled, bytes);
		Path badLength = this.dir.resolve("00000000001000000001.seg");
		bytes = Files.readAllBytes(badLength);
		ByteBuffer.wrap(bytes).putInt(first, 3);
		Files.write(badLength, bytes);
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			TreeMap<Long, Long> segments = new TreeMap<>();
			SpoolFiles.Recovered recovered = files.recover(segments);
			assertThat(recovered.torn()).isEqualTo(2);
			assertThat(recovered.kept()).isEqualTo(2);
			assertThat(segments).containsExactly(Map.entry(FIRST, (long) first), Map.entry(FIRST + 1, (long) first));
		}
	}

	/**
	 * The position says how far the destination acknowledged and how far records were handed
	 * to it: the open resumes after the acknowledged ones and counts those handed over after
	 * them as replays, across segments.
	 */
	@Test
	void theOpenResumesAfterTheAcknowledgedRecordsAndCountsThoseHandedOverAsReplays() throws IOException {
		List<LaneRecord> records = List.of(record(null, "a", 1), record(null, "b", 2), record(null, "c", 3));
		int one = SpoolFiles.length(records.get(0));
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			files.writeSegment(FIRST, records);
			files.writeSegment(FIRST + 1, records);
			// Acknowledged: the first record; handed over: up to the second segment's first.
			files.writePosition(FIRST, one, FIRST + 1, one);
		}
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			SpoolFiles.Recovered recovered = files.recover(new TreeMap<>());
			assertThat(recovered).isEqualTo(new SpoolFiles.Recovered(FIRST, one, 0, 3, 5));
		}
	}

	@Test
	void anAcknowledgedOffsetInASegmentAlreadyDeletedDoesNotApplyToTheNext() throws IOException {
		List<LaneRecord> records = List.of(record(null, "a", 1), record(null, "b", 2));
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			files.writeSegment(FIRST + 1, records);
			files.writePosition(FIRST, 1234, FIRST, 1234);
		}
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			assertThat(files.recover(new TreeMap<>())).isEqualTo(new SpoolFiles.Recovered(FIRST + 1, 0, 0, 0, 2));
		}
	}

	@Test
	void filesThatAreNotSegmentsAreLeftAlone() throws IOException {
		Files.createDirectories(this.dir);
		Files.writeString(this.dir.resolve("notes.seg"), "not a segment");
		Files.writeString(this.dir.resolve("README"), "not a segment either");
		try (SpoolFiles files = new SpoolFiles(this.dir)) {
			assertThat(files.recover(new TreeMap<>())).isEqualTo(new SpoolFiles.Recovered(FIRST, 0, 0, 0, 0));
		}
		assertThat(this.dir.resolve("notes.seg")).hasContent("not a segment");
	}

	@Test
	void aDirectoryHeldInThisProcessIsRefusedUntilItsHolderCloses() throws IOException {
		SpoolFiles holder = new SpoolFiles(this.dir);
		assertThat(SpoolFiles.openInThisProcess(this.dir)).isTrue();
		assertThatExceptionOfType(Spool.HeldException.class).isThrownBy(() -> new SpoolFiles(this.dir))
			.satisfies((ex) -> assertThat(ex.inThisProcess()).isTrue())
			.withMessageEndingWith(" is held by another spool of this application");
		assertThat(SpoolFiles.openInThisProcess(this.dir)).as("the refusal leaves the holder's claim").isTrue();
		holder.close();
		assertThat(SpoolFiles.openInThisProcess(this.dir)).isFalse();
		new SpoolFiles(this.dir).close();
		assertThat(SpoolFiles.openInThisProcess(this.dir.resolve("never-made"))).isFalse();
	}

	/**
	 * A lock the directory's spool cannot take (here one this JVM holds outside any spool)
	 * fails the open, and leaves the directory free for the next try.
	 */
	@Test
	void anOpenThatCannotLockLetsTheDirectoryGo() throws IOException {
		Files.createDirectories(this.dir);
		try (FileChannel channel = FileChannel.open(this.dir.resolve(".lock"), StandardOpenOption.CREATE,
				StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
			long channelsBefore = openChannelsOn(this.dir.resolve(".lock"));
			assertThatExceptionOfType(OverlappingFileLockException.class).isThrownBy(() -> new SpoolFiles(this.dir));
			assertThat(SpoolFiles.openInThisProcess(this.dir)).isFalse();
			assertThat(openChannelsOn(this.dir.resolve(".lock"))).as("channels left open on the lock file")
				.isEqualTo(channelsBefore);
		}
		new SpoolFiles(this.dir).close();
	}

	/**
	 * An open that fails after the lock (a position file that cannot be opened) lets the
	 * directory go: a spool of the next configuration would otherwise wait for it forever.
	 */
	@Test
	void anOpenThatFailsAfterTheLockLetsTheDirectoryGo() throws IOException {
		Files.createDirectories(this.dir.resolve("position"));
		assertThatIOException().isThrownBy(() -> new SpoolFiles(this.dir));
		assertThat(SpoolFiles.openInThisProcess(this.dir)).isFalse();
		assertThat(openChannelsOn(this.dir.resolve(".lock"))).as("channels left open on the lock file").isZero();
		Files.delete(this.dir.resolve("position"));
		new SpoolFiles(this.dir).close();
	}

	/** The file descriptors of this process open on a file: Linux's /proc. */
	private static long openChannelsOn(Path file) throws IOException {
		Path target = file.toRealPath();
		try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
			return descriptors.filter((descriptor) -> {
				try {
					return Files.readSymbolicLink(descriptor).equals(target);
				}
				catch (IOException ex) {
					// The descriptor of the listing itself, closed by now.
					return false;
				}
			}).count();
		}
	}

	private static List<LaneRecord> readAll(SpoolFiles files, long segment, long size) throws IOException {
		List<LaneRecord> records = new ArrayList<>();
		long offset = 0;
		while (offset < size) {
			ByteBuffer header = files.read(segment, offset, SpoolFiles.HEADER_BYTES);
			int bodyLength = header.getInt();
			header.getInt();
			long timestamp = header.getLong();
			records.add(SpoolFiles.decode(timestamp, files.read(segment, offset + SpoolFiles.HEADER_BYTES, bodyLength)));
			offset += SpoolFiles.HEADER_BYTES + bodyLength;
		}
		return records;
	}

	private static LaneRecord record(String key, String value, long timestamp) {
		return new LaneRecord((key != null) ? key.getBytes(StandardCharsets.UTF_8) : null,
				value.getBytes(StandardCharsets.UTF_8), timestamp);
	}

	private static String text(byte[] bytes) {
		return new String(bytes, StandardCharsets.UTF_8);
	}

}
