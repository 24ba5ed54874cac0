package io.asynclog.logback.appender;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.count.AppenderErrors;

/**
 * Stands in for a file appender that could not open its file when
 * {@code asynclog.appender-start-failure=warn} started the application anyway (Logback would
 * drop its events after three warnings): every event is counted in {@link AppenderErrors}.
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

	public String getFile() {
		return this.file;
	}

}
