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
 * error handler per appender: an appender that fails to write adds an ERROR status whose origin
 * is the appender itself (a failed append, an I/O failure of its stream) or its file stream
 * (Logback's resilient file stream, which then retries on its own). This listener, registered
 * with the context's status manager, counts each such status once under the appender's name.
 * <p>
 * Statuses are added only when something went wrong, so an appender that writes never runs
 * this code. Logback stops reporting after a few failures in a row on one file stream, and
 * writes nothing to it until it recovers: for the appenders Logback or Spring Boot build, these
 * count the failures Logback reports, not the events lost. asynclog's own file appenders write
 * through a {@link CountedFileStream}, which counts every failed write itself.
 *
 * @author asynclog
 */
public final class ErrorCounter implements StatusListener {

	private final LoggerContext context;

	private ErrorCounter(LoggerContext context) {
		this.context = context;
	}

	/**
	 * Starts counting the failures of a context's appenders, and announces their names so that
	 * each has a counter from the start. Logback removes the listener when it resets.
	 * @param context the logger context
	 */
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
