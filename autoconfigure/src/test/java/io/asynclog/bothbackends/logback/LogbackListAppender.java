package io.asynclog.bothbackends.logback;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.slf4j.LoggerFactory;

import io.asynclog.bothbackends.shop.ListAppender;

/**
 * Logback's own {@link ch.qos.logback.core.read.ListAppender}, attached to a logger as a test
 * attaches it; it also notes which thread appended each event.
 */
public final class LogbackListAppender implements ListAppender {

	private final Logger logger;

	private final Recording appender = new Recording();

	public LogbackListAppender(String loggerName) {
		this.logger = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(loggerName);
		this.appender.setContext(this.logger.getLoggerContext());
		this.appender.start();
		this.logger.addAppender(this.appender);
	}

	@Override
	public List<String> messages() {
		// AppenderBase appends under the appender's lock: reading under it sees every append.
		synchronized (this.appender) {
			return this.appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
		}
	}

	@Override
	public List<String> appendingThreads() {
		synchronized (this.appender) {
			return List.copyOf(this.appender.threads);
		}
	}

	@Override
	public void close() {
		this.logger.detachAppender(this.appender);
		this.appender.stop();
	}

	private static final class Recording extends ch.qos.logback.core.read.ListAppender<ILoggingEvent> {

		private final List<String> threads = new ArrayList<>();

		@Override
		protected void append(ILoggingEvent event) {
			super.append(event);
			this.threads.add(Thread.currentThread().getName());
		}

	}

}
