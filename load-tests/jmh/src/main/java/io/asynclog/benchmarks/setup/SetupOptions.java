package io.asynclog.benchmarks.setup;

import java.nio.file.Path;

/**
 * What every setup of one benchmark trial shares, so that none wins by a different buffer,
 * pattern or flush policy.
 *
 * @param sink where events go
 * @param file the log file, for {@link Sink#FILE}
 * @param pattern the layout pattern (Log4j2 syntax; Logback setups get the same text)
 * @param bufferSize slots of every queue or ring buffer
 * @param immediateFlush whether a file appender flushes after every event
 * @param includeLocation whether async setups capture the caller's location
 * @param waitStrategy the Log4j2 wait strategy of asynclog's ring, in asynclog's spelling
 */
public record SetupOptions(Sink sink, Path file, String pattern, int bufferSize, boolean immediateFlush,
		boolean includeLocation, String waitStrategy) {

	/**
	 * The ring size Log4j2 and asynclog use by default.
	 */
	public static final int DEFAULT_BUFFER_SIZE = 256 * 1024;

	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Builds {@link SetupOptions}; defaults: counting sink, {@code %m%n}, 256K slots, no flush, no
	 * location, {@code timeout} wait strategy.
	 */
	public static final class Builder {

		private Sink sink = Sink.COUNTING;

		private Path file = Path.of("target/jmh/bench.log");

		private String pattern = "%m%n";

		private int bufferSize = DEFAULT_BUFFER_SIZE;

		private boolean immediateFlush;

		private boolean includeLocation;

		private String waitStrategy = "timeout";

		private Builder() {
		}

		public Builder sink(Sink sink) {
			this.sink = sink;
			return this;
		}

		public Builder file(Path file) {
			this.file = file;
			return this;
		}

		public Builder pattern(String pattern) {
			this.pattern = pattern;
			return this;
		}

		public Builder bufferSize(int bufferSize) {
			this.bufferSize = bufferSize;
			return this;
		}

		public Builder immediateFlush(boolean immediateFlush) {
			this.immediateFlush = immediateFlush;
			return this;
		}

		public Builder includeLocation(boolean includeLocation) {
			this.includeLocation = includeLocation;
			return this;
		}

		public Builder waitStrategy(String waitStrategy) {
			this.waitStrategy = waitStrategy;
			return this;
		}

		public SetupOptions build() {
			return new SetupOptions(this.sink, this.file, this.pattern, this.bufferSize, this.immediateFlush,
					this.includeLocation, this.waitStrategy);
		}

	}

}
