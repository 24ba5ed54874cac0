package io.asynclog.benchmarks.setup;

import java.util.concurrent.atomic.LongAdder;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

/**
 * The Logback twin of {@link BenchCountingAppender}: counts and writes nothing, without the lock
 * of Logback's synchronized appender base.
 */
final class LogbackCountingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

	private final LongAdder count = new LongAdder();

	@Override
	protected void append(ILoggingEvent event) {
		this.count.increment();
	}

	long count() {
		return this.count.sum();
	}

}
