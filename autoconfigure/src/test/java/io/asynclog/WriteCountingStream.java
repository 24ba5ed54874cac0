package io.asynclog;

import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file that counts the {@code write()} calls reaching it: put under a
 * {@link java.io.PrintStream} as {@code System.out}, it shows how many writes a console
 * appender made, since a PrintStream hands each of its own on as one.
 */
public final class WriteCountingStream extends FilterOutputStream {

	private final Path file;

	private final AtomicLong writes = new AtomicLong();

	public WriteCountingStream(Path file) throws IOException {
		super(new FileOutputStream(file.toFile()));
		this.file = file;
	}

	@Override
	public void write(int b) throws IOException {
		this.writes.incrementAndGet();
		this.out.write(b);
	}

	@Override
	public void write(byte[] bytes, int offset, int length) throws IOException {
		this.writes.incrementAndGet();
		this.out.write(bytes, offset, length);
	}

	public long writes() {
		return this.writes.get();
	}

	public Path file() {
		return this.file;
	}

}
