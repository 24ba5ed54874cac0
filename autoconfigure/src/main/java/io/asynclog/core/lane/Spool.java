package io.asynclog.core.lane;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;

/**
 * Records kept on local disk, in order, while a lane's destination is away or slow: segment
 * files ({@link SpoolFiles}) one lane thread appends to at the tail ({@link SpoolWriter}) and
 * sends from at the head. The next start opens the same directory and sends what is left.
 * <p>
 * A torn last record (a process killed mid-write) is cut off at the next open and counted in
 * {@link #tornAtOpen()}, never sent half. Records handed over without an answer when the
 * process ended are sent again ({@link #replayedAtOpen()}: at-least-once across a crash).
 * <p>
 * {@link #flush()} at the end of each batch makes a record survive {@code kill -9}; the files
 * are forced to the device only when a segment is full and at {@link #close()}. A write the
 * disk refuses cuts the segment back to its last whole record; the lane counts those lost.
 * <p>
 * Not thread-safe: only the lane's thread calls it, except the readings, which any thread may
 * call.
 *
 * @author asynclog
 */
public final class Spool implements Closeable {

	static final long SEGMENT_BYTES = 16L * 1024 * 1024;

	private final SpoolFiles files;

	private final long maxBytes;

	/** Segment number to its size in bytes (written, buffered included). */
	private final TreeMap<Long, Long> segments = new TreeMap<>();

	private final SpoolWriter writer;

	private long sentSegment;

	private long sentOffset;

	private long ackedSegment;

	private long ackedOffset;

	private volatile long records;

	private volatile long unsent;

	private volatile long bytes;

	private final SpoolFiles.Recovered atOpen;

	/**
	 * Opens the spool in a directory, creating it if needed; a torn last record is cut off.
	 * @param directory the directory, which only this spool may use
	 * @param maxBytes the most the segments may hold together
	 * @throws IOException if the directory cannot be created or written, or another process
	 * holds it
	 */
	public Spool(Path directory, long maxBytes) throws IOException {
		this.files = new SpoolFiles(directory);
		this.maxBytes = maxBytes;
		try {
			this.atOpen = this.files.recover(this.segments);
			this.writer = new SpoolWriter(this.files, this.segments, this::updateBytes);
		}
		catch (IOException | RuntimeException ex) {
			this.files.close();
			throw ex;
		}
		this.ackedSegment = this.atOpen.ackedSegment();
		this.ackedOffset = this.atOpen.ackedOffset();
		this.sentSegment = this.ackedSegment;
		this.sentOffset = this.ackedOffset;
		this.records = this.atOpen.kept();
		this.unsent = this.atOpen.kept();
		updateBytes();
		writePosition();
	}

	/** Whether a spool of this process that has not closed holds a directory. */
	public static boolean openInThisProcess(Path directory) {
		return SpoolFiles.openInThisProcess(directory);
	}

	public Path directory() {
		return this.files.directory();
	}

	public long maxBytes() {
		return this.maxBytes;
	}

	/** Records kept and not yet acknowledged by the destination. */
	public long records() {
		return this.records;
	}

	/** Records kept and not yet handed to the destination. */
	public long unsent() {
		return this.unsent;
	}

	/** Bytes the segments take on disk, acknowledged records of the first one included. */
	public long bytes() {
		return this.bytes;
	}

	/** Torn records (a process killed mid-write) the open cut off. */
	public long tornAtOpen() {
		return this.atOpen.torn();
	}

	/** Records a previous run handed over unacknowledged: sent again, they may arrive twice. */
	public long replayedAtOpen() {
		return this.atOpen.replayed();
	}

	/** Records a previous run left. */
	public long keptAtOpen() {
		return this.atOpen.kept();
	}

	/**
	 * Appends a record at the tail, in the write buffer until {@link #flush()}.
	 * @param record the record
	 * @return false if the spool is at its maximum size
	 * @throws SpoolWriteException if the disk refused the buffered records while making
	 * room; they are then lost and the exception says how many, this record among them
	 */
	public boolean append(LaneRecord record) throws IOException {
		int length = SpoolFiles.length(record);
		try {
			if (this.bytes + this.writer.buffered() + length > this.maxBytes) {
				releaseAcknowledged();
				if (this.bytes + this.writer.buffered() + length > this.maxBytes) {
					return false;
				}
			}
			this.writer.makeRoom(length);
		}
		catch (SpoolWriteException ex) {
			lost(ex.lostRecords());
			throw new SpoolWriteException(ex.lostRecords() + 1, (IOException) ex.getCause());
		}
		this.records++;
		this.unsent++;
		try {
			this.writer.add(record, length);
		}
		catch (SpoolWriteException ex) {
			lost(ex.lostRecords());
			throw ex;
		}
		return true;
	}

