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

	public Delegates(List<Appender<ILoggingEvent>> appenders, Owners owners) {
		this.appenders = List.copyOf(appenders);
		this.streams = appenders.stream()
			.filter(OutputStreamAppender.class::isInstance)
			.map(OutputStreamAppender.class::cast)
			.toArray(OutputStreamAppender<?>[]::new);
		this.owners = owners;
	}

	public List<Appender<ILoggingEvent>> appenders() {
		return this.appenders;
	}

	/**
	 * Flushes the appenders that do not flush every event, at the end of each batch. Logback's
	 * appenders have no flush of their own, so their stream is flushed, which Logback's file
	 * streams and asynclog's console allow from the thread that writes them.
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
	 * Which rings write to appenders no logger holds any more: Logback stops only attached
	 * appenders on reset, so the last ring writing to one stops it, after its drain.
	 */
	public static final class Owners {

		private final Map<Appender<?>, Integer> holders = new IdentityHashMap<>();

		public synchronized void hold(Appender<?> appender) {
			this.holders.merge(appender, 1, Integer::sum);
		}

		/** Stops an appender once no ring needs it; one never held is left to its loggers. */
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
