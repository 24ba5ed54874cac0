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
 * The files of a {@link Spool}'s directory: the lock that keeps it to one spool, the segment
 * files and their record format, the position file, and what a previous run left.
 * <p>
 * The file {@code position} holds how far the destination acknowledged and how far records
 * were handed to it. A record is a 4-byte length of the body, a CRC-32C of the timestamp and the body, an
 * 8-byte timestamp, and the body (a 4-byte key length, -1 for no key, the key and the value).
 *
 * @author asynclog
 */
final class SpoolFiles implements Closeable {

	/** The bytes before a record's body: its length, its checksum and its timestamp. */
	static final int HEADER_BYTES = 16;

	/**
	 * The first segment's number: segments kept at shutdown for records older than the
	 * whole spool (still waiting in the destination's client) are numbered below it.
	 */
	static final long FIRST_SEGMENT = 1_000_000_000L;

	private static final String SUFFIX = ".seg";

	private static final String POSITION_FILE = "position";

	private static final String LOCK_FILE = ".lock";

	/**
	 * The directories of the spools open in this process: a second lock on the same file
	 * from this process would not be refused, and closing it would let go of the first.
	 */
	private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

	private final Path directory;

	private final Path key;

	private final FileChannel lockChannel;

	private final FileLock lock;

	private final FileChannel positionChannel;

	private final ByteBuffer positionBuffer = ByteBuffer.allocate(32);

	private final CRC32C crc = new CRC32C();

	private final ByteBuffer readBuffer = ByteBuffer.allocate(256 * 1024);

	private FileChannel readChannel;

	/** The segment {@link #readChannel} reads, if it is open: any number, -1 too. */
	private long readChannelSegment;

	private long readBufferStart = -1;