	/**
	 * Writes the buffered records to the segment file, where a crash of the process no
	 * longer loses them.
	 * @throws SpoolWriteException if the disk refused; it says how many records were lost
	 */
	public void flush() throws IOException {
		try {
			this.writer.flush();
		}
		catch (SpoolWriteException ex) {
			lost(ex.lostRecords());
			throw ex;
		}
	}

	/**
	 * Moves the tail to a new segment when the one it writes to begins with acknowledged
	 * records: they count against the bound until their segment is deleted, which never
	 * happens to the one written to. A bound below a segment's size would else refuse
	 * records for good once that segment reached it.
	 */
	private void releaseAcknowledged() throws IOException {
		long written = this.writer.segment();
		if (this.ackedSegment != written || this.ackedOffset == 0) {
			return;
		}
		this.writer.flush();
		this.writer.roll();
		if (this.ackedOffset >= this.segments.get(written)) {
			this.files.delete(written);
			this.segments.remove(written);
			this.ackedSegment = this.writer.segment();
			this.ackedOffset = 0;
		}
		updateBytes();
	}

	private void lost(int count) {
		this.records -= count;
		this.unsent -= count;
	}

	/**
	 * Keeps records the destination's client held unanswered when it closed, older than all
	 * in the spool, in a segment of their own before the first; the size bound does not apply
	 * to them. The last change before {@link #close()}.
	 * @param older the records, oldest first
	 * @throws IOException if the disk refused
	 */
	public void prepend(List<LaneRecord> older) throws IOException {
		if (older.isEmpty()) {
			return;
		}
		flush();
		long first = this.segments.firstKey();
		long segment = first - 1;
		if (this.ackedSegment != first || this.ackedOffset == 0) {
			this.segments.put(segment, this.files.writeSegment(segment, older));
		}
		else {
			// The position skips acknowledged records in the first segment only: behind the
			// new one, this one would be read from its start again at the next open. Its
			// unacknowledged rest moves into the new segment, after these records.
			if (first == this.writer.segment()) {
				this.writer.roll();
			}
			long firstSize = this.segments.get(first);
			long size = this.files.writeSegment(segment, older, first, this.ackedOffset, firstSize);
			this.segments.put(segment, size);
			if (this.sentSegment == first) {
				this.sentSegment = segment;
				this.sentOffset = size - (firstSize - this.sentOffset);
			}
			this.files.delete(first);
			this.segments.remove(first);
		}
		this.records += older.size();
		this.unsent += older.size();
		// Sending resumes at the new first segment. The position handed over stays after
		// these records: they were handed to the destination too, and the next open counts
		// them as sent again.
		this.ackedSegment = segment;
		this.ackedOffset = 0;
		updateBytes();
	}

	public boolean hasUnsent() {
		return this.unsent > 0;
	}

	/**
	 * Reads the next record not yet handed to the destination, and moves past it.
	 * @return the record and where it ends, or {@code null} if there is none
	 * @throws IOException if the file cannot be read
	 */
	public Entry next() throws IOException {
		if (this.unsent == 0) {
			return null;
		}
		while (this.sentOffset >= this.segments.getOrDefault(this.sentSegment, 0L)
				&& this.sentSegment != this.writer.segment()) {
			Long following = this.segments.higherKey(this.sentSegment);
			if (following == null) {
				return null;
			}
			this.sentSegment = following;
			this.sentOffset = 0;
		}
		if (this.sentSegment == this.writer.segment() && this.sentOffset >= this.writer.writtenOffset()) {
			flush();
		}
		ByteBuffer header = this.files.read(this.sentSegment, this.sentOffset, SpoolFiles.HEADER_BYTES);
		int bodyLength = header.getInt();
		header.getInt();
		long timestamp = header.getLong();
		LaneRecord record = SpoolFiles.decode(timestamp,
				this.files.read(this.sentSegment, this.sentOffset + SpoolFiles.HEADER_BYTES, bodyLength));
		this.sentOffset += SpoolFiles.HEADER_BYTES + bodyLength;
		this.unsent--;
		return new Entry(record, this.sentSegment, this.sentOffset);
	}

