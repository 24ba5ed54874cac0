package io.asynclog.log4j2.appender;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.ErrorHandler;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.DefaultErrorHandler;
import io.asynclog.appender.AppenderErrors;

/**
 * An appender's error handler that counts each failure in {@link AppenderErrors}, then
 * hands it to the handler the appender had, Log4j2's {@link DefaultErrorHandler} unless
 * someone set another, which reports it through the status logger at a throttled rate.
 * <p>
 * Log4j2 calls an error handler only when an append failed: an appender that writes never
 * runs this code. A message without an exception (a recursive call, an appender not
 * yet started) is reported but not counted: nothing failed to write.
 *
 * @author asynclog
 */
public final class CountingErrorHandler implements ErrorHandler {

	private final ErrorHandler reporter;

	private final AppenderErrors.Failures failures;

	/**
	 * The exception this thread last counted: an output stream appender reports its
	 * failure, rethrows it, and Log4j2's AppenderControl reports the same exception again.
	 */
	private final ThreadLocal<Throwable> lastCounted = new ThreadLocal<>();

	private CountingErrorHandler(ErrorHandler reporter, AppenderErrors.Failures failures) {
		this.reporter = reporter;
		this.failures = failures;
	}

	/**
	 * Makes an appender count its failures, unless it already does.
	 * @param appender the appender
	 */
	public static void install(Appender appender) {
		ErrorHandler current = appender.getHandler();
		if (current instanceof CountingErrorHandler) {
			return;
		}
		ErrorHandler reporter = (current != null) ? current : new DefaultErrorHandler(appender);
		appender.setHandler(new CountingErrorHandler(reporter, AppenderErrors.forAppender(appender.getName())));
	}

	@Override
	public void error(String msg) {
		this.reporter.error(msg);
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
