package io.asynclog.benchmarks.capacity;

/**
 * The work the ring thread does for one line, done on the calling thread: the appenders behind
 * the ring, called directly.
 */
public interface SinkCall {

	void deliver();

}
