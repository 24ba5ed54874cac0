package io.asynclog.logback.queue;

import java.io.IOException;
import java.io.OutputStream;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;

/**
 * The appenders behind one ring: flushed together at the end of each batch, and stopped when
 * the ring stops if nothing else still writes to them.
 *
 * @author asynclog
 */
public final class Delegates {

	private final List<Appender<ILoggingEvent>> appenders;

	private final OutputStreamAppender<?>[] streams;

	private final Owners owners;

	/**
	 * Creates the delegates of one ring.
	 * @param appenders the appenders the ring writes to
	 * @param owners which rings own which appenders
	 */
	public Delegates(List<Appender<ILoggingEvent>> appenders, Owners owners) {
		this.appenders = List.copyOf(appenders);
		this.streams = appenders.stream()
			.filter(OutputStreamAppender.class::isInstance)
			.map(OutputStreamAppender.class::cast)
			.toArray(OutputStreamAppender<?>[]::new);
		this.owners = owners;
	}

	/**
	 * Returns the appenders.
	 * @return the appenders, in the order first met
	 */
	public List<Appender<ILoggingEvent>> appenders() {
		return this.appenders;
	}

	/**
	 * Writes out what the appenders that do not flush every event have buffered: called on
	 * the background thread at the end of each batch, so that lines reach their file or
	 * console promptly without a flush per line. Logback's appenders have no flush of their
	 * own, so this flushes their stream: Logback's file streams and asynclog's console stream
	 * are safe to flush from the thread that also writes them.
	 */
	void flushBuffered() {
		for (OutputStreamAppender<?> appender : this.streams) {
			if (appender.isImmediateFlush() || !appender.isStarted()) {
				continue;
			}
			OutputStream stream = appender.getOutputStream();
			if (stream == null) {
				continue;
			}
			try {
				stream.flush();
			}
			catch (IOException ex) {
				// Logback's own streams report their failures as statuses; another stream's
				// failure is the appender's, as if it had flushed itself.
				appender.addError("Failed to flush at the end of a batch", ex);
			}
		}
	}

	/** Stops the appenders this ring was the last owner of. */
	void release() {
		for (Appender<ILoggingEvent> appender : this.appenders) {
			this.owners.release(appender);
		}
	}

	/**
	 * Which rings write to which appenders that no logger holds any more. Logback stops the
	 * appenders attached to loggers when it resets; an appender asynclog moved behind a ring
	 * is attached to none, so the last ring writing to it stops it, after its drain.
	 */
	public static final class Owners {

		private final Map<Appender<?>, Integer> holders = new IdentityHashMap<>();

		/**
		 * Records that one more ring owns an appender.
		 * @param appender the appender
		 */
		public synchronized void hold(Appender<?> appender) {
			this.holders.merge(appender, 1, Integer::sum);
		}

		/**
		 * Records that a ring no longer needs an appender; stops it when no ring does.
		 * Appenders never held are left alone: loggers still hold them.
		 * @param appender the appender
		 */
		void release(Appender<?> appender) {
			synchronized (this) {
				Integer holding = this.holders.get(appender);
				if (holding == null) {
					return;
				}
				if (holding > 1) {
					this.holders.put(appender, holding - 1);
					return;
				}
				this.holders.remove(appender);
			}
			appender.stop();
		}

	}

}
