package io.asynclog.bothbackends.log4j2;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

import io.asynclog.bothbackends.shop.ListAppender;

/**
 * The list appender Log4j2 users write for their tests (Log4j2's own is in its test jar):
 * an {@link AbstractAppender} added to a logger with {@link Logger#addAppender}.
 */
public final class Log4j2ListAppender extends AbstractAppender implements ListAppender {

	/**
	 * Gives each one a name of its own: Log4j2 keeps the first appender of a name in the
	 * configuration.
	 */
	private static final AtomicInteger created = new AtomicInteger();

	private final Logger logger;

	private final List<String> messages = new ArrayList<>();

	private final List<String> threads = new ArrayList<>();

	public Log4j2ListAppender(String loggerName) {
		super("list-" + created.incrementAndGet(), null, null, true, Property.EMPTY_ARRAY);
		this.logger = (Logger) LogManager.getLogger(loggerName);
		start();
		this.logger.addAppender(this);
	}

	@Override
	public synchronized void append(LogEvent event) {
		this.messages.add(event.getMessage().getFormattedMessage());
		this.threads.add(Thread.currentThread().getName());
	}

	@Override
	public synchronized List<String> messages() {
		return List.copyOf(this.messages);
	}

	@Override
	public synchronized List<String> appendingThreads() {
		return List.copyOf(this.threads);
	}

	@Override
	public void close() {
		this.logger.removeAppender(this);
		stop();
	}

}
