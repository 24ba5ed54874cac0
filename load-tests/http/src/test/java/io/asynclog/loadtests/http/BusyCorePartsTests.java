package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The parts the busy-core matrix added to the runner: the {@code sink=boot-console},
 * {@code ring=N} and {@code meters=off} options, the line check on the captured standard output,
 * the CPU split by thread and the thread names of a dump (no app, no network).
 *
 * @author asynclog
 */
class BusyCorePartsTests {

	@TempDir
	Path dir;

	@Test
	void bootConsoleSelectsOnlySpringBootsConsoleAndItsStandardOutput() {
		RunConfig config = RunConfig.parse("async-logger/1/flush/boot/sink=boot-console/lines=20");
		assertThat(config.id()).isEqualTo("async-logger/1/flush/boot/lines=20/sink=boot-console");
		assertThat(config.bootConsole()).isTrue();
		assertThat(config.slowSink()).isFalse();
		assertThat(config.profiles()).isEqualTo("comparison,async-logger,boot-console");
		assertThat(config.requestLineFiles(this.dir.resolve("logs"), this.dir.resolve(RunConfig.STDOUT_FILE)))
			.containsExactly(this.dir.resolve(RunConfig.STDOUT_FILE));
		assertThat(config.timestampFormat()).isEqualTo(LineCheck.Format.BOOT_CONSOLE);
		RunConfig off = RunConfig.parse("logging-off/sink=boot-console/lines=20");
		assertThat(off.id()).isEqualTo("logging-off/lines=20/sink=boot-console");
		assertThat(off.profiles()).isEqualTo("comparison,logging-off,async-logger,boot-console");
		assertThat(off.pattern()).isEqualTo(RunConfig.BOOT_PATTERN);
		RunConfig files = RunConfig.parse("sync/3/no-flush/plain");
		assertThat(files.requestLineFiles(this.dir, this.dir.resolve("out")))
			.containsExactly(this.dir.resolve("app-1.log"), this.dir.resolve("app-2.log"), this.dir.resolve("app-3.log"));
		assertThat(files.timestampFormat()).isEqualTo(LineCheck.Format.BRACKETED);
	}

