package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.TreeMap;

/**
 * The tail of a {@link Spool}: the write buffer, and the segment file it is written to at the
 * end of each batch, a new segment once one holds {@link Spool#SEGMENT_BYTES}. A write the
 * disk refuses cuts the segment back to its last whole record and says how many records it
 * lost ({@link Spool.SpoolWriteException}).
 *
 * @author asynclog
 */
final class SpoolWriter {

	private final SpoolFiles files;

	/** The spool's segments, number to size: the tail updates its own. */
	private final TreeMap<Long, Long> segments;

	/** Told after each write: the spool's size changed. */
	private final Runnable written;

	private final ByteBuffer buffer = ByteBuffer.allocateDirect(256 * 1024);

	private FileChannel channel;

	private long segment;

	/** Bytes of the segment already in its file. */
	private long writtenOffset;

	private int bufferedRecords;

	SpoolWriter(SpoolFiles files, TreeMap<Long, Long> segments, Runnable written) throws IOException {
		this.files = files;
		this.segments = segments;
		this.written = written;
		this.segment = segments.isEmpty() ? SpoolFiles.FIRST_SEGMENT : segments.lastKey();
		segments.putIfAbsent(this.segment, 0L);
		this.channel = files.openForAppend(this.segment);
		this.writtenOffset = segments.get(this.segment);
	}

	long segment() {
		return this.segment;
	}

	/** Bytes of the segment being written already in its file. */
	long writtenOffset() {
		return this.writtenOffset;
	}

	int buffered() {
		return this.buffer.position();
	}

	long firstBufferedTimestamp() {
		return this.buffer.getLong(8);
	}

	/**
	 * Makes room for a record: writes the buffer out when the record does not fit in it, and
	 * starts a new segment when it does not fit in this one.
	 */
	void makeRoom(int length) throws IOException {
		long writeOffset = this.writtenOffset + this.buffer.position();
		if (writeOffset > 0 && writeOffset + length > Spool.SEGMENT_BYTES) {
			flush();
			roll();
		}
		if (length > this.buffer.remaining()) {
			flush();
		}
	}

	/** Adds a record to the buffer; one larger than the buffer is written at once. */
	void add(LaneRecord record, int length) throws IOException {
		if (length > this.buffer.capacity()) {
			ByteBuffer large = ByteBuffer.allocate(length);
			this.files.encode(record, large);
			large.flip();
			writeFully(large, 1);
			return;
		}
		this.files.encode(record, this.buffer);
		this.bufferedRecords++;
	}

	void flush() throws IOException {
		if (this.buffer.position() == 0) {
			return;
		}
		this.buffer.flip();
		int count = this.bufferedRecords;
		this.bufferedRecords = 0;
		writeFully(this.buffer, count);
		this.buffer.clear();
	}

	private void writeFully(ByteBuffer content, int count) throws IOException {
		long start = this.writtenOffset;
		int length = content.remaining();
		try {
			while (content.hasRemaining()) {
				this.channel.write(content, this.writtenOffset + (length - content.remaining()));
			}
		}
		catch (IOException ex) {
			content.clear();
			try {
				this.channel.truncate(start);
			}
			catch (IOException truncateFailed) {
				ex.addSuppressed(truncateFailed);
			}
			throw new Spool.SpoolWriteException(count, ex);
		}
		this.writtenOffset += length;
		this.segments.put(this.segment, this.writtenOffset);
		this.written.run();
	}

	/** Starts the next segment; the buffer must be written out first. */
	void roll() throws IOException {
		this.channel.force(true);
		this.channel.close();
		this.segment++;
		this.segments.put(this.segment, 0L);
		this.channel = this.files.openForAppend(this.segment);
		this.writtenOffset = 0;
	}

	void force() throws IOException {
		this.channel.force(true);
	}

	void close() throws IOException {
		this.channel.close();
	}

}
