package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

/**
 * A Log4j2 configuration that keeps the admin of its async-logger ring, made when it started:
 * the admin holds on to its ring, so reading it after a reconfiguration never touches a
 * stopped Disruptor.
 *
 * @author asynclog
 */
public interface RingBufferOwner extends Configuration {

	/** The admin, or {@code null} before start or without async loggers. */
	RingBufferAdmin ringBufferAdmin();

	/** Whether it stops; Log4j2's {@code AbstractLifeCycle} has it, its {@code Configuration} not. */
	boolean isStopping();

}
