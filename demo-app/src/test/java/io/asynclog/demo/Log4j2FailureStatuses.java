package io.asynclog.demo;

import java.util.concurrent.atomic.AtomicInteger;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Log4j2's status logger's error messages about one appender ("... processing Appender disk").
 */
final class Log4j2FailureStatuses implements FailureStatuses {

	private final AtomicInteger count = new AtomicInteger();

	private final StatusListener listener;

	Log4j2FailureStatuses(String appender) {
		this.listener = new Counter(appender, this.count);
	}

	@Override
	public void start() {
		StatusLogger.getLogger().registerListener(this.listener);
	}

	@Override
	public int count() {
		return this.count.get();
	}

	@Override
	public void close() {
		// The status logger closes the listener it removes.
		StatusLogger.getLogger().removeListener(this.listener);
	}

	private record Counter(String appender, AtomicInteger count) implements StatusListener {

		@Override
		public void log(StatusData data) {
			if (data.getLevel().isMoreSpecificThan(Level.ERROR)
					&& data.getMessage().getFormattedMessage().endsWith(" " + this.appender)) {
				this.count.incrementAndGet();
			}
		}

		@Override
		public Level getStatusLevel() {
			return Level.ERROR;
		}

		@Override
		public void close() {
		}

	}

}
