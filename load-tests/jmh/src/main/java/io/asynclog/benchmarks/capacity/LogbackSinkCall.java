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
 * asynclog's ring (Spring Boot's, moved behind it) appends the event. Events as in
 * {@link Log4j2SinkCall}: {@link LoggingEvent}s, one per slot, prepared as the ring's caller
 * prepares them (message formatted), taken in turn and stamped with the time at each call.
 */
final class LogbackSinkCall implements SinkCall {

	private final List<Appender<ILoggingEvent>> appenders;

	private final LoggingEvent[] events;

	private int next;

	private LogbackSinkCall(List<Appender<ILoggingEvent>> appenders, LoggingEvent[] events) {
		this.appenders = appenders;
		this.events = events;
	}

	static LogbackSinkCall of(String loggerName, String text, int slots) {
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
		LoggingEvent[] events = new LoggingEvent[slots];
		for (int i = 0; i < slots; i++) {
			LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.INFO, text + "{}", null,
					new Object[] { 1_000_000_000L + i });
			event.setThreadName("capacity-caller-1");
			event.prepareForDeferredProcessing();
			events[i] = event;
		}
		return new LogbackSinkCall(List.copyOf(ring.delegates()), events);
	}

	@Override
	public void deliver() {
		LoggingEvent event = this.events[this.next];
		this.next = (this.next + 1 == this.events.length) ? 0 : this.next + 1;
		event.setTimeStamp(System.currentTimeMillis());
		for (int i = 0; i < this.appenders.size(); i++) {
			this.appenders.get(i).doAppend(event);
		}
	}

}
