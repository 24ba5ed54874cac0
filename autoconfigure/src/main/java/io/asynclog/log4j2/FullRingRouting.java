package io.asynclog.log4j2;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.async.AsyncLoggerConfigDelegate;
import org.apache.logging.log4j.core.async.EventRoute;
import org.apache.logging.log4j.core.impl.LogEventFactory;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

/**
 * The async-logger ring of an asynclog configuration, as its async loggers see it, with one
 * change: when an event finds the ring full, asynclog's queue-full policy decides its route
 * without Log4j2 first reading how many slots are free.
 * <p>
 * Log4j2 2.25 discards the event without a word when that reading is below zero, and
 * Disruptor 4.0.0's {@code remainingCapacity()} reads the ring's cursor twice: when other
 * threads claim slots between the two reads, a full ring reads as less than empty. In
 * {@code FullRingTests}, under load, about one run in five lost one event of 16,000 that way.
 *
 * @author asynclog
 */
final class FullRingRouting implements AsyncLoggerConfigDelegate {

	private final AsyncLoggerConfigDelegate ring;

	private final AsyncLogConfiguration configuration;

	private final FullRingPolicy policy;

	FullRingRouting(AsyncLoggerConfigDelegate ring, AsyncLogConfiguration configuration, FullRingPolicy policy) {
		this.ring = ring;
		this.configuration = configuration;
		this.policy = policy;
	}

	/**
	 * Returns Log4j2's own delegate, the ring itself.
	 * @return the wrapped delegate
	 */
	AsyncLoggerConfigDelegate ring() {
		return this.ring;
	}

	@Override
	public EventRoute getEventRoute(Level level) {
		if (this.configuration.isStopping() || this.configuration.isStopped()) {
			// The ring is gone or going: Log4j2's own answer (discard, with its warning) stands.
			return this.ring.getEventRoute(level);
		}
		return this.policy.routeInFullRing(level);
	}

	@Override
	public RingBufferAdmin createRingBufferAdmin(String contextName, String loggerConfigName) {
		return this.ring.createRingBufferAdmin(contextName, loggerConfigName);
	}

	@Override
	public void enqueueEvent(LogEvent event, AsyncLoggerConfig asyncLoggerConfig) {
		this.ring.enqueueEvent(event, asyncLoggerConfig);
	}

	@Override
	public boolean tryEnqueue(LogEvent event, AsyncLoggerConfig asyncLoggerConfig) {
		return this.ring.tryEnqueue(event, asyncLoggerConfig);
	}

	@Override
	public void setLogEventFactory(LogEventFactory logEventFactory) {
		this.ring.setLogEventFactory(logEventFactory);
	}

	/**
	 * What a queue-full policy does with an event that finds the async-logger ring full.
	 */
	interface FullRingPolicy {

		EventRoute routeInFullRing(Level level);

	}

}
