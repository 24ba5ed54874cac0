package io.asynclog.logback.appender;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.count.AppenderErrors;

/**
 * Stands in for a file appender that could not open its file when
 * {@code asynclog.appender-start-failure=warn} started the application anyway: a Logback
 * appender that failed to start drops its events after three status warnings. Every event
 * this one receives is one of the appender's {@link AppenderErrors}, so the loss shows in
 * {@code asynclog.appender.errors}, the endpoint and the health.
 *
 * @author asynclog
 * @see UnopenedAppenders
 */
public final class UnopenedFileAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

	private final String file;

	private final AppenderErrors.Failures failures;

	public UnopenedFileAppender(String name, String file) {
		setName(name);
		this.file = file;
		this.failures = AppenderErrors.forAppender(name);
	}

	@Override
	protected void append(ILoggingEvent event) {
		this.failures.record();
	}

	/**
	 * Returns the file the appender could not open.
	 * @return the file name
	 */
	public String getFile() {
		return this.file;
	}

}
