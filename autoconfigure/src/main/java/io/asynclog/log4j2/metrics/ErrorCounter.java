package io.asynclog.log4j2.metrics;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.ErrorHandler;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.DefaultErrorHandler;

import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.log4j2.appender.RemoteAppender;

/**
 * An appender's error handler that counts each failure in {@link AppenderErrors}, then hands
 * it to the handler the appender had ({@link DefaultErrorHandler} by default). Log4j2 calls it
 * only when an append failed. Two messages without an exception are events not written,
 * counted in {@link AppenderDrops}: a recursive call, and an event for a stopped appender that
 * cannot write it (a closed file, or asynclog's kafka or otlp appender; one whose file a
 * reconfiguration keeps open still writes it).
 *
 * @author asynclog
 */
public final class ErrorCounter implements ErrorHandler {

	/** The start of Log4j2's message for a call into an appender from inside its own append. */
	static final String RECURSIVE_CALL = "Recursive call to appender ";

	/** The start of Log4j2's message for an event handed to an appender that is not started. */
	static final String NOT_STARTED = "Attempted to append to non-started appender ";

	private final ErrorHandler reporter;

	private final AppenderErrors.Failures failures;

	private final Appender appender;

	/** The exception this thread last counted: AppenderControl reports a stream appender's again. */
	private final ThreadLocal<Throwable> lastCounted = new ThreadLocal<>();

	private ErrorCounter(ErrorHandler reporter, AppenderErrors.Failures failures, Appender appender) {
		this.reporter = reporter;
		this.failures = failures;
		this.appender = appender;
	}

	public static void install(Appender appender) {
		ErrorHandler current = appender.getHandler();
		if (current instanceof ErrorCounter) {
			return;
		}
		ErrorHandler reporter = (current != null) ? current : new DefaultErrorHandler(appender);
		appender.setHandler(new ErrorCounter(reporter, AppenderErrors.forAppender(appender.getName()), appender));
	}

	@Override
	public void error(String msg) {
		if (msg != null && msg.startsWith(RECURSIVE_CALL)) {
			AppenderDrops.record(this.appender.getName(), Reason.RECURSIVE_CALL);
		}
		else if (msg != null && msg.startsWith(NOT_STARTED) && !mayWriteWhenStopped(this.appender)) {
			AppenderDrops.record(this.appender.getName(), Reason.APPENDER_STOPPED);
		}
		this.reporter.error(msg);
	}

	/**
	 * Whether a stopped appender may still write: one whose stream another configuration keeps
	 * open does, asynclog's remote appenders (kafka, otlp) do not; any other's is not counted as lost.
	 */
	private static boolean mayWriteWhenStopped(Appender appender) {
		if (appender instanceof AbstractOutputStreamAppender<?> stream) {
			return stream.getManager().isOpen();
		}
		return !(appender instanceof RemoteAppender);
	}

	@Override
	public void error(String msg, Throwable t) {
		count(t);
		this.reporter.error(msg, t);
	}

	@Override
	public void error(String msg, LogEvent event, Throwable t) {
		count(t);
		this.reporter.error(msg, event, t);
	}

	private void count(Throwable error) {
		Throwable last = this.lastCounted.get();
		// AppenderControl wraps an Error or checked exception before it reports it.
		if (last != null && error != null && (error == last || error.getCause() == last)) {
			this.lastCounted.remove();
			return;
		}
		this.failures.record();
		if (error != null) {
			this.lastCounted.set(error);
		}
		else {
			this.lastCounted.remove();
		}
	}

}
