package io.asynclog.core.lane;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;

/**
 * Records kept on local disk, in order, while a lane's destination is away or slow: a
 * directory of segment files that one lane thread appends to at the tail and sends from
 * at the head. It survives a restart and a crash of the process: the next start opens the
 * same directory and sends what is left.
 * <p>
 * Each segment file ({@code <number>.seg}, 20 digits, read in ascending order) holds
 * records one after the other: a 4-byte length of the body, a CRC-32C of the timestamp and
 * the body, an 8-byte timestamp, and the body (a 4-byte key length, -1 for no key, the key
 * and the value). A record whose length or checksum does not match, which only the last
 * record of a process killed mid-write can be, is cut off at the next open and counted in
 * {@link #tornAtOpen()}: never sent half.
 * <p>
 * The file {@code position} holds how far the destination acknowledged and how far records
 * were handed to it. Records between the two when the process ended may have reached the
 * destination already: the next start sends them again and counts them in
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

	private static final int HEADER_BYTES = 16;

	private static final String SUFFIX = ".seg";

	private static final String POSITION_FILE = "position";

	private static final String LOCK_FILE = ".lock";

	/**
	 * The first segment's number: segments kept at shutdown for records older than the
	 * whole spool (still waiting in the destination's client) are numbered below it.
	 */
	private static final long FIRST_SEGMENT = 1_000_000_000L;

	/** The directories of the spools open in this process. */
	private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

	private final Path directory;

	private final Path key;

	private final long maxBytes;

	private final FileChannel lockChannel;

	private final FileLock lock;

	private final FileChannel positionChannel;

	private final ByteBuffer positionBuffer = ByteBuffer.allocate(32);

	/** Segment number to its size in bytes (written, buffered included). */
	private final TreeMap<Long, Long> segments = new TreeMap<>();

	private final ByteBuffer writeBuffer = ByteBuffer.allocateDirect(256 * 1024);

	private final CRC32C crc = new CRC32C();

	private FileChannel writeChannel;

	private long writeSegment;

	/** Bytes of the write segment already in its file. */
	private long writtenOffset;

	private int bufferedRecords;

	private FileChannel readChannel;

	private long readChannelSegment = -1;

	private final ByteBuffer readBuffer = ByteBuffer.allocate(256 * 1024);

	private long readBufferStart = -1;

	private long sentSegment;

	private long sentOffset;

	private long ackedSegment;

	private long ackedOffset;

	private volatile long records;

	private volatile long unsent;

	private volatile long bytes;

	private final long tornAtOpen;

	private final long replayedAtOpen;

	private final long keptAtOpen;

	/**
	 * Opens the spool in a directory, creating it if needed, and checks what a previous run
	 * left: a torn last record is cut off and counted.
	 * @param directory the directory, which only this spool may use
	 * @param maxBytes the most the segments may hold together
	 * @throws IOException if the directory cannot be created or written, or another process
	 * holds it
	 */
	public Spool(Path directory, long maxBytes) throws IOException {
		this.directory = directory;
		this.maxBytes = maxBytes;
		Files.createDirectories(directory);
		this.key = directory.toRealPath();
		// Checked before the lock file is opened at all: closing any channel of a file lets
		// go of every lock this process holds on it (POSIX record locks).
		if (!OPEN.add(this.key)) {
			throw new HeldException(directory, true);
		}
		try {
			this.lockChannel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
					StandardOpenOption.WRITE);
			FileLock held = this.lockChannel.tryLock();
			if (held == null) {
				this.lockChannel.close();
				throw new HeldException(directory, false);
			}
			this.lock = held;
		}
		catch (IOException | RuntimeException ex) {
			OPEN.remove(this.key);
			throw ex;
		}
		this.positionChannel = FileChannel.open(directory.resolve(POSITION_FILE), StandardOpenOption.CREATE,
				StandardOpenOption.READ, StandardOpenOption.WRITE);
		try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
			for (Path file : files) {
				String name = file.getFileName().toString();
				try {
					this.segments.put(Long.parseLong(name.substring(0, name.length() - SUFFIX.length())),
							Files.size(file));
				}
				catch (NumberFormatException ex) {
					// Not one of ours.
				}
			}
		}
		long[] position = readPosition();
		long torn = 0;
		long replayed = 0;
		long kept = 0;
		if (this.segments.isEmpty()) {
			this.ackedSegment = FIRST_SEGMENT;
		}
		else {
			// Acknowledged segments were deleted, so the first one left is where sending
			// resumes; the position's offset applies only inside the segment it names.
			this.ackedSegment = this.segments.firstKey();
			this.ackedOffset = (position[0] == this.ackedSegment) ? position[1] : 0;
			long sentUpToSegment = position[2];
			long sentUpToOffset = position[3];
			for (var entry : new ArrayList<>(this.segments.entrySet())) {
				long segment = entry.getKey();
				long start = (segment == this.ackedSegment) ? this.ackedOffset : 0;
				Scan scan = scan(segment, start, entry.getValue());
				if (scan.validEnd < entry.getValue()) {
					torn++;
					try (FileChannel channel = FileChannel.open(segmentFile(segment), StandardOpenOption.WRITE)) {
						channel.truncate(scan.validEnd);
					}
					this.segments.put(segment, scan.validEnd);
				}
				kept += scan.records;
				if (segment < sentUpToSegment) {
					replayed += scan.records;
				}
				else if (segment == sentUpToSegment) {
					replayed += scan(segment, start, Math.min(sentUpToOffset, scan.validEnd)).records;
				}
			}
		}
		this.tornAtOpen = torn;
		this.replayedAtOpen = replayed;
		this.keptAtOpen = kept;
		this.records = kept;
		this.unsent = kept;
		this.sentSegment = this.ackedSegment;
		this.sentOffset = this.ackedOffset;
		this.writeSegment = this.segments.isEmpty() ? FIRST_SEGMENT : this.segments.lastKey();
		this.segments.putIfAbsent(this.writeSegment, 0L);
		this.writeChannel = openForAppend(this.writeSegment);
		this.writtenOffset = this.segments.get(this.writeSegment);
		updateBytes();
		writePosition();
	}

	/**
	 * Returns whether a spool of this process has a directory open.
	 * @param directory the directory
	 * @return true if a spool that has not closed holds it
	 */
	public static boolean openInThisProcess(Path directory) {
		try {
			return OPEN.contains(directory.toRealPath());
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * Returns the directory.
	 * @return the directory
	 */
	public Path directory() {
		return this.directory;
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
		return this.tornAtOpen;
	}

	/**
	 * Returns how many records the open found that a previous run had handed to the
	 * destination without hearing its acknowledgement: they are sent again and may arrive
	 * twice.
	 * @return the records
	 */
	public long replayedAtOpen() {
		return this.replayedAtOpen;
	}

	/**
	 * Returns how many records a previous run left.
	 * @return the records
	 */
	public long keptAtOpen() {
		return this.keptAtOpen;
	}

	/**
	 * Appends a record at the tail, in the write buffer until {@link #flush()}.
	 * @param record the record
	 * @return false if the spool is at its maximum size
	 * @throws SpoolWriteException if the disk refused the buffered records while making
	 * room; they are then lost and the exception says how many, this record among them
	 */
	public boolean append(LaneRecord record) throws IOException {
		int length = HEADER_BYTES + 4 + record.size();
		if (this.bytes + this.writeBuffer.position() + length > this.maxBytes) {
			return false;
		}
		long writeOffset = this.writtenOffset + this.writeBuffer.position();
		try {
			if (writeOffset > 0 && writeOffset + length > SEGMENT_BYTES) {
				flush();
				rollSegment();
			}
			if (length > this.writeBuffer.remaining()) {
				flush();
			}
		}
		catch (SpoolWriteException ex) {
			throw new SpoolWriteException(ex.lostRecords() + 1, (IOException) ex.getCause());
		}
		this.records++;
		this.unsent++;
		if (length > this.writeBuffer.capacity()) {
			ByteBuffer large = ByteBuffer.allocate(length);
			encode(record, large);
			large.flip();
			writeFully(large, 1);
			return true;
		}
		encode(record, this.writeBuffer);
		this.bufferedRecords++;
		return true;
	}

	/**
	 * Writes the buffered records to the segment file, where a crash of the process no
	 * longer loses them.
	 * @throws SpoolWriteException if the disk refused; the segment is cut back to its last
	 * whole record and the exception says how many records were lost
	 */
	public void flush() throws IOException {
		if (this.writeBuffer.position() == 0) {
			return;
		}
		this.writeBuffer.flip();
		int count = this.bufferedRecords;
		this.bufferedRecords = 0;
		writeFully(this.writeBuffer, count);
		this.writeBuffer.clear();
	}

	private void writeFully(ByteBuffer buffer, int count) throws IOException {
		long start = this.writtenOffset;
		int length = buffer.remaining();
		try {
			while (buffer.hasRemaining()) {
				this.writeChannel.write(buffer, this.writtenOffset + (length - buffer.remaining()));
			}
		}
		catch (IOException ex) {
			buffer.clear();
			try {
				this.writeChannel.truncate(start);
			}
			catch (IOException truncateFailed) {
				ex.addSuppressed(truncateFailed);
			}
			this.records -= count;
			this.unsent -= count;
			throw new SpoolWriteException(count, ex);
		}
		this.writtenOffset += length;
		this.segments.put(this.writeSegment, this.writtenOffset);
		updateBytes();
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
		int length = 0;
		for (LaneRecord record : older) {
			length += HEADER_BYTES + 4 + record.size();
		}
		ByteBuffer buffer = ByteBuffer.allocate(length);
		for (LaneRecord record : older) {
			encode(record, buffer);
		}
		buffer.flip();
		try (FileChannel channel = FileChannel.open(segmentFile(segment), StandardOpenOption.CREATE_NEW,
				StandardOpenOption.WRITE)) {
			while (buffer.hasRemaining()) {
				channel.write(buffer);
			}
			channel.force(true);
		}
		this.segments.put(segment, (long) length);
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
				&& this.sentSegment != this.writeSegment) {
			Long following = this.segments.higherKey(this.sentSegment);
			if (following == null) {
				return null;
			}
			this.sentSegment = following;
			this.sentOffset = 0;
		}
		if (this.sentSegment == this.writeSegment && this.sentOffset >= this.writtenOffset) {
			// Records still in the write buffer: to the file first.
			flush();
		}
		ByteBuffer header = read(this.sentSegment, this.sentOffset, HEADER_BYTES);
		int bodyLength = header.getInt();
		header.getInt();
		long timestamp = header.getLong();
		ByteBuffer body = read(this.sentSegment, this.sentOffset + HEADER_BYTES, bodyLength);
		int keyLength = body.getInt();
		byte[] key = null;
		if (keyLength >= 0) {
			key = new byte[keyLength];
			body.get(key);
		}
		byte[] value = new byte[bodyLength - 4 - Math.max(0, keyLength)];
		body.get(value);
		this.sentOffset += HEADER_BYTES + bodyLength;
		this.unsent--;
		return new Entry(new LaneRecord(key, value, timestamp), this.sentSegment, this.sentOffset);
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
		while (offset >= this.segments.getOrDefault(segment, 0L)) {
			Long following = this.segments.higherKey(segment);
			if (following == null) {
				return -1;
			}
			segment = following;
			offset = 0;
		}
		if (segment == this.writeSegment && offset >= this.writtenOffset) {
			return this.writeBuffer.getLong(8);
		}
		ByteBuffer header = read(segment, offset, HEADER_BYTES);
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
			boolean wholly = done < this.ackedSegment || (done == this.ackedSegment && done != this.writeSegment
					&& this.ackedOffset >= this.segments.get(done));
			if (!wholly) {
				break;
			}
			if (done == this.readChannelSegment) {
				this.readChannel.close();
				this.readChannel = null;
				this.readChannelSegment = -1;
			}
			Files.deleteIfExists(segmentFile(done));
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
		this.positionBuffer.clear();
		this.positionBuffer.putLong(this.ackedSegment)
			.putLong(this.ackedOffset)
			.putLong(this.sentSegment)
			.putLong(this.sentOffset);
		this.positionBuffer.flip();
		while (this.positionBuffer.hasRemaining()) {
			this.positionChannel.write(this.positionBuffer, this.positionBuffer.position());
		}
	}

	/**
	 * Writes what is buffered, forces the files to the device, records the position and
	 * lets the directory go.
	 */
	@Override
	public void close() throws IOException {
		try {
			flush();
			this.writeChannel.force(true);
			writePosition();
			this.positionChannel.force(true);
		}
		finally {
			this.writeChannel.close();
			if (this.readChannel != null) {
				this.readChannel.close();
			}
			this.positionChannel.close();
			if (this.records == 0 && this.segments.size() == 1 && this.writtenOffset == 0) {
				Files.deleteIfExists(segmentFile(this.writeSegment));
			}
			this.lock.release();
			this.lockChannel.close();
			OPEN.remove(this.key);
		}
	}

	private void rollSegment() throws IOException {
		this.writeChannel.force(true);
		this.writeChannel.close();
		this.writeSegment++;
		this.segments.put(this.writeSegment, 0L);
		this.writeChannel = openForAppend(this.writeSegment);
		this.writtenOffset = 0;
	}

	private void encode(LaneRecord record, ByteBuffer target) {
		int bodyLength = 4 + record.size();
		int start = target.position();
		target.putInt(bodyLength).putInt(0).putLong(record.timestampMillis());
		target.putInt((record.key() != null) ? record.key().length : -1);
		if (record.key() != null) {
			target.put(record.key());
		}
		target.put(record.value());
		this.crc.reset();
		this.crc.update(target.duplicate().position(start + 8).limit(target.position()));
		target.putInt(start + 4, (int) this.crc.getValue());
	}

	private ByteBuffer read(long segment, long offset, int length) throws IOException {
		if (segment == this.readChannelSegment && this.readBufferStart >= 0 && offset >= this.readBufferStart
				&& offset + length <= this.readBufferStart + this.readBuffer.limit()) {
			return this.readBuffer.duplicate()
				.position((int) (offset - this.readBufferStart))
				.limit((int) (offset - this.readBufferStart) + length)
				.slice();
		}
		if (segment != this.readChannelSegment) {
			if (this.readChannel != null) {
				this.readChannel.close();
			}
			this.readChannel = FileChannel.open(segmentFile(segment), StandardOpenOption.READ);
			this.readChannelSegment = segment;
		}
		ByteBuffer target = (length <= this.readBuffer.capacity()) ? this.readBuffer : ByteBuffer.allocate(length);
		target.clear();
		long position = offset;
		while (target.position() < length) {
			int read = this.readChannel.read(target, position);
			if (read < 0) {
				throw new IOException("segment " + segmentFile(segment) + " ends before the record at " + offset);
			}
			position += read;
		}
		target.flip();
		if (target == this.readBuffer) {
			this.readBufferStart = offset;
			return this.readBuffer.duplicate().limit(length).slice();
		}
		this.readBufferStart = -1;
		return target;
	}

	private Scan scan(long segment, long start, long size) throws IOException {
		long records = 0;
		long offset = start;
		ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
		try (FileChannel channel = FileChannel.open(segmentFile(segment), StandardOpenOption.READ)) {
			ByteBuffer body = ByteBuffer.allocate(64 * 1024);
			while (offset + HEADER_BYTES <= size) {
				header.clear();
				if (readAt(channel, header, offset) < HEADER_BYTES) {
					break;
				}
				header.flip();
				int bodyLength = header.getInt();
				int checksum = header.getInt();
				if (bodyLength < 4 || offset + HEADER_BYTES + bodyLength > size) {
					break;
				}
				if (body.capacity() < bodyLength) {
					body = ByteBuffer.allocate(bodyLength);
				}
				body.clear().limit(bodyLength);
				if (readAt(channel, body, offset + HEADER_BYTES) < bodyLength) {
					break;
				}
				body.flip();
				this.crc.reset();
				this.crc.update(header.position(8).limit(HEADER_BYTES));
				this.crc.update(body);
				if ((int) this.crc.getValue() != checksum) {
					break;
				}
				records++;
				offset += HEADER_BYTES + bodyLength;
			}
		}
		return new Scan(records, offset);
	}

	private static int readAt(FileChannel channel, ByteBuffer target, long position) throws IOException {
		int total = 0;
		while (target.hasRemaining()) {
			int read = channel.read(target, position + total);
			if (read < 0) {
				break;
			}
			total += read;
		}
		return total;
	}

	private long[] readPosition() throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(32);
		if (readAt(this.positionChannel, buffer, 0) < 32) {
			return new long[] { -1, 0, -1, 0 };
		}
		buffer.flip();
		return new long[] { buffer.getLong(), buffer.getLong(), buffer.getLong(), buffer.getLong() };
	}

	private void updateBytes() {
		long total = 0;
		for (long size : this.segments.values()) {
			total += size;
		}
		this.bytes = total;
	}

	private FileChannel openForAppend(long segment) throws IOException {
		return FileChannel.open(segmentFile(segment), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
	}

	private Path segmentFile(long segment) {
		return this.directory.resolve(String.format("%020d", segment) + SUFFIX);
	}

	private record Scan(long records, long validEnd) {
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
