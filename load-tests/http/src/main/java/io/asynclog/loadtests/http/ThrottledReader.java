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
final class ThrottledReader {

	/** The rate of the slow sink: about 2,400 of the demo's 108-byte lines a second. */
	static final int BYTES_PER_SECOND = 256 * 1024;

	private static final int CHUNK = 4096;

	private ThrottledReader() {
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
		byte[] buffer = new byte[CHUNK];
		long nanosPerChunk = 1_000_000_000L * CHUNK / bytesPerSecond;
		long next = System.nanoTime();
		try (InputStream input = in; OutputStream out = open(file)) {
			// Once the file cannot take more, go on reading without keeping: a reader that stopped
			// would stall the app for good.
			boolean keeping = true;
			int read;
			while ((read = input.read(buffer)) >= 0) {
				try {
					if (keeping) {
						out.write(buffer, 0, read);
					}
				}
				catch (IOException ex) {
					keeping = false;
				}
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
	}

	private static OutputStream open(Path file) {
		try {
			return Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			return OutputStream.nullOutputStream();
		}
	}

}
