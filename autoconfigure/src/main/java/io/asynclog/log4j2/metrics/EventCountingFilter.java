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
 * An async logger with a parent runs its parent's filter twice, on the logging thread and on
 * the background thread, so outside all-async mode (where filters run on the background thread
 * only) this counts only on the logging thread. Logging from inside logging through an
 * additive async logger with appenders counts twice: both halves run on one thread, and
 * telling them apart would cost every log call a thread-local read.
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
