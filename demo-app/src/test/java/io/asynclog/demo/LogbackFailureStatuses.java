package io.asynclog.demo;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import org.slf4j.LoggerFactory;

/**
 * Logback's error statuses that name one appender's file (its file stream reports them).
 */
final class LogbackFailureStatuses implements FailureStatuses, StatusListener {

	private final String file;

	private final AtomicInteger count = new AtomicInteger();

	LogbackFailureStatuses(Path file) {
		this.file = "[" + file + "]";
	}

	@Override
	public void start() {
		context().getStatusManager().add(this);
	}

	@Override
	public void addStatusEvent(Status status) {
		if (status.getLevel() >= Status.ERROR && status.getMessage().contains(this.file)) {
			this.count.incrementAndGet();
		}
	}

	@Override
	public int count() {
		return this.count.get();
	}

	@Override
	public void close() {
		context().getStatusManager().remove(this);
	}

	private static LoggerContext context() {
		return (LoggerContext) LoggerFactory.getILoggerFactory();
	}

}
