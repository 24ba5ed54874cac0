package io.asynclog.loadtests.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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

	/**
	 * Starts reading on a daemon thread, until the stream ends.
	 * @param in the app's standard output
	 * @param file where what is read is appended
	 * @param bytesPerSecond how fast to read
	 */
	static void start(InputStream in, Path file, int bytesPerSecond) {
		Thread thread = new Thread(new ThrottledReader(in, file, bytesPerSecond), "slow-sink-reader");
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public void run() {
		byte[] buffer = new byte[CHUNK];
		long nanosPerChunk = 1_000_000_000L * CHUNK / this.bytesPerSecond;
		long next = System.nanoTime();
		try (InputStream input = this.in;
				OutputStream out = Files.newOutputStream(this.file, StandardOpenOption.CREATE,
						StandardOpenOption.APPEND)) {
			int read;
			while ((read = input.read(buffer)) >= 0) {
				out.write(buffer, 0, read);
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
			// The app exited and closed the pipe: nothing left to read.
			if (!ex.getMessage().contains("Stream closed")) {
				throw new UncheckedIOException(ex);
			}
		}
	}

}
