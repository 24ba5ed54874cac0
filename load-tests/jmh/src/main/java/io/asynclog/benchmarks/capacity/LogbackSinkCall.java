package io.asynclog.benchmarks.capacity;

import java.util.Iterator;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import org.slf4j.LoggerFactory;

import io.asynclog.logback.queue.LogRing;

/**
 * On Logback, what the async-logger ring's thread does for a line: each appender behind
 * asynclog's ring appends the event (Spring Boot's appenders, moved behind it). The event is a
 * {@link LoggingEvent} made once, prepared as the ring's caller prepares it (message formatted),
 * and stamped with the time at each call.
 */
final class LogbackSinkCall implements SinkCall {

	private final List<Appender<ILoggingEvent>> appenders;

	private final LoggingEvent event;

	private LogbackSinkCall(List<Appender<ILoggingEvent>> appenders, LoggingEvent event) {
		this.appenders = appenders;
		this.event = event;
	}

	static LogbackSinkCall of(String loggerName, String message) {
		LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
		Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
		LogRing ring = null;
		for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext();) {
			if (it.next() instanceof LogRing found) {
				ring = found;
			}
		}
		if (ring == null) {
			throw new IllegalStateException("the root logger should write through asynclog's ring");
		}
		Logger logger = context.getLogger(loggerName);
		LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.INFO, message, null, null);
		event.setThreadName("capacity-caller-1");
		event.prepareForDeferredProcessing();
		return new LogbackSinkCall(List.copyOf(ring.delegates()), event);
	}

	@Override
	public void deliver() {
		this.event.setTimeStamp(System.currentTimeMillis());
		for (int i = 0; i < this.appenders.size(); i++) {
			this.appenders.get(i).doAppend(this.event);
		}
	}

}
