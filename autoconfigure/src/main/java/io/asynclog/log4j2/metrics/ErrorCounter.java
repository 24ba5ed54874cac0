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
 * An appender's error handler that counts each failure in {@link AppenderErrors}, then
 * hands it to the handler the appender had, Log4j2's {@link DefaultErrorHandler} unless
 * someone set another, which reports it through the status logger at a throttled rate.
 * <p>
 * Log4j2 calls an error handler only when an append failed: an appender that writes never
 * runs this code. Two messages without an exception name events the appender did not write,
 * counted in {@link AppenderDrops}: a recursive call, which Log4j2 skips, and an event for an
 * appender that has stopped, when the appender cannot write it (its file is closed, or it is
 * one of asynclog's remote appenders, kafka or otlp). Log4j2 still hands such an event to
 * the appender, and one whose file another configuration keeps open (a reconfiguration
 * shares the file) writes it: that one is not counted.
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

	/**
	 * The exception this thread last counted: an output stream appender reports its
	 * failure, rethrows it, and Log4j2's AppenderControl reports the same exception again.
	 */
	private final ThreadLocal<Throwable> lastCounted = new ThreadLocal<>();

	private ErrorCounter(ErrorHandler reporter, AppenderErrors.Failures failures, Appender appender) {
		this.reporter = reporter;
		this.failures = failures;
		this.appender = appender;
	}

	/**
	 * Makes an appender count its failures, unless it already does.
	 * @param appender the appender
	 */
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
	 * Whether a stopped appender may still write what Log4j2 hands it: one that writes to a
	 * stream another configuration keeps open does. asynclog's remote appenders (kafka,
	 * otlp) send nothing once stopped; what any other appender does is its own code's to
	 * say, and is not counted as lost.
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
