package io.asynclog.logback.metrics;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;

import io.asynclog.core.count.AppenderErrors;
import io.asynclog.logback.appender.CountedFileStream;
import io.asynclog.logback.queue.PipelineView;

/**
 * Counts the failures Logback's appenders report, in {@link AppenderErrors}. Logback has no
 * error handler per appender: a failing appender adds an ERROR status whose origin is the
 * appender or its stream, which this status listener counts under the appender's name. Logback
 * stops reporting after a few failures in a row on one file stream, so for its appenders these
 * are failures reported, not events lost; {@link CountedFileStream} counts every failed write.
 *
 * @author asynclog
 */
public final class ErrorCounter implements StatusListener {

	private final LoggerContext context;

	private ErrorCounter(LoggerContext context) {
		this.context = context;
	}

	/** Starts counting, each appender with a counter from the start; Logback removes it on reset. */
	public static void install(LoggerContext context) {
		for (Appender<ILoggingEvent> appender : PipelineView.of(context).writers()) {
			AppenderErrors.forAppender(appender.getName());
		}
		context.getStatusManager().add(new ErrorCounter(context));
	}

	@Override
	public void addStatusEvent(Status status) {
		if (status.getLevel() < Status.ERROR || status.getOrigin() == null) {
			return;
		}
		Object origin = status.getOrigin();
		if (origin instanceof CountedFileStream) {
			// asynclog's own file stream has counted each failed write already.
			return;
		}
		for (Appender<ILoggingEvent> appender : PipelineView.of(this.context).writers()) {
			if (appender == origin || (appender instanceof OutputStreamAppender<ILoggingEvent> stream
					&& stream.getOutputStream() == origin)) {
				AppenderErrors.forAppender(appender.getName()).record();
				return;
			}
		}
	}

}
