package io.asynclog.benchmarks.setup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for a setup's background thread, and counting what it wrote.
 */
public final class Waits {

	private static final Duration PATIENCE = Duration.ofSeconds(120);

	private Waits() {
	}

	/** Waits until a condition holds; throws if it does not within two minutes. */
	public static void until(BooleanSupplier condition, String what) {
		long deadline = System.nanoTime() + PATIENCE.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Gave up after " + PATIENCE + " waiting for " + what);
			}
			try {
				Thread.sleep(1);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for " + what, ex);
			}
		}
	}

	private static boolean threadRuns(String part) {
		return Thread.getAllStackTraces().keySet().stream().anyMatch((thread) -> thread.getName().contains(part));
	}

	public static void requireThread(String part, String setup) {
		if (!threadRuns(part)) {
			throw new IllegalStateException(setup + " should run a background thread named *" + part + "*, but none runs");
		}
	}

	public static void forbidThread(String part, String setup) {
		if (threadRuns(part)) {
			throw new IllegalStateException(setup + " should run no thread named *" + part + "*, but one runs");
		}
	}

	/** Counts a file's newline characters. */
	static long lines(Path file) {
		if (!Files.exists(file)) {
			return 0;
		}
		byte[] buffer = new byte[1 << 20];
		long lines = 0;
		try (InputStream in = Files.newInputStream(file)) {
			int read;
			while ((read = in.read(buffer)) > 0) {
				for (int i = 0; i < read; i++) {
					if (buffer[i] == '\n') {
						lines++;
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return lines;
	}

}
