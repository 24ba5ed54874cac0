package io.asynclog.core.queue;

/**
 * One background thread of the logging pipeline, with its {@link BusyClock}.
 *
 * @param serves whether it takes events from a queue or records from a lane
 * @param name the queue's name ({@code async-logger}, or the appender behind an
 * async-appender queue), or the remote appender whose lane it is
 * @param clock its busy clock
 * @author asynclog
 */
public record BusyThread(Serves serves, String name, BusyClock clock) {

	/** What a background thread takes its work from. */
	public enum Serves {

		/** A queue between logging threads and appenders: a ring or an async-appender queue. */
		QUEUE("queue"),

		/** The lane of a remote appender (kafka, otlp). */
		LANE("lane");

		private final String tag;

		Serves(String tag) {
			this.tag = tag;
		}

		/** The meter tag: {@code queue} or {@code lane}. */
		public String tag() {
			return this.tag;
		}

	}

}
