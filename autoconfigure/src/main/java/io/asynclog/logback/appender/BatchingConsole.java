package io.asynclog.logback.appender;

import java.io.OutputStream;
import java.io.PrintStream;

import ch.qos.logback.core.ConsoleAppender;

/**
 * The stream of a console appender that writes at the end of each batch instead of every
 * line: Logback's console writes each line to {@code System.out}, whose {@link PrintStream}
 * flushes on every write, so {@code immediateFlush=false} alone still costs one write() per
 * line. It keeps up to {@value #BUFFER_SIZE} bytes, never splits a line, and writes to whatever
 * {@code System.out} is then, so Spring Boot's output capture still sees every line.
 *
 * @author asynclog
 */
public final class BatchingConsole extends OutputStream {

	/** Bytes kept before they are written anyway: Log4j2's console buffer, and the JDK's. */
	static final int BUFFER_SIZE = 8192;

	private final boolean standardError;

	private final byte[] buffer = new byte[BUFFER_SIZE];

	private int count;

	private BatchingConsole(boolean standardError) {
		this.standardError = standardError;
	}

	/** Gives a started console appender that does not flush every line a batching stream. */
	public static void install(ConsoleAppender<?> console) {
		console.setOutputStream(new BatchingConsole("System.err".equalsIgnoreCase(console.getTarget())));
	}

	public static boolean isBatching(ConsoleAppender<?> console) {
		return console.getOutputStream() instanceof BatchingConsole;
	}

	@Override
	public synchronized void write(int b) {
		if (this.count == this.buffer.length) {
			writeBuffered();
		}
		this.buffer[this.count++] = (byte) b;
	}

	@Override
	public synchronized void write(byte[] bytes, int offset, int length) {
		if (length > this.buffer.length - this.count) {
			writeBuffered();
		}
		if (length >= this.buffer.length) {
			PrintStream target = target();
			target.write(bytes, offset, length);
			target.flush();
			return;
		}
		System.arraycopy(bytes, offset, this.buffer, this.count, length);
		this.count += length;
	}

	@Override
	public synchronized void flush() {
		writeBuffered();
	}

	/** Writes what is left; the console itself stays open. */
	@Override
	public void close() {
		flush();
	}

	private void writeBuffered() {
		if (this.count == 0) {
			return;
		}
		PrintStream target = target();
		target.write(this.buffer, 0, this.count);
		target.flush();
		this.count = 0;
	}

	private PrintStream target() {
		return this.standardError ? System.err : System.out;
	}

}