	/**
	 * Locks a directory, creating it if needed, and opens its position file.
	 * @throws IOException if the directory cannot be used, or another spool holds it
	 * ({@link Spool.HeldException})
	 */
	SpoolFiles(Path directory) throws IOException {
		this.directory = directory;
		Files.createDirectories(directory);
		this.key = directory.toRealPath();
		// Checked before the lock file is opened at all: closing any channel of a file lets
		// go of every lock this process holds on it (POSIX record locks).
		if (!OPEN.add(this.key)) {
			throw new Spool.HeldException(directory, true);
		}
		FileChannel channel = null;
		try {
			channel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
					StandardOpenOption.WRITE);
			FileLock held = channel.tryLock();
			if (held == null) {
				throw new Spool.HeldException(directory, false);
			}
			this.lockChannel = channel;
			this.lock = held;
			this.positionChannel = FileChannel.open(directory.resolve(POSITION_FILE), StandardOpenOption.CREATE,
					StandardOpenOption.READ, StandardOpenOption.WRITE);
		}
		catch (IOException | RuntimeException ex) {
			if (channel != null) {
				// Lets go of the lock too: a failed open must not hold the directory.
				channel.close();
			}
			OPEN.remove(this.key);
			throw ex;
		}
	}

	static boolean openInThisProcess(Path directory) {
		try {
			return OPEN.contains(directory.toRealPath());
		}
		catch (IOException ex) {
			return false;
		}
	}

	Path directory() {
		return this.directory;
	}

	/**
	 * Checks what a previous run left: every segment from where the destination acknowledged,
	 * a torn last record cut off.
	 * @param segments filled with each segment's number and size
	 */
	Recovered recover(TreeMap<Long, Long> segments) throws IOException {
		try (DirectoryStream<Path> files = Files.newDirectoryStream(this.directory, "*" + SUFFIX)) {
			for (Path file : files) {
				String name = file.getFileName().toString();
				try {
					segments.put(Long.parseLong(name.substring(0, name.length() - SUFFIX.length())), Files.size(file));
				}
				catch (NumberFormatException ex) {
					// Not one of ours.
				}
			}
		}
		if (segments.isEmpty()) {
			return new Recovered(FIRST_SEGMENT, 0, 0, 0, 0);
		}
		long[] position = readPosition();
		// Acknowledged segments were deleted, so the first one left is where sending
		// resumes; the position's offset applies only inside the segment it names.
		long ackedSegment = segments.firstKey();
		long ackedOffset = (position[0] == ackedSegment) ? position[1] : 0;
		long sentUpToSegment = position[2];
		long sentUpToOffset = position[3];
		long torn = 0;
		long replayed = 0;
		long kept = 0;
		for (var entry : new ArrayList<>(segments.entrySet())) {
			long segment = entry.getKey();
			long start = (segment == ackedSegment) ? ackedOffset : 0;
			Scan scan = scan(segment, start, entry.getValue());
			if (scan.validEnd < entry.getValue()) {
				torn++;
				try (FileChannel channel = FileChannel.open(segmentFile(segment), StandardOpenOption.WRITE)) {
					channel.truncate(scan.validEnd);
				}
				segments.put(segment, scan.validEnd);
			}
			kept += scan.records;
			if (segment < sentUpToSegment) {
				replayed += scan.records;
			}
			else if (segment == sentUpToSegment) {
				replayed += scan(segment, start, Math.min(sentUpToOffset, scan.validEnd)).records;
			}
		}
		return new Recovered(ackedSegment, ackedOffset, torn, replayed, kept);
	}

	void writePosition(long ackedSegment, long ackedOffset, long sentSegment, long sentOffset) throws IOException {
		this.positionBuffer.clear();
		this.positionBuffer.putLong(ackedSegment).putLong(ackedOffset).putLong(sentSegment).putLong(sentOffset);
		this.positionBuffer.flip();
		while (this.positionBuffer.hasRemaining()) {
			this.positionChannel.write(this.positionBuffer, this.positionBuffer.position());
		}
	}

	void forcePosition() throws IOException {
		this.positionChannel.force(true);
	}

	/** The bytes a record takes in a segment file, header included. */
	static int length(LaneRecord record) {
		return HEADER_BYTES + 4 + record.size();
	}

	void encode(LaneRecord record, ByteBuffer target) {
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

	static LaneRecord decode(long timestamp, ByteBuffer body) {
		int bodyLength = body.remaining();
		int keyLength = body.getInt();
		byte[] key = null;
		if (keyLength >= 0) {
			key = new byte[keyLength];
			body.get(key);
		}
		byte[] value = new byte[bodyLength - 4 - Math.max(0, keyLength)];
		body.get(value);
		return new LaneRecord(key, value, timestamp);
	}

	/**
	 * Reads bytes of a segment, through a buffer that serves the reads that follow in it.
	 * @return the bytes, valid until the next read
	 */
	ByteBuffer read(long segment, long offset, int length) throws IOException {
		if (this.readChannel != null && segment == this.readChannelSegment && this.readBufferStart >= 0
				&& offset >= this.readBufferStart
				&& offset + length <= this.readBufferStart + this.readBuffer.limit()) {
			return this.readBuffer.duplicate()
				.position((int) (offset - this.readBufferStart))
				.limit((int) (offset - this.readBufferStart) + length)
				.slice();
		}
		if (this.readChannel == null || segment != this.readChannelSegment) {
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

	/**
	 * Writes a whole new segment of records at once, forced to the device.
	 * @return the segment's size
	 */
	long writeSegment(long segment, List<LaneRecord> records) throws IOException {
		return writeSegment(segment, records, null, 0, 0);
	}

	/**
	 * Writes a whole new segment at once, forced to the device: records, then the bytes of
	 * another segment from one offset to another.
	 * @return the segment's size
	 */
	long writeSegment(long segment, List<LaneRecord> records, long restOf, long from, long to) throws IOException {
		return writeSegment(segment, records, segmentFile(restOf), from, to);
	}

	private long writeSegment(long segment, List<LaneRecord> records, Path restOf, long from, long to)
			throws IOException {
		int length = 0;
		for (LaneRecord record : records) {
			length += length(record);
		}
		ByteBuffer content = ByteBuffer.allocate(length);
		for (LaneRecord record : records) {
			encode(record, content);
		}
		content.flip();
		try (FileChannel channel = FileChannel.open(segmentFile(segment), StandardOpenOption.CREATE_NEW,
				StandardOpenOption.WRITE)) {
			while (content.hasRemaining()) {
				channel.write(content);
			}
			if (restOf != null) {
				try (FileChannel rest = FileChannel.open(restOf, StandardOpenOption.READ)) {
					for (long position = from; position < to;) {
						long moved = rest.transferTo(position, to - position, channel);
						if (moved <= 0) {
							throw new IOException("segment " + restOf + " ends before " + to);
						}
						position += moved;
					}
				}
			}
			channel.force(true);
		}
		return length + (to - from);
	}

	void delete(long segment) throws IOException {
		if (this.readChannel != null && segment == this.readChannelSegment) {
			this.readChannel.close();
			this.readChannel = null;
		}
		Files.deleteIfExists(segmentFile(segment));
	}

	FileChannel openForAppend(long segment) throws IOException {
		return FileChannel.open(segmentFile(segment), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
	}

	Path segmentFile(long segment) {
		return this.directory.resolve(String.format("%020d", segment) + SUFFIX);
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

	@Override
	public void close() throws IOException {
		try {
			if (this.readChannel != null) {
				this.readChannel.close();
			}
			this.positionChannel.close();
		}
		finally {
			this.lock.release();
			this.lockChannel.close();
			OPEN.remove(this.key);
		}
	}

	private record Scan(long records, long validEnd) {
	}

	/**
	 * What a previous run left.
	 *
	 * @param ackedSegment the segment sending resumes in
	 * @param ackedOffset where in it
	 * @param torn torn records cut off
	 * @param replayed records handed over without an answer, sent again
	 * @param kept records left
	 */
	record Recovered(long ackedSegment, long ackedOffset, long torn, long replayed, long kept) {
	}

}
