package io.asynclog.benchmarks.setup;

import java.nio.file.Path;
import java.util.function.LongSupplier;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.config.Configuration;

/**
 * What reached a setup's sink: the counting appender's count, or, for a file sink, the lines of
 * the file once the setup is closed.
 */
final class Deliveries {

	private final String setup;

	private final LongSupplier counter;

	private final Path file;

	private Deliveries(String setup, LongSupplier counter, Path file) {
		this.setup = setup;
		this.counter = counter;
		this.file = file;
	}

	/** The deliveries of a Log4j2 configuration whose sink is the appender named {@code Sink}. */
	static Deliveries ofLog4j(String setup, Configuration configuration, Path file) {
		Appender sink = configuration.getAppender("Sink");
		return new Deliveries(setup, (sink instanceof BenchCountingAppender counting) ? counting::count : null, file);
	}

	/** The deliveries of a Logback setup: its counting sink, or {@code null} for a file sink. */
	static Deliveries ofLogback(String setup, LogbackCountingAppender counter, Path file) {
		return new Deliveries(setup, (counter != null) ? counter::count : null, file);
	}

	long count() {
		return (this.counter != null) ? this.counter.getAsLong() : Waits.lines(this.file);
	}

	/** Waits until a counting sink has seen the events; a file sink cannot tell before it is closed. */
	void awaitCounted(long logged) {
		if (this.counter != null) {
			Waits.until(() -> this.counter.getAsLong() >= logged, this.setup + " to deliver " + logged + " events");
		}
	}

}
