package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.LogQueue;

/**
 * One measured run of the shipping throughput (load-tests/scripts/shipping-throughput.sh): a plain
 * Spring Boot application with the starter on Log4j2 in {@code async-logger} mode, one appender
 * {@code sink} that only the logger {@code throughput} writes to, and one caller thread that logs
 * lines of 100 characters as fast as it can.
 * <p>
 * The run logs {@code --warmup} lines and waits until they are delivered, again until
 * {@code --warmup-seconds} have passed (the JIT's compiling then falls outside the measured
 * window), then times {@code --lines} lines from the first call until the last one is delivered
 * ({@link Delivery}: acknowledged, spooled, or at the file's end), checks the sink, appends one row
 * to {@code --csv} ({@link CsvRows#COLUMNS}) and each thread's CPU to {@code --threads}; it exits
 * with 1 when the check fails or the lines were not delivered in time, and the row says so.
 *
 * @author asynclog
 */
@SpringBootApplication
public class ThroughputApp {

	static final String LOGGER = "throughput";

	static final String APPENDER = "sink";

	static final String CALLER_THREAD = "log-caller";

	/** The file pattern; the kafka configuration uses it too. */
	static final String PATTERN = "%d{yyyy-MM-dd HH:mm:ss.SSS} %-5p [%t] %c - %m%n";

	/** 90 characters; with the ten-digit sequence number, each message is 100 characters. */
	static final String TEXT = "order shipped to warehouse 7 by carrier express, parcel checked, weighed + labelled, seq: ";

	static final long FIRST = 1_000_000_000L;

	/** The most warm-up lines where each stays on local disk (spool or file): 20 million, 4 GB, 15-40 s here. */
	static final long LOCAL_WARMUP_MOST = 20_000_000;

	private static final Duration DELIVERY_PATIENCE = Duration.ofMinutes(5);

	public static void main(String[] args) throws Exception {
		Options options = Options.parse(args);
		System.exit(run(options) ? 0 : 1);
	}

	/** Runs one measurement and appends its row; whether the lines were delivered and checked. */
	static boolean run(Options options) throws Exception {
		Path spool = null;
		try {
			return run(options, spool = options.remote() ? Files.createTempDirectory("throughput-spool") : null);
		}
		finally {
			if (spool != null) {
				try {
					FileSystemUtils.deleteRecursively(spool);
				}
				catch (IOException ex) {
					// A lane still finishing at the shutdown deadline may write as it is deleted.
					System.err.println("the run's spool " + spool + " was not deleted: " + ex);
				}
			}
		}
	}

