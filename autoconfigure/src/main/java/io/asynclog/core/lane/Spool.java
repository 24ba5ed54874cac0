package io.asynclog.core.lane;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;

/**
 * Records kept on local disk, in order, while a lane's destination is away or slow: a
 * directory of segment files that one lane thread appends to at the tail and sends from
 * at the head. It survives a restart and a crash of the process: the next start opens the
 * same directory and sends what is left.
 * <p>
 * Each segment file ({@code <number>.seg}, 20 digits, read in ascending order) holds
 * records one after the other, each with its length and checksum ({@link SpoolFiles}). A
 * record whose length or checksum does not match, which only the last record of a process
 * killed mid-write can be, is cut off at the next open and counted in {@link #tornAtOpen()}:
 * never sent half. The tail is written by a {@link SpoolWriter}.
 * <p>
 * Records handed to the destination without an answer when the process ended may have
 * reached it already: the next start sends them again and counts them in
 * {@link #replayedAtOpen()} (at-least-once across a crash). A segment is deleted once every
 * record in it was acknowledged.
 * <p>
 * Writes go to the operating system at the end of each batch ({@link #flush()}), so a
 * record in the spool survives {@code kill -9}; the files are forced to the device
 * ({@code fsync}) when a segment is full and at {@link #close()}, so a crash of the machine
 * may lose what was written since. A write the disk refuses (a full disk) cuts the segment
 * back to its last whole record; those records are dropped and counted by the lane.
 * <p>
 * Not thread-safe: only the lane's thread calls it, except the readings ({@link #records()},
 * {@link #bytes()}), which any thread may call.
 *
 * @author asynclog
 */
public final class Spool implements Closeable {

	/** Where a segment is closed and the next begins. */
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

	/** What the open found a previous run left. */
	private final SpoolFiles.Recovered atOpen;

	/**
	 * Opens the spool in a directory, creating it if needed, and checks what a previous run
	 * left: a torn last record is cut off and counted.
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

	/**
	 * Returns whether a spool of this process has a directory open.
	 * @param directory the directory
	 * @return true if a spool that has not closed holds it
	 */
	public static boolean openInThisProcess(Path directory) {
		return SpoolFiles.openInThisProcess(directory);
	}

	/**
	 * Returns the directory.
	 * @return the directory
	 */
	public Path directory() {
		return this.files.directory();
	}

	/**
	 * Returns the most the spool may hold.
	 * @return the bytes
	 */
	public long maxBytes() {
		return this.maxBytes;
	}

	/**
	 * Returns the records kept and not yet acknowledged by the destination.
	 * @return the records
	 */
	public long records() {
		return this.records;
	}

	/**
	 * Returns the records kept and not yet handed to the destination.
	 * @return the records
	 */
	public long unsent() {
		return this.unsent;
	}

	/**
	 * Returns the bytes the segments take on disk, acknowledged records of the first one
	 * included until it is deleted.
	 * @return the bytes
	 */
	public long bytes() {
		return this.bytes;
	}

	/**
	 * Returns how many torn records (a process killed mid-write) the open cut off.
	 * @return the records
	 */
	public long tornAtOpen() {
		return this.atOpen.torn();
	}

	/**
	 * Returns how many records the open found that a previous run had handed to the
	 * destination without hearing its acknowledgement: they are sent again and may arrive
	 * twice.
	 * @return the records
	 */
	public long replayedAtOpen() {
		return this.atOpen.replayed();
	}

	/**
	 * Returns how many records a previous run left.
	 * @return the records
	 */
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
		if (this.bytes + this.writer.buffered() + length > this.maxBytes) {
			return false;
		}
		try {
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
	 * @throws SpoolWriteException if the disk refused; the segment is cut back to its last
	 * whole record and the exception says how many records were lost
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

	private void lost(int count) {
		this.records -= count;
		this.unsent -= count;
	}

	/**
	 * Keeps records older than everything in the spool ahead of it: those the destination's
	 * client held unanswered when it closed. They go to a segment of their own before the
	 * first one.
	 * @param older the records, oldest first
	 * @throws IOException if the disk refused
	 */
	public void prepend(List<LaneRecord> older) throws IOException {
		if (older.isEmpty()) {
			return;
		}
		flush();
		if (this.records == 0) {
			for (LaneRecord record : older) {
				append(record);
			}
			flush();
			return;
		}
		long segment = this.segments.firstKey() - 1;
		this.segments.put(segment, this.files.writeSegment(segment, older));
		this.records += older.size();
		this.unsent += older.size();
		// Sending resumes at the new first segment. The position handed over stays where
		// it was: these records were handed to the destination too, and the next open
		// counts them as sent again.
		this.ackedSegment = segment;
		this.ackedOffset = 0;
		updateBytes();
	}

	/**
	 * Returns whether records are kept that were not handed to the destination yet.
	 * @return true if {@link #next()} has a record
	 */
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
			// Records still in the write buffer: to the file first.
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
	 * Marks every record up to a point as acknowledged, and deletes the segments that
	 * holds wholly.
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
	 * Writes how far records were acknowledged and handed over, for the next open.
	 * Handed over first counts as far as the records read: the destination may have them.
	 * @throws IOException if the file cannot be written
	 */
	public void writePosition() throws IOException {
		this.files.writePosition(this.ackedSegment, this.ackedOffset, this.sentSegment, this.sentOffset);
	}

	/**
	 * Writes what is buffered, forces the files to the device, records the position and
	 * lets the directory go.
	 */
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
	 * A record read from the spool, and where it ends: what {@link #acknowledged} takes
	 * once the destination has it.
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

		/**
		 * Returns whether the holder is in this process, and so will let it go when it stops.
		 * @return true for a spool of this process
		 */
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

		/**
		 * Returns how many records the refused write held.
		 * @return the records
		 */
		public int lostRecords() {
			return this.lostRecords;
		}

	}

}
