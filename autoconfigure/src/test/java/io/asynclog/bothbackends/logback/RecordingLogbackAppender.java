package io.asynclog.bothbackends.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.bothbackends.Recorder;

/**
 * A Logback appender that hands each event to the {@link Recorder} of its name. Declared
 * in {@code logback-recording.xml}, so that asynclog sets it up like any appender of a
 * user's file (behind the ring, or behind a ring of its own).
 */
public final class RecordingLogbackAppender extends AppenderBase<ILoggingEvent> {

	@Override
	protected void append(ILoggingEvent event) {
		Recorder.named(getName()).append(LogLevel.valueOf(event.getLevel().toString()), event.getFormattedMessage());
	}

}
