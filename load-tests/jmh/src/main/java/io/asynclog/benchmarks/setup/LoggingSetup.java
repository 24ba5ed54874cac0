package io.asynclog.benchmarks.setup;

/**
 * One way of logging, started and ready: the benchmark calls {@link #log(String)} and nothing
 * else on its hot path.
 */
public interface LoggingSetup extends AutoCloseable {

	/**
	 * Logs one INFO event through the setup's own API.
	 * @param message the message
	 */
	void log(String message);

	/**
	 * Events that reached the sink so far: the counting appender's count, or the lines in the
	 * file once the setup is closed.
	 * @return the events delivered
	 */
	long delivered();

	/**
	 * Waits until every event logged so far has left the setup's queue, so that the next burst
	 * starts with an empty one.
	 * @param logged the events logged so far
	 */
	void awaitDrained(long logged);

	/**
	 * Checks that the setup really runs the path its name promises (the background thread
	 * exists, the loggers are of the expected kind), as the Log4j2 benchmark whose "async" case
	 * ran synchronously did not.
	 * @throws IllegalStateException if it does not
	 */
	void verify();

	/**
	 * What the setup dropped by its queue-full policy, when it can tell; 0 for blocking setups.
	 * @return the events dropped
	 */
	default long dropped() {
		return 0;
	}

	/**
	 * Stops the setup, writing everything still queued.
	 */
	@Override
	void close();

}
