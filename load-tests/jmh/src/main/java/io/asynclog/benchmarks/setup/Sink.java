package io.asynclog.benchmarks.setup;

/**
 * Where a setup's events end up.
 */
public enum Sink {

	/** An appender that only counts: measures the hand-off, not the disk. */
	COUNTING,

	/** A real file, written through a 256 KB buffer. */
	FILE

}
