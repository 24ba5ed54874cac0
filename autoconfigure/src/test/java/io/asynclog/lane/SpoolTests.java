package io.asynclog.lane;

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
