package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

/**
 * A Log4j2 configuration that keeps the admin of its own async-logger ring buffer, made
 * when it started. Log4j2's admin holds on to the ring it was made for: reading it later,
 * even after a reconfiguration replaced the ring, never touches a stopped Disruptor.
 *
 * @author asynclog
 */
public interface RingBufferOwner extends Configuration {

	/**
	 * Returns the admin of this configuration's async-logger ring buffer.
	 * @return the admin, or {@code null} before start or without async loggers
	 */
	RingBufferAdmin ringBufferAdmin();

	/**
	 * Returns whether the configuration is stopping, its ring about to close; Log4j2's
	 * {@code AbstractLifeCycle} has it, its {@code Configuration} interface does not.
	 * @return true while it stops
	 */
	boolean isStopping();

}
