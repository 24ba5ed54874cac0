package io.asynclog.benchmarks.setup;

/**
 * The system properties the XML files under {@code log4j2/} read, and Log4j2's own ring settings,
 * set from a trial's options before the logger context starts.
 */
final class Log4jProperties {

	private Log4jProperties() {
	}

	static void apply(SetupOptions options, String level) {
		applyXmlProperties(options, level);
		String size = Integer.toString(options.bufferSize());
		System.setProperty("log4j2.asyncLoggerRingBufferSize", size);
		System.setProperty("log4j2.asyncLoggerConfigRingBufferSize", size);
		String waitStrategy = log4jWaitStrategy(options.waitStrategy());
		System.setProperty("log4j2.asyncLoggerWaitStrategy", waitStrategy);
		System.setProperty("log4j2.asyncLoggerConfigWaitStrategy", waitStrategy);
	}

	/** Sets only what the XML files read, leaving the ring to whoever configures it. */
	static void applyXmlProperties(SetupOptions options, String level) {
		System.setProperty("bench.sink", options.sink().name().toLowerCase(java.util.Locale.ROOT));
		System.setProperty("bench.file", options.file().toAbsolutePath().toString());
		System.setProperty("bench.flush", Boolean.toString(options.immediateFlush()));
		System.setProperty("bench.pattern", options.pattern());
		System.setProperty("bench.buffer", Integer.toString(options.bufferSize()));
		System.setProperty("bench.location", Boolean.toString(options.includeLocation()));
		System.setProperty("bench.level", level);
	}

	private static String log4jWaitStrategy(String asynclogName) {
		return switch (asynclogName) {
			case "timeout" -> "Timeout";
			case "block" -> "Block";
			case "sleep" -> "Sleep";
			case "yield" -> "Yield";
			default -> throw new IllegalArgumentException("Unknown wait strategy '" + asynclogName
					+ "'; accepted: timeout, block, sleep, yield");
		};
	}

}