	private static boolean run(Options options, Path spool) throws Exception {
		String message = TEXT + "{}";
		String sink = "--asynclog.appenders." + APPENDER + ".";
		List<String> properties = new ArrayList<>(List.of("--asynclog.mode=async-logger",
				"--asynclog.queue-full-policy=block", sink + "type=" + options.type(),
				"--asynclog.loggers[" + LOGGER + "].appenders=" + APPENDER,
				"--asynclog.loggers[" + LOGGER + "].additivity=false", "--spring.main.banner-mode=off"));
		if (options.type().equals("kafka")) {
			properties.add(sink + "topic=" + options.topic());
			properties.add(sink + "bootstrap-servers=" + options.bootstrap());
			properties.add(sink + (options.config().equals("kafka-ecs") ? "format=ecs" : "pattern=" + PATTERN));
		}
		else if (options.type().equals("otlp")) {
			// OTLP/HTTP with the exporter's defaults otherwise (protobuf, no compression). No pattern:
			// the record's body is the formatted message.
			properties.add(sink + "endpoint=" + options.endpoint());
		}
		if (options.remote()) {
			// A spool of the run's own: what one run leaves must not be sent by the next.
			properties.add(sink + "spool.directory=" + spool);
			// A destination away spools the warm-up too, up to LOCAL_WARMUP_MOST lines.
			properties.add(sink + "spool.max-size=8GB");
		}
		else {
			Files.deleteIfExists(options.file());
			properties.add(sink + "file-name=" + options.file());
			properties.add(sink + "pattern=" + PATTERN);
		}
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ThroughputApp.class)
			.web(WebApplicationType.NONE)
			.run(properties.toArray(String[]::new))) {
			Delivery delivery = options.config().endsWith("-away") ? new SpoolDelivery()
					: options.type().equals("kafka") ? new KafkaDelivery(options)
					: options.type().equals("otlp") ? new OtlpDelivery(options) : new FileDelivery(options.file());
			Logger log = LoggerFactory.getLogger(LOGGER);
			LogQueue ring = ring();
			// Warm-up: the same calls, delivered before the clock starts, in passes of --warmup lines until
			// --warmup-seconds have passed, so that the JIT has compiled the path before it is measured (a
			// run of a few seconds after a short warm-up found the compiler threads busy half of the 2 cores).
			long warmup = 0;
			long warmupUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.warmupSeconds());
			// The one thread that logs: it lives from the warm-up until every thread's CPU is read (an
			// ended thread is no longer in /proc/self/task).
			ExecutorService caller = Executors.newSingleThreadExecutor(daemon(CALLER_THREAD));
			do {
				log(caller, log, message, warmup, options.warmup());
				warmup += options.warmup();
				if (!delivery.awaitDelivered(warmup, DELIVERY_PATIENCE)) {
					options = options.withWarmup(warmup);
					return CsvRows.write(options, new LinkedHashMap<>(Map.of("delivered", false, "checked", false, "check",
							"warm-up not delivered: " + delivery.state())));
				}
			}
			while (options.warmup() > 0 && System.nanoTime() - warmupUntil < 0
					&& !((options.config().endsWith("-away") || !options.remote()) && warmup >= LOCAL_WARMUP_MOST));
			options = options.withWarmup(warmup);
			String load = ThreadCpu.loadAverage();
			long brokerBefore = ThreadCpu.process(options.brokerPid());
			long processBefore = ThreadCpu.process("self");
			long machineBefore = ThreadCpu.machineBusy();
			Map<Long, ThreadCpu.Thread> threadsBefore = ThreadCpu.threads("self");
			// The ring, read every millisecond while the caller logs: reads, reads that found it at least 90%
			// full, most slots in use. A full ring holds the caller under queue-full-policy: block; as the ring
			// thread frees slots in batches, a caller held that way finds the ring nearly full, not full.
			long[] reads = new long[3];
			ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(daemon("ring-sampler"));
			sampler.scheduleWithFixedDelay(() -> {
				long used = ring.used();
				reads[0]++;
				reads[1] += (used * 10 >= ring.capacity() * 9) ? 1 : 0;
				reads[2] = Math.max(reads[2], used);
			}, 0, 1, TimeUnit.MILLISECONDS);
			long start = System.nanoTime();
			long callerEnd = log(caller, log, message, warmup, options.lines());
			sampler.shutdown();
			sampler.awaitTermination(10, TimeUnit.SECONDS);
			long usedAtCallerEnd = ring.used();
			boolean delivered = delivery.awaitDelivered(warmup + options.lines(), DELIVERY_PATIENCE);
			long end = System.nanoTime();
			Map<Long, ThreadCpu.Thread> threadsAfter = ThreadCpu.threads("self");
			long processAfter = ThreadCpu.process("self");
			long machineAfter = ThreadCpu.machineBusy();
			long brokerAfter = ThreadCpu.process(options.brokerPid());
			String loadAfter = ThreadCpu.loadAverage();
			caller.shutdown();
			Map<String, Object> row = new LinkedHashMap<>();
			row.put("seconds", seconds(end - start));
			row.put("lines_per_s", options.lines() / seconds(end - start));
			row.put("caller_seconds", seconds(callerEnd - start));
			row.put("caller_lines_per_s", options.lines() / seconds(callerEnd - start));
			row.put("delivered", delivered);
			Delivery.Check check = delivered ? delivery.check(warmup + options.lines())
					: new Delivery.Check(false, "not delivered within " + DELIVERY_PATIENCE.toSeconds() + " s: " + delivery.state(), 0);
			row.put("checked", check.passed());
			row.put("check", check.detail());
			row.put("record_bytes", check.recordBytes());
			double ticks = options.clockTicks();
			CpuAccounting.cpuByGroup(threadsBefore, threadsAfter, options.clockTicks()).forEach((group, value) -> row.put("cpu_" + group + "_s", value));
			row.put("cpu_app_s", (processAfter - processBefore) / ticks);
			row.put("cpu_broker_s", (brokerAfter - brokerBefore) / ticks);
			CpuAccounting.waitByGroup(threadsBefore, threadsAfter).forEach((group, value) -> row.put("wait_" + group + "_s", value));
			row.put("machine_busy_s", (machineAfter - machineBefore) / ticks);
			row.put("ring_capacity", ring.capacity());
			row.put("ring_samples", reads[0]);
			row.put("ring_nearly_full_samples", reads[1]);
			row.put("ring_max_used", reads[2]);
			row.put("ring_used_at_caller_end", usedAtCallerEnd);
			row.put("load_before", load);
			row.put("load_after", loadAfter);
			CsvRows.writeThreads(options, threadsBefore, threadsAfter);
			return CsvRows.write(options, row) && delivered && check.passed();
		}
	}

	/** Logs lines {@code from .. from + count - 1} on the caller thread; returns when the last call returned. */
	private static long log(ExecutorService caller, Logger log, String message, long from, long count) throws Exception {
		return caller.submit(() -> {
			for (long i = from; i < from + count; i++) {
				log.info(message, FIRST + i);
			}
			return System.nanoTime();
		}).get();
	}

	private static ThreadFactory daemon(String name) {
		return (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		};
	}

	/** The appender's lane and sender, as the backend finds them among the appenders that run. */
	static RemoteLane remoteLane() {
		return LoggingBackends.running(ThroughputApp.class.getClassLoader())
			.remoteLanes()
			.stream()
			.filter((lane) -> lane.appender().equals(APPENDER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no lane for appender '" + APPENDER + "'"));
	}

	private static LogQueue ring() {
		return LoggingBackends.running(ThroughputApp.class.getClassLoader())
			.queues()
			.stream()
			.filter((queue) -> queue.name().equals(LogQueue.ASYNC_LOGGER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no async-logger ring: asynclog.mode is not async-logger"));
	}

	private static double seconds(long nanos) {
		return nanos / 1e9;
	}

}
