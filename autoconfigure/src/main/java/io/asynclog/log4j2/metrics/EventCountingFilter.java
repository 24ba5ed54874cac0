package io.asynclog.log4j2.metrics;

import java.util.concurrent.atomic.LongAdder;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.apache.logging.log4j.spi.StandardLevel;
import org.springframework.boot.logging.LogLevel;

/**
 * Counts log events per level, once per event, from the root logger and the non-additive
 * loggers, as Micrometer's own Log4j2 filter does.
 * <p>
 * An async logger with a parent runs its parent's filter twice: on the logging thread, then
 * again on the background thread. Outside all-async mode this filter only counts on the
 * thread that logged the event. In all-async mode logger filters run only on the
 * background thread, so it counts everywhere.
 * <p>
 * One case counts twice: logging from inside logging (an appender, a layout or a
 * message's {@code toString()} on the background thread, or the queue-full fallback that
 * runs the background half on the logging thread) through an additive async logger with
 * appenders of its own, because both halves then run on one thread. Telling them apart
 * would cost every log call a thread-local read.
 *
 * @author asynclog
 */
final class EventCountingFilter extends AbstractFilter {

	private final boolean allAsync;

	private final LongAdder[] byLevel = new LongAdder[StandardLevel.values().length];

	EventCountingFilter(boolean allAsync) {
		this.allAsync = allAsync;
		for (int i = 0; i < this.byLevel.length; i++) {
			this.byLevel[i] = new LongAdder();
		}
	}

	@Override
	@SuppressWarnings("deprecation") // Thread.getId() is what LogEvent.getThreadId() holds
	public Result filter(LogEvent event) {
		if (this.allAsync || event.getThreadId() == Thread.currentThread().getId()) {
			this.byLevel[event.getLevel().getStandardLevel().ordinal()].increment();
		}
		return Result.NEUTRAL;
	}

	long count(LogLevel level) {
		return this.byLevel[Level.toLevel(level.name()).getStandardLevel().ordinal()].sum();
	}

}
