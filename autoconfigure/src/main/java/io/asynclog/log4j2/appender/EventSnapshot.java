package io.asynclog.log4j2.appender;

import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.ContextDataFactory;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.util.ReadOnlyStringMap;
import org.apache.logging.log4j.util.StringMap;

/**
 * An event that another thread may format later: the ring's events are reused for the next
 * one, and Log4j2's own {@link LogEvent#toImmutable()} keeps their context map, which a
 * garbage-free context map reuses too, so such a map is copied here.
 *
 * @author asynclog
 */
final class EventSnapshot {

	private EventSnapshot() {
	}

	static LogEvent of(LogEvent event) {
		Log4jLogEvent.Builder builder = new Log4jLogEvent.Builder(event);
		ReadOnlyStringMap context = event.getContextData();
		if (context instanceof StringMap map && map.isFrozen()) {
			// Log4j2's default (copy-on-write) context map: a new frozen map per change, so
			// sharing it is safe and the copy is saved.
			return builder.setContextData(map).build();
		}
		// A garbage-free context map is cleared and filled again for the ring's next event.
		StringMap copy = ContextDataFactory.createContextData(context);
		copy.freeze();
		return builder.setContextData(copy).build();
	}

}
