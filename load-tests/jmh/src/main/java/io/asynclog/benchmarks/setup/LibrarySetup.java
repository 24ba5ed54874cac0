package io.asynclog.benchmarks.setup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import org.apache.logging.log4j.core.config.Configuration;

/**
 * What every logging library's setup has: the name it runs under, for its errors, the trial's
 * options, and what reached its sink: the counting appender's count, known once the library is
 * up, or, for a file sink, the lines of the file once the setup is closed.
 */
abstract class LibrarySetup implements LoggingSetup {

	private static final Duration PATIENCE = Duration.ofSeconds(120);

	final String name;

	final SetupOptions options;

	/** The counting sink's count; {@code null} for a file sink. */
	private LongSupplier counter;

	LibrarySetup(String name, SetupOptions options) {
		this.name = name;
		this.options = options;
	}

	/** Counts through the appender named {@code Sink} of a Log4j2 configuration, if it counts. */
	void countLog4jSink(Configuration configuration) {
		this.counter = (configuration.getAppender("Sink") instanceof BenchCountingAppender counting) ? counting::count : null;
	}

	void countLogbackSink(LogbackCountingAppender counting) {
		this.counter = (counting != null) ? counting::count : null;
	}

	@Override
	public long delivered() {
		return (this.counter != null) ? this.counter.getAsLong() : lines(this.options.file());
	}

	/** Waits until a counting sink has seen the events; a file sink cannot tell before it is closed. */
	void awaitCounted(long logged) {
		if (this.counter != null) {
			until(() -> this.counter.getAsLong() >= logged, "to deliver " + logged + " events");
		}
	}

	void require(boolean condition, String what) {
		if (!condition) {
			throw new IllegalStateException(this.name + " should have " + what + ", but does not");
		}
	}

	/** Waits until a condition holds; throws if it does not within two minutes. */
	void until(BooleanSupplier condition, String what) {
		long deadline = System.nanoTime() + PATIENCE.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Gave up after " + PATIENCE + " waiting for " + this.name + " " + what);
			}
			try {
				Thread.sleep(1);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for " + this.name + " " + what, ex);
			}
		}
	}

	void requireThread(String part) {
		if (!threadRuns(part)) {
			throw new IllegalStateException(this.name + " should run a background thread named *" + part + "*, but none runs");
		}
	}

	void forbidThread(String part) {
		if (threadRuns(part)) {
			throw new IllegalStateException(this.name + " should run no thread named *" + part + "*, but one runs");
		}
	}

	private static boolean threadRuns(String part) {
		return Thread.getAllStackTraces().keySet().stream().anyMatch((thread) -> thread.getName().contains(part));
	}

	private static long lines(Path file) {
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