	/**
	 * Reads the timestamp of the next record not yet handed to the destination.
	 * @return the timestamp, or -1 if there is none
	 * @throws IOException if the file cannot be read
	 */
	public long nextTimestamp() throws IOException {
		if (this.unsent == 0) {
			return -1;
		}
		long segment = this.sentSegment;
		long offset = this.sentOffset;
		while (offset >= this.segments.getOrDefault(segment, 0L) && segment != this.writer.segment()) {
			Long following = this.segments.higherKey(segment);
			if (following == null) {
				return -1;
			}
			segment = following;
			offset = 0;
		}
		if (segment == this.writer.segment() && offset >= this.writer.writtenOffset()) {
			return this.writer.firstBufferedTimestamp();
		}
		ByteBuffer header = this.files.read(segment, offset, SpoolFiles.HEADER_BYTES);
		return header.getLong(8);
	}

	/**
	 * Marks every record up to a point as acknowledged, and deletes wholly acknowledged segments.
	 * @param segment the segment of the last record acknowledged
	 * @param endOffset where that record ends in it
	 * @param count how many records this acknowledges
	 * @throws IOException if a segment cannot be deleted
	 */
	public void acknowledged(long segment, long endOffset, int count) throws IOException {
		this.ackedSegment = segment;
		this.ackedOffset = endOffset;
		this.records -= count;
		while (true) {
			long done = this.segments.firstKey();
			boolean wholly = done < this.ackedSegment || (done == this.ackedSegment && done != this.writer.segment()
					&& this.ackedOffset >= this.segments.get(done));
			if (!wholly) {
				break;
			}
			this.files.delete(done);
			this.segments.remove(done);
			if (done == this.ackedSegment) {
				this.ackedSegment = this.segments.firstKey();
				this.ackedOffset = 0;
			}
		}
		updateBytes();
	}

	/**
	 * Writes, for the next open, how far records were acknowledged and how far read: the
	 * destination may have those read.
	 * @throws IOException if the file cannot be written
	 */
	public void writePosition() throws IOException {
		this.files.writePosition(this.ackedSegment, this.ackedOffset, this.sentSegment, this.sentOffset);
	}

	@Override
	public void close() throws IOException {
		try {
			flush();
			this.writer.force();
			writePosition();
			this.files.forcePosition();
		}
		finally {
			this.writer.close();
			if (this.records == 0 && this.segments.size() == 1 && this.writer.writtenOffset() == 0) {
				this.files.delete(this.writer.segment());
			}
			this.files.close();
		}
	}

	private void updateBytes() {
		long total = 0;
		for (long size : this.segments.values()) {
			total += size;
		}
		this.bytes = total;
	}

	/**
	 * A record read from the spool, and where it ends, for {@link #acknowledged}.
	 *
	 * @param record the record
	 * @param segment its segment
	 * @param endOffset where it ends in the segment
	 */
	public record Entry(LaneRecord record, long segment, long endOffset) {
	}

	/**
	 * Another spool holds the directory: one in this process that has not closed yet (a
	 * configuration being replaced), or another process.
	 */
	public static final class HeldException extends IOException {

		private final boolean inThisProcess;

		HeldException(Path directory, boolean inThisProcess) {
			super(directory.toAbsolutePath() + " is held by " + (inThisProcess ? "another spool of this application"
					: "another running process; each application needs a spool directory of its own"));
			this.inThisProcess = inThisProcess;
		}

		/** Whether the holder is in this process, and so will let it go when it stops. */
		public boolean inThisProcess() {
			return this.inThisProcess;
		}

	}

	/**
	 * The disk refused a write: the records in it are not in the spool.
	 */
	public static final class SpoolWriteException extends IOException {

		private final int lostRecords;

		SpoolWriteException(int lostRecords, IOException cause) {
			super("the spool could not write " + lostRecords + " records: " + cause.getMessage(), cause);
			this.lostRecords = lostRecords;
		}

		public int lostRecords() {
			return this.lostRecords;
		}

	}

}
