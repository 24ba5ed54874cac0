package io.asynclog.benchmarks.setup;

/**
 * One way of logging, started and ready: the benchmark calls {@link #log(String)} and nothing
 * else on its hot path.
 */
public interface LoggingSetup extends AutoCloseable {

	/** Logs one INFO event through the setup's own API. */
	void log(String message);

	/** Events that reached the sink so far: the counting appender's count, or the file's lines once closed. */
	long delivered();

	/** Waits until every event logged so far has left the setup's queue, so the next burst starts with an empty one. */
	void awaitDrained(long logged);

	/**
	 * Checks that the setup really runs the path its name promises (the background thread exists,
	 * the loggers are of the expected kind), as the Log4j2 benchmark whose "async" case ran
	 * synchronously did not; throws {@link IllegalStateException} if it does not.
	 */
	void verify();

	/** Stops the setup, writing everything still queued. */
	@Override
	void close();

}
