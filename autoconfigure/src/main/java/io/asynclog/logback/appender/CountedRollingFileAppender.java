package io.asynclog.logback.appender;

import java.io.IOException;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.RollingFileAppender;

/**
 * Logback's {@link RollingFileAppender} writing through a {@link CountedFileStream}, the active
 * file reopened through it after each roll-over: what
 * {@code asynclog.appenders.<name>.type: rolling-file} builds on Logback.
 *
 * @author asynclog
 */
public final class CountedRollingFileAppender extends RollingFileAppender<ILoggingEvent> {

	@Override
	public void openFile(String fileName) throws IOException {
		CountedFileStream.open(this, this.streamWriteLock, fileName);
	}

}
