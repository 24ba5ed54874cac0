package io.asynclog.logback.appender;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.Lock;

import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.status.ErrorStatus;
import ch.qos.logback.core.status.InfoStatus;
import ch.qos.logback.core.util.FileUtil;

import io.asynclog.core.count.AppenderErrors;

/**
 * The file stream of asynclog's own file appenders on Logback: buffered, and each write or
 * flush that fails (a full disk) is counted in {@link AppenderErrors} and its bytes discarded,
 * while the next write tries the file again.
 * <p>
 * Logback's own {@code ResilientFileOutputStream} silently skips every write after a failure
 * until a recovery attempt it backs off from for minutes. Here, as on Log4j2, every failed
 * write is one counted error (without {@code immediate-flush}, one per failed flush, which may
 * lose a batch's buffered events), and a status says when a streak starts and ends.
 * <p>
 * Never thrown from: an {@code IOException} reaching Logback's {@code OutputStreamAppender}
 * would stop the appender for good. Not thread-safe: the appender's stream lock guards the
 * writes, and the ring's end-of-batch flush runs on the only thread that writes.
 *
 * @author asynclog
 */
public final class CountedFileStream extends OutputStream {

	/** Log4j2's RandomAccessFile buffer, so both backends behave alike without immediate flush. */
	static final int BUFFER_BYTES = 256 * 1024;

	private final FileAppender<?> appender;

	private final File file;

	private final FileOutputStream out;

	private final AppenderErrors.Failures failures;

	private final byte[] buffer;

	private int buffered;

	/** Failed writes since the last one that reached the file. */
	private long failedInARow;

	private CountedFileStream(FileAppender<?> appender, File file, FileOutputStream out, int bufferSize) {
		this.appender = appender;
		this.file = file;
		this.out = out;
		this.failures = AppenderErrors.forAppender(appender.getName());
		this.buffer = new byte[bufferSize];
	}

	/** Opens an appender's file as Logback's {@code FileAppender.openFile} does, through this stream. */
	static void open(FileAppender<?> appender, Lock streamLock, String fileName) throws IOException {
		File file = new File(fileName);
		streamLock.lock();
		try {
			if (!FileUtil.createMissingParentDirectories(file)) {
				appender.addError("Failed to create parent directories for [" + file.getAbsolutePath() + "]");
			}
			appender.setOutputStream(new CountedFileStream(appender, file,
					new FileOutputStream(file, appender.isAppend()), BUFFER_BYTES));
		}
		finally {
			streamLock.unlock();
		}
	}

	@Override
	public void write(int b) {
		if (this.buffered == this.buffer.length) {
			writeBuffered();
		}
		this.buffer[this.buffered++] = (byte) b;
	}

	@Override
	public void write(byte[] bytes, int offset, int length) {
		if (length > this.buffer.length - this.buffered) {
			writeBuffered();
		}
		if (length >= this.buffer.length) {
			writeToFile(bytes, offset, length);
			return;
		}
		System.arraycopy(bytes, offset, this.buffer, this.buffered, length);
		this.buffered += length;
	}

	@Override
	public void flush() {
		writeBuffered();
	}

	@Override
	public void close() throws IOException {
		try {
			writeBuffered();
		}
		finally {
			this.out.close();
		}
	}

	private void writeBuffered() {
		if (this.buffered > 0) {
			int length = this.buffered;
			// Discarded whether or not the write succeeds: a failed write is counted, not retried.
			this.buffered = 0;
			writeToFile(this.buffer, 0, length);
		}
	}

	private void writeToFile(byte[] bytes, int offset, int length) {
		try {
			this.out.write(bytes, offset, length);
		}
		catch (IOException ex) {
			failed(ex);
			return;
		}
		if (this.failedInARow > 0) {
			this.appender.addStatus(new InfoStatus("asynclog: writing to [" + this.file + "] again, after "
					+ this.failedInARow + " failed writes counted in asynclog.appender.errors", this));
			this.failedInARow = 0;
		}
	}

	private void failed(IOException ex) {
		this.failures.record();
		if (this.failedInARow++ == 0) {
			this.appender.addStatus(new ErrorStatus("asynclog: failed to write to [" + this.file
					+ "]; each failed write is counted in asynclog.appender.errors until one succeeds", this, ex));
		}
	}

}