	@Test
	void bootConsoleNeedsTheBaseThatDescribesIt() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunConfig.parse("async-logger/1/no-flush/plain/lines=20/sink=boot-console"))
			.withMessageContaining("sink=boot-console")
			.withMessageContaining("async-logger/1/flush/boot");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("sync/3/flush/boot/sink=boot-console"))
			.withMessageContaining("sync/1/flush/boot");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("sync/1/flush/boot"))
			.withMessageContaining("boot only with sink=boot-console");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("sync/1/flush/plain/sink=fast"))
			.withMessageContaining("sink must be slow or boot-console");
	}

	@Test
	void ringAndMetersBecomeAsynclogArgumentsInCanonicalOrder() {
		RunConfig config = RunConfig.parse("async-logger/1/flush/boot/meters=off/ring=4096/sink=boot-console/lines=20");
		assertThat(config.id()).isEqualTo("async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096/meters=off");
		assertThat(config.ringSize()).isEqualTo(4096);
		assertThat(config.metersOff()).isTrue();
		assertThat(config.appArgs()).containsExactly("--asynclog.ring-buffer-size=4096",
				"--asynclog.metrics.delivery-lag=false", "--management.metrics.enable.asynclog=false",
				"--management.metrics.enable.log4j2.events=false");
		assertThat(RunConfig.parse("async-logger/1/flush/plain/meters=on").id()).isEqualTo("async-logger/1/flush/plain");
		// Log4j2's own ring in all-async mode starts before application.yml: its size is a JVM flag.
		RunConfig allAsync = RunConfig.parse("all-async/1/flush/plain/ring=128");
		assertThat(allAsync.appArgs()).isEmpty();
		assertThat(allAsync.jvmFlags()).contains("-Dlog4j2.asyncLoggerRingBufferSize=128");
		assertThat(RunConfig.parse("logging-off/ring=1048576").appArgs())
			.containsExactly("--asynclog.ring-buffer-size=1048576");
	}

	@Test
	void ringMustBeAPowerOfTwoInRangeForAnAsyncLogger() {
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("async-logger/1/flush/plain/ring=5000"))
			.withMessageContaining("ring must be a power of two from 128 to 1048576, not 5000");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("async-logger/1/flush/plain/ring=64"))
			.withMessageContaining("ring must be a whole number from 128 to 1048576");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunConfig.parse("async-logger/1/flush/plain/ring=2097152"))
			.withMessageContaining("ring");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("sync/1/flush/plain/ring=4096"))
			.withMessageContaining("needs mode async-logger or all-async, not sync");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("async-logger/1/flush/plain/meters=no"))
			.withMessageContaining("meters must be on or off");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("async-logger/1/flush/plain/rings=4096"))
			.withMessageContaining("ring=N");
	}

	@Test
	void theLineCheckCountsTheCapturedStandardOutputOfBootsConsole() throws IOException {
		Path stdout = this.dir.resolve(RunConfig.STDOUT_FILE);
		Files.write(stdout, List.of("java -jar demo.jar", "2026-11-23T10:25:38.411Z  INFO 1 --- [main] Started",
				line(1, 1), line(1, 2), line(2, 1), line(2, 2)), StandardCharsets.ISO_8859_1);
		RunConfig config = RunConfig.parse("sync/1/flush/boot/lines=2/sink=boot-console");
		List<Path> files = config.requestLineFiles(this.dir.resolve("logs"), stdout);
		assertThat(LineCheck.check(files, LineCheck.Format.BOOT_CONSOLE, false, false, 2, 2, 2).ok()).isTrue();
		LineCheck.Result short1 = LineCheck.check(files, LineCheck.Format.BOOT_CONSOLE, false, false, 2, 3, 3);
		assertThat(short1.ok()).isFalse();
		assertThat(short1.problems()).containsExactly("app-stdout.log holds 4 request lines, expected 6");

		LineCheck.stripRequestLines(stdout);
		assertThat(Files.readAllLines(stdout, StandardCharsets.ISO_8859_1)).containsExactly("java -jar demo.jar",
				"2026-11-23T10:25:38.411Z  INFO 1 --- [main] Started",
				"[http-comparison] 4 request lines removed after the line check");
	}

	@Test
	void threadNamesGroupByWhatTheThreadDoes() {
		assertThat(ProcSampler.ThreadKind.of("http-nio-127.0.0.1-18231-exec-10")).isEqualTo(ProcSampler.ThreadKind.REQUEST);
		assertThat(ProcSampler.ThreadKind.of("http-nio-127.0.0.1-18231-Poller")).isEqualTo(ProcSampler.ThreadKind.OTHER);
		// the kernel's 15-character comm of a request thread cannot be told from the poller's
		assertThat(ProcSampler.ThreadKind.of("http-nio-127.0.")).isEqualTo(ProcSampler.ThreadKind.OTHER);
		assertThat(ProcSampler.ThreadKind.of("Log4j2-TF-1-AsyncLoggerConfig-1"))
			.isEqualTo(ProcSampler.ThreadKind.LOGGING_BACKGROUND);
		assertThat(ProcSampler.ThreadKind.of("Log4j2-AsyncAppenderEventDispatcher-1-Async-Console"))
			.isEqualTo(ProcSampler.ThreadKind.LOGGING_BACKGROUND);
		assertThat(ProcSampler.ThreadKind.of("asynclog-queue-monitor"))
			.isEqualTo(ProcSampler.ThreadKind.LOGGING_BACKGROUND);
		assertThat(ProcSampler.ThreadKind.of("C2 CompilerThread0")).isEqualTo(ProcSampler.ThreadKind.JIT);
		// the kernel's comm of a compiler thread, for one that is gone before the thread dump
		assertThat(ProcSampler.ThreadKind.of("C1 CompilerThre")).isEqualTo(ProcSampler.ThreadKind.JIT);
		assertThat(ProcSampler.ThreadKind.of("GC Thread#1")).isEqualTo(ProcSampler.ThreadKind.GC);
		assertThat(ProcSampler.ThreadKind.of("G1 Conc#0")).isEqualTo(ProcSampler.ThreadKind.GC);
		// SerialGC, the JVM's choice on one CPU, collects on the VM thread
		assertThat(ProcSampler.ThreadKind.of("VM Thread")).isEqualTo(ProcSampler.ThreadKind.GC);
		assertThat(ProcSampler.ThreadKind.of("VM Periodic Task Thread")).isEqualTo(ProcSampler.ThreadKind.OTHER);
	}

	@Test
	void pinnedVirtualThreadsAreCountedAndThoseInAsynclogsFramesToo() {
		List<String> printed = List.of("jdk.VirtualThreadPinned {", "  startTime = 00:43:00.309 (2026-11-26)",
				"  pinnedReason = \"VM call to Pin$Slow.<clinit> on stack\"", "  stackTrace = [",
				"    java.lang.VirtualThread.parkOnCarrierThread(boolean, long) line: 830",
				"    Pin$Slow.<clinit>() line: 2", "  ]", "}", "", "jdk.VirtualThreadPinned {", "  stackTrace = [",
				"    java.lang.VirtualThread.parkNanos(long) line: 798",
				"    io.asynclog.core.queue.WaitForRoom.awaitRoom(Reading, long) line: 180",
				"    io.asynclog.core.queue.WaitForRoom.publish(Ring, Object, Object) line: 120", "  ]", "}");
		PinnedEvents pinned = PinnedEvents.parse(printed);
		assertThat(pinned.events()).isEqualTo(2);
		assertThat(pinned.inAsynclog()).isEqualTo(1);
		assertThat(pinned.firstAsynclogStack()).contains("io.asynclog.core.queue.WaitForRoom.awaitRoom");
		assertThat(PinnedEvents.parse(List.of())).isEqualTo(new PinnedEvents(0, 0, ""));
		assertThat(HttpComparison.majorVersion("openjdk version \"25.0.1\" 2025-10-21 LTS")).isEqualTo(25);
		assertThat(HttpComparison.majorVersion("openjdk version \"17.0.15\" 2025-04-15")).isEqualTo(17);
		assertThat(HttpComparison.majorVersion("java version \"1.8.0_402\"")).isEqualTo(8);
	}

	@Test
	void aVirtualThreadsRunIsAnOptionOfItsOwn() {
		RunConfig config = RunConfig.parse("async-logger/1/flush/boot/lines=20/sink=boot-console/backend=logback/threads=virtual");
		assertThat(config.virtualThreads()).isTrue();
		assertThat(config.appArgs()).contains("--spring.threads.virtual.enabled=true");
		assertThat(RunConfig.parse("sync/1/flush/boot/lines=20/sink=boot-console/threads=platform").id())
			.isEqualTo("sync/1/flush/boot/lines=20/sink=boot-console");
		assertThat(ComparisonMatrix.virtualThreads(ComparisonOptions.parse("--matrix", "virtual-threads",
				"--gatling-classpath", "cp").dimensions())).hasSize(7).allMatch(RunConfig::virtualThreads);
		assertThat(ProcSampler.ThreadKind.of("ForkJoinPool-1-worker-3")).isEqualTo(ProcSampler.ThreadKind.REQUEST);
		assertThat(RunConfig.parse("async-logger/1/flush/boot/lines=20/sink=boot-console/threadlocals=off").jvmFlags())
			.containsExactly("-Dlog4j2.enableThreadlocals=false");
		assertThat(RunConfig.parse("sync/1/no-flush/plain/lines=20/backend=logback").appArgs())
			.containsExactly("--demo.pattern=[%-5p %c{1} %t %d{\"yyyy-MM-dd HH:mm:ss,SSS\"}]  %m%n");
		assertThat(RunConfig.parse("sync/1/no-flush/plain/lines=20").appArgs()).isEmpty();
		RunConfig sleeping = RunConfig.parse("async-logger/1/no-flush/plain/wait=sleep/lines=20");
		assertThat(sleeping.id()).isEqualTo("async-logger/1/no-flush/plain/lines=20/wait=sleep");
		assertThat(sleeping.appArgs()).containsExactly("--asynclog.wait-strategy=sleep");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("async-logger/1/no-flush/plain/wait=nap"))
			.withMessageContaining("wait must be one of").withMessageContaining("not 'nap'");
		assertThatIllegalArgumentException().isThrownBy(() -> RunConfig.parse("sync/1/no-flush/plain/wait=sleep"))
			.withMessageContaining("wait=sleep sets how asynclog's Disruptor rings wait").withMessageContaining("not sync");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunConfig.parse("async-appender/1/no-flush/plain/wait=sleep"))
			.withMessageContaining("not async-appender on Log4j2");
		assertThat(RunConfig.parse("async-appender/1/no-flush/plain/wait=sleep/backend=logback").appArgs())
			.contains("--asynclog.wait-strategy=sleep");
	}

	@Test
	void aThreadDumpGivesJavaNamesByNativeId() {
		Map<Long, String> names = ProcSampler.threadNames(List.of("2026-11-23 10:25:50", "Full thread dump OpenJDK",
				"\"http-nio-127.0.0.1-18231-exec-1\" #22 daemon prio=5 os_prio=0 cpu=1.2ms elapsed=9s tid=0x7f nid=0x1147 waiting on condition  [0x7f]",
				"   java.lang.Thread.State: WAITING (parking)",
				"\"Log4j2-TF-1-AsyncLoggerConfig-1\" #14 daemon prio=5 os_prio=0 cpu=3ms elapsed=9s tid=0x7e nid=4358 in Object.wait()",
				"\"G1 Refine#1\" os_prio=0 cpu=2.08ms elapsed=23.40s tid=0x00007f4b24000ea0 nid=0x1105 runnable"));
		assertThat(names).containsOnly(Map.entry(0x1147L, "http-nio-127.0.0.1-18231-exec-1"),
				Map.entry(4358L, "Log4j2-TF-1-AsyncLoggerConfig-1"), Map.entry(0x1105L, "G1 Refine#1"));
	}

	@Test
	void cpuByThreadKindIsInterpolatedAtTheWindowsEnds() {
		long s = 1_000_000_000L;
		// thread 10 requests, 11 the logging thread, 12 the JIT; 13 starts during the window
		List<ProcSampler.Sample> samples = List.of(sample(0, Map.of(10L, 0.0, 11L, 0.0, 12L, 5.0)),
				sample(s, Map.of(10L, 100.0, 11L, 40.0, 12L, 5.0)),
				sample(2 * s, Map.of(10L, 200.0, 11L, 80.0, 12L, 25.0, 13L, 10.0)),
				sample(3 * s, Map.of(10L, 300.0, 11L, 120.0, 12L, 25.0, 13L, 10.0)));
		Map<Long, String> names = Map.of(10L, "http-nio-127.0.0.1-1-exec-1", 11L, "Log4j2-TF-1-AsyncLoggerConfig-1",
				12L, "C2 CompilerThread0", 13L, "Attach Listener");
		ProcSampler.ThreadCpu cpu = ProcSampler.threadCpu(samples, s / 2, 5 * s / 2, names, 100);
		assertThat(cpu.requestSeconds()).isCloseTo(2.0, within(1e-9));
		assertThat(cpu.loggingBackgroundSeconds()).isCloseTo(0.8, within(1e-9));
		// the JIT's 20 ticks between 1 s and 2 s
		assertThat(cpu.jitSeconds()).isCloseTo(0.2, within(1e-9));
		assertThat(cpu.gcSeconds()).isZero();
		// all of the new thread's 10
		assertThat(cpu.otherSeconds()).isCloseTo(0.1, within(1e-9));
		assertThat(ProcSampler.threadCpu(List.of(sample(0, Map.of()), sample(s, Map.of())), 0, s, names, 100))
			.isEqualTo(ProcSampler.ThreadCpu.UNKNOWN);
	}

	@Test
	void aThreadStatLineGivesUserPlusSystemTicks() {
		assertThat(ProcSampler.ticksOf("4337 (http-nio-127.0.) S 1 4335 1 0 -1 1077936192 10 0 0 0 120 35 0 0 20 0"))
			.isEqualTo(155.0);
		assertThat(ProcSampler.ticksOf("garbage")).isNaN();
	}

	@Test
	void theBusyCoreMatrixRunsBootsConsoleAndABufferedFileOnOneCoreAndTheConsoleInEveryModeOnTwoOnBothBackends() {
		ComparisonOptions options = ComparisonOptions.parse("--matrix", "busy-core", "--gatling-classpath", "cp");
		assertThat(options.repeats()).isEqualTo(3);
		assertThat(options.warmupSeconds()).isEqualTo(40);
		assertThat(options.wideWarmup()).isTrue();
		assertThat(ComparisonOptions.parse("--matrix", "busy-core", "--no-wide-warmup", "--gatling-classpath", "cp")
			.wideWarmup()).isFalse();
		assertThat(ComparisonOptions.parse("--matrix", "study", "--gatling-classpath", "cp").wideWarmup()).isFalse();
		String logback = "/backend=logback";
		assertThat(ComparisonMatrix.busyCore(options.dimensions())).extracting(RunConfig::id).containsExactly(
				"sync/1/flush/boot/lines=20/sink=boot-console", "async-appender/1/flush/boot/lines=20/sink=boot-console",
				"async-logger/1/flush/boot/lines=20/sink=boot-console", "sync/1/no-flush/plain/lines=20",
				"async-appender/1/no-flush/plain/lines=20", "async-logger/1/no-flush/plain/lines=20",
				"sync/1/flush/boot/lines=20/cores=2/sink=boot-console",
				"async-appender/1/flush/boot/lines=20/cores=2/sink=boot-console",
				"async-logger/1/flush/boot/lines=20/cores=2/sink=boot-console",
				"sync/1/flush/boot/lines=20/sink=boot-console" + logback,
				"logback-async-appender/1/flush/boot/lines=20/sink=boot-console" + logback,
				"async-appender/1/flush/boot/lines=20/sink=boot-console" + logback,
				"async-logger/1/flush/boot/lines=20/sink=boot-console" + logback,
				"sync/1/no-flush/plain/lines=20" + logback, "async-appender/1/no-flush/plain/lines=20" + logback,
				"async-logger/1/no-flush/plain/lines=20" + logback,
				"sync/1/flush/boot/lines=20/cores=2/sink=boot-console" + logback,
				"logback-async-appender/1/flush/boot/lines=20/cores=2/sink=boot-console" + logback,
				"async-appender/1/flush/boot/lines=20/cores=2/sink=boot-console" + logback,
				"async-logger/1/flush/boot/lines=20/cores=2/sink=boot-console" + logback,
				"logging-off/lines=20/sink=boot-console");
		ComparisonOptions rings = ComparisonOptions.parse("--matrix", "busy-core", "--ring-sizes", "4096,16384,65536,262144",
				"--repeats", "4", "--warmup", "45", "--gatling-classpath", "cp");
		assertThat(rings.repeats()).isEqualTo(4);
		assertThat(rings.warmupSeconds()).isEqualTo(45);
		List<RunConfig> configs = ComparisonMatrix.busyCore(rings.dimensions());
		assertThat(configs).hasSize(25);
		assertThat(configs.subList(21, 25)).extracting(RunConfig::id).containsExactly(
				"async-logger/1/flush/boot/lines=20/sink=boot-console/ring=4096",
				"async-logger/1/flush/boot/lines=20/sink=boot-console/ring=16384",
				"async-logger/1/flush/boot/lines=20/sink=boot-console/ring=65536",
				"async-logger/1/flush/boot/lines=20/sink=boot-console/ring=262144");
	}

	@Test
	void ringSizesAreCheckedAndBelongToTheBusyCoreMatrix() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ComparisonOptions.parse("--matrix", "busy-core", "--ring-sizes", "4096,5000", "--gatling-classpath", "cp"))
			.withMessage("--ring-sizes takes powers of two from 128 to 1048576, not 5000");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ComparisonOptions.parse("--ring-sizes", "4096", "--gatling-classpath", "cp"))
			.withMessageContaining("--ring-sizes belongs to --matrix busy-core");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ComparisonOptions.parse("--matrix", "busy", "--gatling-classpath", "cp"))
			.withMessageContaining("where-async-pays, study, busy-core, logback or virtual-threads");
	}

	@Test
	void roundsRunEveryConfigurationBeforeAnyRunsAgain() {
		List<RunConfig> configs = List.of(RunConfig.parse("sync/1/no-flush/plain"), RunConfig.parse("logging-off"));
		assertThat(ComparisonMatrix.rounds(configs, 3)).extracting((planned) -> planned.round() + " " + planned.config().id())
			.containsExactly("1 sync/1/no-flush/plain", "1 logging-off", "2 sync/1/no-flush/plain", "2 logging-off",
					"3 sync/1/no-flush/plain", "3 logging-off");
	}

	private static ProcSampler.Sample sample(long nanos, Map<Long, Double> threads) {
		return new ProcSampler.Sample(nanos, 0, 0, 0, 0, 0, 0, Double.NaN, threads);
	}

	private static String line(long request, int line) {
		return "2026-11-23T10:25:38.464Z  INFO 1 --- [exec-1] i.a.d.LogController : request "
				+ String.format("%010d", request) + " line " + String.format("%02d", line) + " .....";
	}

}
