package io.asynclog.core.backend;

/**
 * A {@link LoggingBackend} whose logging library's own per-level events counter, the one
 * Spring Boot registers, would count an event more than once behind asynclog's queues, and
 * that makes a replacement counting each event once under the same meter. The Log4j2
 * backend is the one: its async loggers run a parent's filter twice per event.
 *
 * @author asynclog
 */
public interface EventsCounterReplacement {

	/**
	 * Makes the replacement counter, for the configuration asynclog set up; untyped so that
	 * the core and the backend load without Micrometer.
	 * @return a Micrometer binder of the type Spring Boot's own counter backs off for
	 */
	Object eventsMetrics();

}
