package io.asynclog.benchmarks.setup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

/**
 * Every logging setup the benchmarks compare, by the name used in {@code @Param}, results and
 * docs/results/jmh.md.
 */
public final class Setups {

	public static final String DISABLED = "disabled";

	public static final String RAW_WRITE = "raw-write";

	public static final String LOG4J2_SYNC_FLUSH = "log4j2-sync-flush";

	public static final String LOG4J2_SYNC = "log4j2-sync";

	public static final String LOG4J2_ASYNC_APPENDER = "log4j2-async-appender";

	public static final String LOG4J2_ASYNC_ROOT = "log4j2-async-root";

	public static final String LOG4J2_ALL_ASYNC = "log4j2-all-async";

	public static final String ASYNCLOG = "asynclog";

	public static final String ASYNCLOG_NO_LAG_PROBE = "asynclog-no-lag-probe";

	public static final String ASYNCLOG_NO_METERS = "asynclog-no-meters";

	public static final String ASYNCLOG_LOGBACK = "asynclog-logback";

	public static final String ASYNCLOG_LOGBACK_NO_METERS = "asynclog-logback-no-meters";

	public static final String LOGBACK_SYNC = "logback-sync";

	public static final String LOGBACK_ASYNC_APPENDER = "logback-async-appender";

	public static final String LOGSTASH_DISRUPTOR = "logstash-disruptor";

	/** All names, in the order reports list them. */
	public static final List<String> ALL = List.of(DISABLED, RAW_WRITE, LOG4J2_SYNC_FLUSH, LOG4J2_SYNC,
			LOG4J2_ASYNC_APPENDER, LOG4J2_ASYNC_ROOT, LOG4J2_ALL_ASYNC, ASYNCLOG, ASYNCLOG_NO_LAG_PROBE, ASYNCLOG_NO_METERS,
			ASYNCLOG_LOGBACK, ASYNCLOG_LOGBACK_NO_METERS, LOGBACK_SYNC, LOGBACK_ASYNC_APPENDER, LOGSTASH_DISRUPTOR);

	private Setups() {
	}

	/** Starts a setup ({@link #ALL}) on a fresh log file and checks it runs the path its name promises. */
	public static LoggingSetup start(String name, SetupOptions options) {
		// Logback and Log4j2 are both in this jar: SLF4J goes to Log4j2, named explicitly, as
		// asynclog's check for two bindings on one class path asks.
		if (System.getProperty("slf4j.provider") == null) {
			System.setProperty("slf4j.provider", "org.apache.logging.slf4j.SLF4JServiceProvider");
		}
		try {
			Files.createDirectories(options.file().toAbsolutePath().getParent());
			Files.deleteIfExists(options.file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		LoggingSetup setup = switch (name) {
			case DISABLED -> new Log4jSetup(name, Log4jSetup.Kind.DISABLED, options);
			case RAW_WRITE -> new RawWriteSetup(options);
			case LOG4J2_SYNC_FLUSH -> new Log4jSetup(name, Log4jSetup.Kind.SYNC, options.withImmediateFlush(true));
			case LOG4J2_SYNC -> new Log4jSetup(name, Log4jSetup.Kind.SYNC, options);
			case LOG4J2_ASYNC_APPENDER -> new Log4jSetup(name, Log4jSetup.Kind.ASYNC_APPENDER, options);
			case LOG4J2_ASYNC_ROOT -> new Log4jSetup(name, Log4jSetup.Kind.ASYNC_ROOT, options);
			case LOG4J2_ALL_ASYNC -> new Log4jSetup(name, Log4jSetup.Kind.ALL_ASYNC, options);
			case ASYNCLOG -> new AsynclogSetup(name, true, true, options);
			case ASYNCLOG_NO_LAG_PROBE -> new AsynclogSetup(name, true, false, options);
			case ASYNCLOG_NO_METERS -> new AsynclogSetup(name, false, false, options);
			case ASYNCLOG_LOGBACK -> new AsynclogLogbackSetup(name, true, options);
			case ASYNCLOG_LOGBACK_NO_METERS -> new AsynclogLogbackSetup(name, false, options);
			case LOGBACK_SYNC -> new LogbackSetup(name, LogbackSetup.Kind.SYNC, options);
			case LOGBACK_ASYNC_APPENDER -> new LogbackSetup(name, LogbackSetup.Kind.ASYNC_APPENDER, options);
			case LOGSTASH_DISRUPTOR -> new LogbackSetup(name, LogbackSetup.Kind.LOGSTASH_DISRUPTOR, options);
			default -> throw new IllegalArgumentException("Unknown setup '" + name + "'; accepted: " + ALL);
		};
		setup.verify();
		// Start-up garbage (a Spring context, a preallocated ring) would otherwise be collected while
		// some setups are measured and not others: a 20 ms pause in the middle of a latency run.
		System.gc();
		return setup;
	}

	public static long expectedDeliveries(String name, long logged) {
		return DISABLED.equals(name) ? 0 : logged;
	}

}
