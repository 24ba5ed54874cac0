package io.asynclog.core.queue;

/**
 * One queue between logging threads and appenders, read at one moment.
 *
 * @param name {@code async-logger} for the async-logger ring buffer, the wrapped
 * appender's name for an AsyncAppender
 * @param type {@code ring-buffer} or {@code blocking-queue}
 * @param capacity slots in the queue
 * @param remaining free slots
 * @author asynclog
 */
public record LogQueue(String name, String type, long capacity, long remaining) {

	/** Name of the async-logger ring buffer, whether async-logger or all-async mode. */
	public static final String ASYNC_LOGGER = "async-logger";

	public static final String RING_BUFFER = "ring-buffer";

	public static final String BLOCKING_QUEUE = "blocking-queue";

	public long used() {
		return this.capacity - this.remaining;
	}

	/** The share of slots in use, from 0 to 1. */
	public double fill() {
		return (this.capacity > 0) ? (double) used() / this.capacity : 0;
	}

}
