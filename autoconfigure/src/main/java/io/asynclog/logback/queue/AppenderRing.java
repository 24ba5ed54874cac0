package io.asynclog.logback.queue;

import java.util.List;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

/**
 * A ring of its own in front of one appender, for {@code async-appender} mode: it takes the
 * appender's place on every logger that wrote to it, and its queue bears the appender's name.
 *
 * @author asynclog
 */
public final class AppenderRing extends LogRing {

	/** Prefix of the ring's appender name, as Log4j2's {@code Async-<name>} wrappers are named. */
	public static final String APPENDER_NAME_PREFIX = "Async-";

	private final Appender<ILoggingEvent> delegate;

	public AppenderRing(Appender<ILoggingEvent> delegate, QueueSettings settings, Delegates.Owners owners) {
		super(delegate.getName(), settings, new Delegates(List.of(delegate), owners));
		setName(APPENDER_NAME_PREFIX + delegate.getName());
		setContext(delegate.getContext());
		this.delegate = delegate;
	}

	@Override
	protected void deliver(ILoggingEvent event, boolean onBackgroundThread) {
		handTo(this.delegate, event, onBackgroundThread);
	}

}
