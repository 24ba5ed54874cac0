package io.asynclog.core.queue;

/**
 * A listener's or sink's registration: closing it stops the calls.
 *
 * @author asynclog
 */
@FunctionalInterface
public interface Registration extends AutoCloseable {

	/** Stops the calls; closing twice does nothing more. */
	@Override
	void close();

}
