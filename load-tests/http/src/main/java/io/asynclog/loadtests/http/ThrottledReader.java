package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.LockSupport;

/**
 * The slow sink: reads the app's standard output at a fixed rate into a file, so that once the
 * pipe's buffer (64 KiB on Linux) is full, every write to the console waits for this reader,
 * as it would for a slow terminal, log shipper or network share.
 *
 * @author asynclog
 */
final class ThrottledReader implements Runnable {

	/** The rate of the slow sink: about 2,400 of the demo's 108-byte lines a second. */
	static final int BYTES_PER_SECOND = 256 * 1024;

	private static final int CHUNK = 4096;

	private final InputStream in;

	private final Path file;

	private final int bytesPerSecond;

	private ThrottledReader(InputStream in, Path file, int bytesPerSecond) {
		this.in = in;
		this.file = file;
		this.bytesPerSecond = bytesPerSecond;
	}

	/** Starts reading on a daemon thread, until the stream ends. */
	static Thread start(InputStream in, Path file, int bytesPerSecond) {
		Thread thread = new Thread(() -> copy(in, file, bytesPerSecond), "slow-sink-reader");
		thread.setDaemon(true);
		thread.start();
		return thread;
	}

	/** Reads at the given rate, on this thread, until the stream ends. */
	static void copy(InputStream in, Path file, int bytesPerSecond) {
		new ThrottledReader(in, file, bytesPerSecond).run();
	}

	@Override
	public void run() {
		byte[] buffer = new byte[CHUNK];
		long nanosPerChunk = 1_000_000_000L * CHUNK / this.bytesPerSecond;
		long next = System.nanoTime();
		OutputStream out = open();
		try (InputStream input = this.in) {
			int read;
			while ((read = input.read(buffer)) >= 0) {
				out = write(out, buffer, read);
				next += nanosPerChunk * read / CHUNK;
				long wait = next - System.nanoTime();
				if (wait > 0) {
					LockSupport.parkNanos(wait);
				}
				else {
					// Behind (the app was quiet): no credit for idle time, or a burst would pass at once.
					next = System.nanoTime();
				}
			}
		}
		catch (IOException ex) {
			// The app exited and the pipe closed: nothing left to read.
		}
		finally {
			close(out);
		}
	}

	private OutputStream open() {
		try {
			return Files.newOutputStream(this.file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			return OutputStream.nullOutputStream();
		}
	}

	/**
	 * Keeps what was read, or, once the file cannot take it, goes on reading without keeping:
	 * a reader that stopped would stall the app for good.
	 */
	private static OutputStream write(OutputStream out, byte[] buffer, int length) {
		try {
			out.write(buffer, 0, length);
			return out;
		}
		catch (IOException ex) {
			close(out);
			return OutputStream.nullOutputStream();
		}
	}

	private static void close(OutputStream out) {
		try {
			out.close();
		}
		catch (IOException ex) {
			// Nothing more to keep.
		}
	}

}
