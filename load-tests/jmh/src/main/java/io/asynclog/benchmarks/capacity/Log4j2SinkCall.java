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
 * {@code AsyncLoggerConfig} appends the event (Spring Boot's appenders as asynclog set them up
 * behind the ring, with asynclog's own at the root). The event is a {@link MutableLogEvent} as
 * the ring carries, its message already formatted (Log4j2 formats it on the caller's thread),
 * made once and stamped with the time at each call. Never the end of a batch: at saturation
 * the ring thread's batches are long, and the appenders write when their buffer fills.
 */
final class Log4j2SinkCall implements SinkCall {

	private final List<Appender> appenders;

	private final MutableLogEvent event;

	private Log4j2SinkCall(List<Appender> appenders, MutableLogEvent event) {
		this.appenders = appenders;
		this.event = event;
	}

	static Log4j2SinkCall of(String loggerName, String message) {
		LoggerContext context = (LoggerContext) LogManager.getContext(false);
		LoggerConfig config = context.getConfiguration().getLoggerConfig(loggerName);
		if (!(config instanceof AsyncLoggerConfig)) {
			throw new IllegalStateException(loggerName + " should be served by an AsyncLoggerConfig, not " + config);
		}
		MutableLogEvent event = new MutableLogEvent();
		event.setLoggerName(loggerName);
		event.setLoggerFqcn(org.apache.logging.log4j.spi.AbstractLogger.class.getName());
		event.setLevel(Level.INFO);
		event.setMessage(new SimpleMessage(message));
		event.setThreadName("capacity-caller-1");
		event.setThreadId(1);
		event.setThreadPriority(Thread.NORM_PRIORITY);
		return new Log4j2SinkCall(List.copyOf(config.getAppenders().values()), event);
	}

	@Override
	public void deliver() {
		this.event.setTimeMillis(System.currentTimeMillis());
		for (int i = 0; i < this.appenders.size(); i++) {
			this.appenders.get(i).append(this.event);
		}
	}

}
