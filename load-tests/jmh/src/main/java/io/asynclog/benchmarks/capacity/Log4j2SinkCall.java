package io.asynclog.benchmarks.capacity;

import java.util.List;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.impl.MutableLogEvent;
import org.apache.logging.log4j.message.SimpleMessage;

/**
 * On Log4j2, what the async-logger ring's thread does for a line: each appender of the root
 * {@code AsyncLoggerConfig} appends the event. The events are {@link MutableLogEvent}s, the
 * ring's slots' type, one per slot, each message already formatted (as on the caller's thread),
 * taken in turn as the ring thread takes its slots, so that each line reads an event that is not
 * in the core's nearest caches, and stamped with the time at each call. Never the end of a
 * batch: at saturation the ring thread's batches are long, and the appenders write when their
 * buffer fills.
 */
final class Log4j2SinkCall implements SinkCall {

	private final List<Appender> appenders;

	private final MutableLogEvent[] events;

	private int next;

	private Log4j2SinkCall(List<Appender> appenders, MutableLogEvent[] events) {
		this.appenders = appenders;
		this.events = events;
	}

	static Log4j2SinkCall of(String loggerName, String text, int slots) {
		LoggerContext context = (LoggerContext) LogManager.getContext(false);
		LoggerConfig config = context.getConfiguration().getLoggerConfig(loggerName);
		if (!(config instanceof AsyncLoggerConfig)) {
			throw new IllegalStateException(loggerName + " should be served by an AsyncLoggerConfig, not " + config);
		}
		MutableLogEvent[] events = new MutableLogEvent[slots];
		for (int i = 0; i < slots; i++) {
			MutableLogEvent event = new MutableLogEvent();
			event.setLoggerName(loggerName);
			event.setLoggerFqcn(org.apache.logging.log4j.spi.AbstractLogger.class.getName());
			event.setLevel(Level.INFO);
			event.setMessage(new SimpleMessage(text + (1_000_000_000L + i)));
			event.setThreadName("capacity-caller-1");
			event.setThreadId(1);
			event.setThreadPriority(Thread.NORM_PRIORITY);
			events[i] = event;
		}
		return new Log4j2SinkCall(List.copyOf(config.getAppenders().values()), events);
	}

	@Override
	public void deliver() {
		MutableLogEvent event = this.events[this.next];
		this.next = (this.next + 1 == this.events.length) ? 0 : this.next + 1;
		event.setTimeMillis(System.currentTimeMillis());
		for (int i = 0; i < this.appenders.size(); i++) {
			this.appenders.get(i).append(event);
		}
	}

}
