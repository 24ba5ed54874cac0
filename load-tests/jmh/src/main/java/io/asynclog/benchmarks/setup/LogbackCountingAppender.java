package io.asynclog.benchmarks.setup;

import java.util.concurrent.atomic.LongAdder;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

/**
 * The Logback twin of {@link BenchCountingAppender}, without the lock of Logback's synchronized
 * appender base. {@code logback/counting.xml} declares it too: a setup that Spring Boot configures
 * from that file never holds the instance, so it finds it through {@link #lastStarted()}.
 */
public final class LogbackCountingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

	// Every JMH fork runs one setup, so the appender started last is that setup's sink.
	private static volatile LogbackCountingAppender lastStarted;

	private final LongAdder count = new LongAdder();

	// Written once, by the first event: which thread delivers is a path check, not a measurement.
	private volatile String firstDeliveringThread;

	@Override
	public void start() {
		super.start();
		lastStarted = this;
	}

	@Override
	protected void append(ILoggingEvent event) {
		if (this.firstDeliveringThread == null) {
			this.firstDeliveringThread = Thread.currentThread().getName();
		}
		this.count.increment();
	}

	long count() {
		return this.count.sum();
	}

	/** The thread that delivered the first event to this sink, {@code null} before any. */
	String firstDeliveringThread() {
		return this.firstDeliveringThread;
	}

	static LogbackCountingAppender lastStarted() {
		return lastStarted;
	}

}
