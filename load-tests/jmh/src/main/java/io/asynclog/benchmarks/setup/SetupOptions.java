package io.asynclog.benchmarks.setup;

import java.nio.file.Path;

/**
 * What every setup of one benchmark trial shares, so that none wins by a different buffer,
 * pattern or flush policy. The pattern is in Log4j2's syntax (Logback setups get the same text),
 * the buffer size counts the slots of every queue, the wait strategy is in asynclog's spelling.
 */
public record SetupOptions(Sink sink, Path file, String pattern, int bufferSize, boolean immediateFlush,
		boolean includeLocation, String waitStrategy) {

	/** The ring size Log4j2 and asynclog use by default. */
	public static final int DEFAULT_BUFFER_SIZE = 256 * 1024;

	/** {@code %m%n}, 256K slots, no flush, no location, the {@code timeout} wait strategy. */
	public static SetupOptions of(Sink sink, Path file) {
		return new SetupOptions(sink, file, "%m%n", DEFAULT_BUFFER_SIZE, false, false, "timeout");
	}

	public SetupOptions withPattern(String pattern) {
		return new SetupOptions(this.sink, this.file, pattern, this.bufferSize, this.immediateFlush,
				this.includeLocation, this.waitStrategy);
	}

	public SetupOptions withBufferSize(int bufferSize) {
		return new SetupOptions(this.sink, this.file, this.pattern, bufferSize, this.immediateFlush,
				this.includeLocation, this.waitStrategy);
	}

	public SetupOptions withImmediateFlush(boolean immediateFlush) {
		return new SetupOptions(this.sink, this.file, this.pattern, this.bufferSize, immediateFlush,
				this.includeLocation, this.waitStrategy);
	}

	public SetupOptions withIncludeLocation(boolean includeLocation) {
		return new SetupOptions(this.sink, this.file, this.pattern, this.bufferSize, this.immediateFlush,
				includeLocation, this.waitStrategy);
	}

	public SetupOptions withWaitStrategy(String waitStrategy) {
		return new SetupOptions(this.sink, this.file, this.pattern, this.bufferSize, this.immediateFlush,
				this.includeLocation, waitStrategy);
	}

}
