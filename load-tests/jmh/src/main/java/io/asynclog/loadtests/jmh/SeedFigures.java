package io.asynclog.loadtests.jmh;

import java.util.Map;

/**
 * The published figures our tables stand beside (../shared/reference/seed-findings.md, sections
 * 1-2), with the hardware they were measured on. They are for reference, never for ratios: the
 * machines differ.
 */
final class SeedFigures {

	private static final String LONGEST_930 = "%d %p %c{1.} [%t] %X{aKey} %m %ex%n";

	static final String MANUAL_HARDWARE = "Log4j2 manual (2014): Solaris 10, 2x4-core Xeon X5570 2.93 GHz, 16 vCPU, JDK 7, "
			+ "500-char messages, per thread";

	static final String LOG4J2_930_HARDWARE = "LOG4J2-930 (2015): sync RandomAccessFile, no flush, average msg/s, "
			+ "the reporter's machine";

	/** Manual throughput, msg/s per thread, 1 and 2 threads, by our setup name. */
	static final Map<String, long[]> MANUAL_THROUGHPUT = Map.of("log4j2-all-async", new long[] { 2_652_412, 909_119 },
			"log4j2-async-root", new long[] { 2_454_358, 839_394 }, "log4j2-async-appender",
			new long[] { 1_713_429, 603_019 }, "logback-async-appender", new long[] { 2_206_907, 624_082 },
			"log4j2-sync", new long[] { 273_536, 136_523 }, "logback-sync", new long[] { 178_063, 65_000 });

	/** Manual, 2-core i5-3317U (4 vCPU), 1 thread, msg/s. */
	static final Map<String, Long> MANUAL_I5 = Map.of("log4j2-all-async", 1_715_344L, "log4j2-async-appender",
			1_236_548L, "logback-async-appender", 1_979_515L, "log4j2-sync", 281_250L, "logback-sync", 149_811L);

	/** Manual, with location, 1 thread, msg/s. */
	static final Map<String, Long> MANUAL_WITH_LOCATION = Map.of("log4j2-all-async", 75_862L, "log4j2-async-root",
			61_993L, "log4j2-async-appender", 47_033L, "log4j2-sync", 31_054L);

	/** Manual wait-strategy table, all async, system clock, msg/s per thread at 1 and 2 threads. */
	static final Map<String, long[]> MANUAL_WAIT_STRATEGY = Map.of("block", new long[] { 1_717_261, 727_075 }, "sleep",
			new long[] { 1_568_623, 948_653 }, "yield", new long[] { 1_618_103, 884_314 });

	/** LOG4J2-930 average msg/s by our layout row. */
	static final Map<String, Long> LOG4J2_930 = Map.ofEntries(Map.entry("RAW", 3_977_222L), Map.entry("M", 1_900_037L),
			Map.entry("D_M_EX", 1_194_184L), Map.entry("D_T_M_EX", 1_027_927L), Map.entry("D_P_T_M_EX", 939_122L),
			Map.entry("D_P_C_T_M_EX", 595_663L), Map.entry("D_P_C_T_X_M_EX", 573_651L),
			Map.entry("D_P_C_T_X_M_EX_FLUSH", 205_833L), Map.entry("D_P_C_T_X_M_EX_ALL_ASYNC", 4_719_766L));

	/** The patterns of the LOG4J2-930 rows, which LayoutBenchmark runs. */
	static final Map<String, String> LOG4J2_930_PATTERNS = Map.ofEntries(Map.entry("RAW", "%m%n"), Map.entry("M", "%m%n"),
			Map.entry("D_M_EX", "%d %m %ex%n"), Map.entry("D_T_M_EX", "%d [%t] %m %ex%n"),
			Map.entry("D_P_T_M_EX", "%d %p [%t] %m %ex%n"), Map.entry("D_P_C_T_M_EX", "%d %p %c{1.} [%t] %m %ex%n"),
			Map.entry("D_P_C_T_X_M_EX", SeedFigures.LONGEST_930), Map.entry("D_P_C_T_X_M_EX_FLUSH", SeedFigures.LONGEST_930),
			Map.entry("D_P_C_T_X_M_EX_ALL_ASYNC", SeedFigures.LONGEST_930),
			Map.entry("D_P_C_T_X_M_EX_ASYNCLOG", SeedFigures.LONGEST_930));

	/** Manual latency, all async, 1 thread: average and 99.99% bound in ns. */
	static final String MANUAL_LATENCY = "Log4j2 manual, same Solaris box, 1 thread: all async average 677 ns, "
			+ "99.99% < 8,192 ns; Log4j2 AsyncAppender average 2,423 ns, 99.99% < 16,384 ns";

	private SeedFigures() {
	}

}
