package io.asynclog.logback.appender;

import java.io.IOException;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;

/**
 * Logback's {@link FileAppender} writing through a {@link CountedFileStream}: what
 * {@code asynclog.appenders.<name>.type: file} builds on Logback.
 *
 * @author asynclog
 */
public final class CountedFileAppender extends FileAppender<ILoggingEvent> {

	@Override
	public void openFile(String fileName) throws IOException {
		CountedFileStream.open(this, this.streamWriteLock, fileName);
	}

}
