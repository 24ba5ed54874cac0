package io.asynclog.autoconfigure.metrics;

import io.micrometer.core.instrument.Tags;

import io.asynclog.core.count.AppenderDrops;

/**
 * The one tag set of {@code asynclog.events.dropped}, whatever dropped the event: Prometheus
 * wants every series of a meter to carry the same tag keys. A queue's drops name the queue
 * and the level; an appender's name the appender; what does not apply reads {@value #NONE},
 * as Spring Boot's own meters say for a tag without a value.
 *
 * @author asynclog
 */
final class DroppedMeters {

	static final String NAME = "asynclog.events.dropped";

	static final String DESCRIPTION = "Events never written: discarded by the queue-full policy (reason queue-full),"
			+ " or not written by an appender that was called from inside itself or had stopped";

	static final String QUEUE_FULL = "queue-full";

	static final String NONE = "none";

	private DroppedMeters() {
	}

	/** The tags of the events a queue's 'discard' policy dropped. */
	static Tags queueFull(String queue, String level) {
		return Tags.of("reason", QUEUE_FULL, "queue", queue, "appender", NONE, "level", level);
	}

	/** The tags of the events an appender did not write: no level, Log4j2 says which appender, not which event. */
	static Tags notWritten(String appender, AppenderDrops.Reason reason) {
		return Tags.of("reason", reason.tag(), "queue", NONE, "appender", appender, "level", NONE);
	}

}
