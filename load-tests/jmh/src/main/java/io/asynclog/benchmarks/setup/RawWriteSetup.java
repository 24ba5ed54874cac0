package io.asynclog.benchmarks.setup;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The physical limit: the message's bytes and a newline written straight into a 256 KB buffered
 * file on the caller's thread, with no logging library at all. Only {@code %m%n} has a raw twin.
 */
final class RawWriteSetup implements LoggingSetup {

	private final SetupOptions options;

	private final OutputStream out;

	private String lastMessage;

	private byte[] lastLine;

	private long written;

	RawWriteSetup(SetupOptions options) {
		if (!"%m%n".equals(options.pattern())) {
			throw new IllegalArgumentException("raw-write only writes '%m%n', not '" + options.pattern() + "'");
		}
		this.options = options;
		try {
			this.out = new BufferedOutputStream(new FileOutputStream(options.file().toFile()), 256 * 1024);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public synchronized void log(String message) {
		// Benchmarks log one constant message: encode it once, as a layout cannot.
		if (message != this.lastMessage) {
			this.lastMessage = message;
			this.lastLine = (message + "\n").getBytes(StandardCharsets.UTF_8);
		}
		try {
			this.out.write(this.lastLine);
			this.written++;
			if (this.options.immediateFlush()) {
				this.out.flush();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public synchronized long delivered() {
		return this.written;
	}

	@Override
	public void awaitDrained(long logged) {
	}

	@Override
	public void verify() {
	}

	@Override
	public synchronized void close() {
		try {
			this.out.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
