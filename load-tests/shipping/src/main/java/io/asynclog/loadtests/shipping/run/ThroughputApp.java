package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.FileSystemUtils;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.LogQueue;

/**
 * One measured run of the shipping throughput (load-tests/scripts/shipping-throughput.sh): a plain
 * Spring Boot application with the starter on Log4j2 in {@code async-logger} mode, one appender
 * {@code sink} that only the logger {@code throughput} writes to, and one caller thread that logs
 * lines of 100 characters as fast as it can.
 * <p>
 * The run logs {@code --warmup} lines and waits until they are delivered, again until
 * {@code --warmup-seconds} have passed (the JIT's compiling then falls outside the measured window), then times
 * {@code --lines} lines from the first call until the last one is delivered: for {@code kafka},
 * {@code kafka-ecs} and {@code otlp}, until the sender counts every record acknowledged by the
 * broker or the OTLP receiver; for {@code kafka-away} and {@code otlp-away}, until every line is
 * in the appender's spool (or held by its client); for {@code file}, until the file ends with the
 * last line. Then it checks: the topic's end offset (one partition), or the receiver's count of
 * log records, is warm-up + lines and its last record is the last line; the file holds warm-up +
 * lines lines and ends with the last one; nothing was dropped. It appends one row to {@code --csv} (the
 * columns: {@link #COLUMNS}) and each thread's CPU to {@code --threads}; it exits with 1 when
 * the check fails or the lines were not delivered in time, and the row says so.
 *
 * @author asynclog
 */
@SpringBootApplication
public class ThroughputApp {

	/** The raw CSV's columns, in order. */
	static final List<String> COLUMNS = List.of("round", "position", "config", "lines", "warmup", "seconds",
			"lines_per_s", "caller_seconds", "caller_lines_per_s", "delivered", "checked", "check", "record_bytes",
			"cpu_caller_s", "cpu_background_s", "cpu_producer_s", "cpu_lane_s", "cpu_format_s", "cpu_gc_s", "cpu_jit_s", "cpu_other_s", "cpu_app_s",
			"cpu_broker_s", "wait_caller_s", "wait_background_s", "wait_producer_s", "machine_busy_s", "ring_capacity", "ring_samples", "ring_nearly_full_samples", "ring_max_used",
			"ring_used_at_caller_end", "load_before", "load_after");

	static final String LOGGER = "throughput";

	static final String APPENDER = "sink";

	static final String CALLER_THREAD = "log-caller";

	/** The file pattern; the kafka configuration uses it too. */
	static final String PATTERN = "%d{yyyy-MM-dd HH:mm:ss.SSS} %-5p [%t] %c - %m%n";

	/** 90 characters; with the ten-digit sequence number, each message is 100 characters (checked at start). */
	static final String TEXT = "order shipped to warehouse 7 by carrier express, parcel checked, weighed + labelled, seq: ";

	static final long FIRST = 1_000_000_000L;

	static {
		if (TEXT.length() != 90) {
			throw new IllegalStateException("TEXT must be 90 characters, not " + TEXT.length());
		}
	}

	/**
	 * The most warm-up lines where every line stays on local disk (a destination away: the spool;
	 * the file run): 20 million, about 4 GB, which take 15-40 s here.
	 */
	static final long LOCAL_WARMUP_MOST = 20_000_000;

	private static boolean onLocalDisk(Options options) {
		return options.config().endsWith("-away") || !options.remote();
	}

	private static final Duration DELIVERY_PATIENCE = Duration.ofMinutes(5);

	public static void main(String[] args) throws Exception {
		Options options = Options.parse(args);
		System.exit(run(options) ? 0 : 1);
	}

	/**
	 * Runs one measurement and appends its row.
	 * @param options the run
	 * @return whether the lines were delivered and checked
	 * @throws Exception if the run cannot be made
	 */
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
		List<String> properties = new ArrayList<>(List.of("--asynclog.mode=async-logger",
				"--asynclog.queue-full-policy=block", "--asynclog.appenders." + APPENDER + ".type=" + options.type(),
				"--asynclog.loggers[" + LOGGER + "].appenders=" + APPENDER,
				"--asynclog.loggers[" + LOGGER + "].additivity=false", "--spring.main.banner-mode=off"));
		if (options.type().equals("kafka")) {
			properties.add("--asynclog.appenders." + APPENDER + ".topic=" + options.topic());
			properties.add("--asynclog.appenders." + APPENDER + ".bootstrap-servers=" + options.bootstrap());
			properties.add(options.config().equals("kafka-ecs") ? "--asynclog.appenders." + APPENDER + ".format=ecs"
					: "--asynclog.appenders." + APPENDER + ".pattern=" + PATTERN);
		}
		else if (options.type().equals("otlp")) {
			// OTLP/HTTP with the exporter's defaults otherwise (protobuf, no compression). No pattern:
			// the record's body is the formatted message.
			properties.add("--asynclog.appenders." + APPENDER + ".endpoint=" + options.endpoint());
		}
		if (options.remote()) {
			// A spool of the run's own: what one run leaves must not be sent by the next.
			properties.add("--asynclog.appenders." + APPENDER + ".spool.directory=" + spool);
			// A destination away spools the warm-up too, up to LOCAL_WARMUP_MOST lines.
			properties.add("--asynclog.appenders." + APPENDER + ".spool.max-size=8GB");
		}
		else {
			Files.deleteIfExists(options.file());
			properties.add("--asynclog.appenders." + APPENDER + ".file-name=" + options.file());
			properties.add("--asynclog.appenders." + APPENDER + ".pattern=" + PATTERN);
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
			ExecutorService caller = Executors.newSingleThreadExecutor(named(CALLER_THREAD));
			do {
				log(caller, log, message, warmup, options.warmup());
				warmup += options.warmup();
				if (!delivery.awaitDelivered(warmup, DELIVERY_PATIENCE)) {
					options = options.withWarmup(warmup);
					return write(options, new LinkedHashMap<>(Map.of("delivered", false, "checked", false, "check",
							"warm-up not delivered: " + delivery.state())));
				}
			}
			while (options.warmup() > 0 && System.nanoTime() - warmupUntil < 0
					&& !(onLocalDisk(options) && warmup >= LOCAL_WARMUP_MOST));
			options = options.withWarmup(warmup);
			String load = loadAverage();
			long brokerBefore = ThreadCpu.process(options.brokerPid());
			long processBefore = ThreadCpu.process("self");
			long machineBefore = ThreadCpu.machineBusy();
			Map<Long, ThreadCpu.Thread> threadsBefore = ThreadCpu.threads("self");
			// The ring, read every millisecond while the caller logs: reads, reads that found it at least 90%
			// full, most slots in use. A full ring holds the caller under queue-full-policy: block; as the ring
			// thread frees slots in batches, a caller held that way finds the ring nearly full, not full.
			long[] reads = new long[3];
			ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(named("ring-sampler"));
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
			String loadAfter = loadAverage();
			caller.shutdown();
			Map<String, Object> row = new LinkedHashMap<>();
			row.put("seconds", seconds(end - start));
			row.put("lines_per_s", options.lines() / seconds(end - start));
			row.put("caller_seconds", seconds(callerEnd - start));
			row.put("caller_lines_per_s", options.lines() / seconds(callerEnd - start));
			row.put("delivered", delivered);
			Check check = delivered ? delivery.check(warmup + options.lines())
					: new Check(false, "not delivered within " + DELIVERY_PATIENCE.toSeconds() + " s: " + delivery.state(), 0);
			row.put("checked", check.passed());
			row.put("check", check.detail());
			row.put("record_bytes", check.recordBytes());
			double ticks = options.clockTicks();
			cpuByGroup(threadsBefore, threadsAfter, options.clockTicks()).forEach((group, value) -> row.put("cpu_" + group + "_s", value));
			row.put("cpu_app_s", (processAfter - processBefore) / ticks);
			row.put("cpu_broker_s", (brokerAfter - brokerBefore) / ticks);
			waitByGroup(threadsBefore, threadsAfter).forEach((group, value) -> row.put("wait_" + group + "_s", value));
			row.put("machine_busy_s", (machineAfter - machineBefore) / ticks);
			row.put("ring_capacity", ring.capacity());
			row.put("ring_samples", reads[0]);
			row.put("ring_nearly_full_samples", reads[1]);
			row.put("ring_max_used", reads[2]);
			row.put("ring_used_at_caller_end", usedAtCallerEnd);
			row.put("load_before", load);
			row.put("load_after", loadAfter);
			writeThreads(options, threadsBefore, threadsAfter);
			return write(options, row) && delivered && check.passed();
		}
	}

	/**
	 * Logs lines {@code from .. from + count - 1} on the caller thread.
	 * @return when the last call returned ({@link System#nanoTime()})
	 */
	private static long log(ExecutorService caller, Logger log, String message, long from, long count)
			throws Exception {
		return caller.submit(() -> {
			for (long i = from; i < from + count; i++) {
				log.info(message, FIRST + i);
			}
			return System.nanoTime();
		}).get();
	}

	private static ThreadFactory named(String name) {
		return (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		};
	}

	/** The appender's lane and sender, as the backend finds them among the appenders that run. */
	private static RemoteLane remoteLane() {
		return LoggingBackends.running(ThroughputApp.class.getClassLoader())
			.remoteLanes()
			.stream()
			.filter((lane) -> lane.appender().equals(APPENDER))
			.findFirst()
			.orElse(null);
	}

	private static LogQueue ring() {
		return LoggingBackends.running(ThroughputApp.class.getClassLoader())
			.queues()
			.stream()
			.filter((queue) -> queue.name().equals(LogQueue.ASYNC_LOGGER))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no async-logger ring: asynclog.mode is not async-logger"));
	}

	/**
	 * Adds up each thread's CPU over the run by what it does: the caller, asynclog's ring
	 * thread (Log4j2's {@code Log4j2-TF-*-AsyncLoggerConfig-*}: it formats each event and calls
	 * the appender), the client's I/O threads (group {@code producer}: Kafka's producer I/O
	 * thread, or the OTLP exporter's HTTP client threads), the appender's lane thread (it hands records
	 * to the client, or to the spool), the garbage collector, the JIT compilers, and the rest. Threads that started during the run count from zero.
	 * Each thread's time comes from the scheduler's nanoseconds where {@code schedstat} has them
	 * ({@link ThreadCpu.Thread#cpuSecondsSince}).
	 */
	static Map<String, Double> cpuByGroup(Map<Long, ThreadCpu.Thread> before, Map<Long, ThreadCpu.Thread> after,
			long clockTicks) {
		Map<String, Double> groups = new LinkedHashMap<>();
		for (String group : List.of("caller", "background", "producer", "lane", "format", "gc", "jit", "other")) {
			groups.put(group, 0.0);
		}
		after.forEach((tid, thread) -> groups.merge(group(thread.comm()),
				thread.cpuSecondsSince(before.get(tid), clockTicks), Double::sum));
		return groups;
	}

	/**
	 * Adds up each thread's time waiting for a CPU (runnable, not running) over the run, for the
	 * caller, the ring thread and the producer I/O thread; NaN for a group with a thread whose wait
	 * is unknown.
	 */
	static Map<String, Double> waitByGroup(Map<Long, ThreadCpu.Thread> before, Map<Long, ThreadCpu.Thread> after) {
		Map<String, Double> groups = new LinkedHashMap<>();
		after.forEach((tid, thread) -> {
			ThreadCpu.Thread earlier = before.get(tid);
			double waited = (thread.waitNanos() < 0 || (earlier != null && earlier.waitNanos() < 0)) ? Double.NaN
					: (thread.waitNanos() - ((earlier != null) ? earlier.waitNanos() : 0)) / 1e9;
			groups.merge(group(thread.comm()), waited, Double::sum);
		});
		groups.keySet().retainAll(List.of("caller", "background", "producer"));
		return groups;
	}

	static String group(String comm) {
		if (comm.equals(CALLER_THREAD)) {
			return "caller";
		}
		if (comm.startsWith("Log4j2-TF") || comm.startsWith("asynclog-logbac")) {
			return "background";
		}
		// The client's I/O: Kafka's producer thread; the OTLP exporter's HTTP client threads:
		// the JDK's HttpClient (selector and workers), which asynclog prefers when present, or
		// OkHttp's (okhttp-dispatch, which marshals and sends each request, and its TaskRunner).
		if (comm.startsWith("kafka-producer") || comm.startsWith("HttpClient-") || comm.startsWith("okhttp-")
				|| comm.startsWith("OkHttp ")) {
			return "producer";
		}
		if (comm.startsWith("asynclog-lane")) {
			return "lane";
		}
		// A structured format's formatting thread (FormatStage).
		if (comm.startsWith("asynclog-forma")) {
			return "format";
		}
		if (comm.startsWith("GC Thread") || comm.startsWith("G1 ") || comm.equals("VM Thread")) {
			return "gc";
		}
		if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
			return "jit";
		}
		return "other";
	}

	private static void writeThreads(Options options, Map<Long, ThreadCpu.Thread> before,
			Map<Long, ThreadCpu.Thread> after) throws IOException {
		if (options.threads() == null) {
			return;
		}
		Map<String, Double> byName = new TreeMap<>();
		after.forEach((tid, thread) -> byName.merge(thread.comm(),
				thread.cpuSecondsSince(before.get(tid), options.clockTicks()), Double::sum));
		StringBuilder out = new StringBuilder();
		byName.forEach((comm, seconds) -> {
			if (seconds > 0) {
				out.append(String.join(",", String.valueOf(options.round()), options.config(), comm.replace(',', ' '),
						group(comm), String.valueOf(seconds))).append('\n');
			}
		});
		append(options.threads(), "round,config,thread,group,cpu_s", out.toString());
	}

	private static boolean write(Options options, Map<String, Object> row) throws IOException {
		row.putAll(Map.of("round", options.round(), "position", options.position(), "config", options.config(), "lines",
				options.lines(), "warmup", options.warmup()));
		String line = String.join(",", COLUMNS.stream().map((column) -> cell(row.get(column))).toList());
		append(options.csv(), String.join(",", COLUMNS), line + "\n");
		System.out.println("RESULT " + line);
		return !Boolean.FALSE.equals(row.get("checked"));
	}

	/** Appends to a CSV file, with its header first if the file is new. */
	private static void append(Path csv, String header, String rows) throws IOException {
		Files.writeString(csv, (Files.exists(csv) ? "" : header + "\n") + rows, StandardOpenOption.CREATE,
				StandardOpenOption.APPEND);
	}

	/** A CSV cell: doubles to at most four decimals, commas in text turned into semicolons. */
	static String cell(Object value) {
		if (value == null) {
			return "";
		}
		if (value instanceof Double number) {
			return new BigDecimal(number).setScale(4, RoundingMode.HALF_UP)
				.stripTrailingZeros()
				.toPlainString();
		}
		return value.toString().replace(',', ';');
	}

	private static double seconds(long nanos) {
		return nanos / 1e9;
	}

	static String loadAverage() throws IOException {
		String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
		return fields[0] + " " + fields[1] + " " + fields[2];
	}

	/** Whether the appender left any record unsent (dropped), for whatever reason. */
	private static boolean notSent() {
		return AppenderDrops.byReason(APPENDER).values().stream().anyMatch((count) -> count > 0);
	}

	static String senderState(Sender sender) {
		return "sent " + sender.sent() + ", acknowledged " + sender.acknowledged() + ", failed " + sender.failed()
				+ ", not sent " + AppenderDrops.byReason(APPENDER);
	}

	/** The result of checking the sink after the run. */
	record Check(boolean passed, String detail, long recordBytes) {
	}

	/** How the run learns that its lines were delivered, and checks the sink afterwards. */
	interface Delivery {

		boolean awaitDelivered(long total, Duration patience) throws Exception;

		Check check(long total) throws Exception;

		String state();

	}

	/**
	 * Delivered: acknowledged by the destination, as the appender's {@link Sender} counts;
	 * subclasses check the destination itself.
	 */
	abstract static class AcknowledgedDelivery implements Delivery {

		final Sender sender;

		AcknowledgedDelivery() {
			RemoteLane running = remoteLane();
			this.sender = (running != null) ? running.sender() : null;
			if (this.sender == null) {
				throw new IllegalStateException("no sender for appender '" + APPENDER + "'");
			}
		}

		/** Waits until the sender counts {@code total} records acknowledged; false if any failed or was dropped. */
		@Override
		public boolean awaitDelivered(long total, Duration patience) throws InterruptedException {
			long deadline = System.nanoTime() + patience.toNanos();
			while (this.sender.acknowledged() < total) {
				// Records the lane did not send never arrive: no use waiting for them.
				if (this.sender.failed() > 0 || notSent() || System.nanoTime() > deadline) {
					return false;
				}
				Thread.onSpinWait();
				Thread.sleep(0, 200_000);
			}
			return this.sender.failed() == 0 && this.sender.acknowledged() == total;
		}

		@Override
		public String state() {
			return senderState(this.sender);
		}

	}

	/** Delivered: acknowledged by the broker, as the appender's {@link Sender} counts. */
	static final class KafkaDelivery extends AcknowledgedDelivery {

		private final Options options;

		KafkaDelivery(Options options) throws Exception {
			this.options = options;
			long end = endOffset();
			if (end != 0) {
				throw new IllegalStateException("topic " + options.topic() + " already holds " + end + " records");
			}
		}

		@Override
		public Check check(long total) {
			try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
				TopicPartition partition = new TopicPartition(this.options.topic(), 0);
				consumer.assign(List.of(partition));
				long end = consumer.endOffsets(List.of(partition), Duration.ofSeconds(30)).get(partition);
				int partitions = consumer.partitionsFor(this.options.topic(), Duration.ofSeconds(30)).size();
				String last = FIRST + total - 1 + "";
				consumer.seek(partition, Math.max(0, end - 1));
				ConsumerRecord<byte[], byte[]> record = null;
				long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
				while (record == null && System.nanoTime() < deadline) {
					for (ConsumerRecord<byte[], byte[]> polled : consumer.poll(Duration.ofMillis(500))) {
						record = polled;
					}
				}
				String value = (record != null) ? new String(record.value(), StandardCharsets.UTF_8) : "";
				boolean passed = partitions == 1 && end == total && value.contains(TEXT + last);
				String detail = "end offset " + end + " of " + total + ", " + partitions + " partition(s), last record "
						+ (value.contains(last) ? "is line " + last : "is not line " + last) + "; " + state();
				return new Check(passed && this.sender.acknowledged() == total && this.sender.failed() == 0, detail,
						(record != null) ? record.value().length : 0);
			}
		}

		private long endOffset() {
			try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
				TopicPartition partition = new TopicPartition(this.options.topic(), 0);
				return consumer.endOffsets(List.of(partition), Duration.ofSeconds(30)).get(partition);
			}
		}

		private KafkaConsumer<byte[], byte[]> consumer() {
			Properties settings = new Properties();
			settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.options.bootstrap());
			settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
			settings.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
			return new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer());
		}

	}

	/**
	 * Delivered: acknowledged by the OTLP receiver (200), as the appender's {@link Sender} counts.
	 * The check asks the receiver ({@code GET /count} of LoopbackOtlpReceiver, test code) how many
	 * log records came since the run started and what the last one's body is.
	 */
	static final class OtlpDelivery extends AcknowledgedDelivery {

		private final URI countUri;

		private final HttpClient client = HttpClient.newHttpClient();

		private final Received before;

		OtlpDelivery(Options options) throws Exception {
			this.countUri = URI.create(options.endpoint()).resolve("/count");
			// One receiver serves every run of the script: this run counts from what it finds now.
			this.before = received();
		}

		@Override
		public Check check(long total) throws Exception {
			Received after = received();
			long count = after.count() - this.before.count();
			String last = FIRST + total - 1 + "";
			boolean lastIsLast = after.last().equals(TEXT + last);
			String detail = "receiver count " + count + " of " + total + ", last record "
					+ (lastIsLast ? "is line " + last : "is not line " + last) + "; " + state();
			return new Check(count == total && lastIsLast && this.sender.sent() == total
					&& this.sender.acknowledged() == total && this.sender.failed() == 0 && !notSent(), detail,
					(count > 0) ? (after.bytes() - this.before.bytes()) / count : 0);
		}

		private Received received() throws IOException, InterruptedException {
			HttpResponse<String> response = this.client.send(
					HttpRequest.newBuilder(this.countUri).timeout(Duration.ofSeconds(30)).GET().build(),
					HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
			if (response.statusCode() != 200) {
				throw new IllegalStateException(this.countUri + " answered " + response.statusCode());
			}
			Map<String, String> values = new LinkedHashMap<>();
			response.body().lines().forEach((line) -> {
				int equals = line.indexOf('=');
				if (equals > 0) {
					values.put(line.substring(0, equals), line.substring(equals + 1));
				}
			});
			return new Received(Long.parseLong(values.get("count")), Long.parseLong(values.get("bytes")),
					values.getOrDefault("last", ""));
		}

		/** What the receiver counted: log records, their protobuf bytes, the last record's body. */
		private record Received(long count, long bytes, String last) {
		}

	}

	/**
	 * Delivered with the destination away: every line is in the appender's spool, and its lane
	 * holds none; the otlp appender's client holds the requests it keeps trying (counted sent,
	 * not acknowledged). The check: spool and client hold exactly the lines logged, and the lane
	 * dropped none.
	 */
	static final class SpoolDelivery implements Delivery {

		private final Lane lane;

		private final Sender sender;

		SpoolDelivery() {
			RemoteLane running = remoteLane();
			this.lane = (running != null) ? running.lane() : null;
			this.sender = (running != null) ? running.sender() : null;
			if (this.lane == null || this.sender == null) {
				throw new IllegalStateException("no lane or sender for appender '" + APPENDER + "'");
			}
		}

		@Override
		public boolean awaitDelivered(long total, Duration patience) throws InterruptedException {
			long deadline = System.nanoTime() + patience.toNanos();
			while (spooled() + held() < total) {
				if (notSent() || System.nanoTime() > deadline) {
					return false;
				}
				Thread.sleep(0, 200_000);
			}
			return true;
		}

		private long spooled() {
			Shipping.Spool spool = this.lane.spoolReading();
			return (spool != null) ? spool.records() : 0;
		}

		/** Records handed to the client and neither acknowledged nor failed: the request it keeps trying. */
		private long held() {
			return this.sender.waiting();
		}

		@Override
		public Check check(long total) {
			Shipping.Spool spool = this.lane.spoolReading();
			boolean passed = spool != null && spool.records() + held() == total && this.lane.laneReading().records() == 0
					&& this.sender.acknowledged() == 0 && this.sender.failed() == 0 && !notSent();
			return new Check(passed, state(), (spool != null && spool.records() > 0) ? spool.bytes() / spool.records() : 0);
		}

		@Override
		public String state() {
			Shipping.Spool spool = this.lane.spoolReading();
			return "spool " + ((spool != null) ? spool.records() + " records, " + spool.bytes() + " bytes" : "not open")
					+ ", lane " + this.lane.laneReading().records() + " records, client " + held() + " records; "
					+ senderState(this.sender);
		}

	}

	/** Delivered: the file ends with the last line (one caller, one ring thread: lines arrive in order). */
	static final class FileDelivery implements Delivery {

		private final Path file;

		FileDelivery(Path file) {
			this.file = file;
		}

		@Override
		public boolean awaitDelivered(long total, Duration patience) throws Exception {
			if (total == 0) {
				return true;
			}
			String last = TEXT + (FIRST + total - 1) + "\n";
			long deadline = System.nanoTime() + patience.toNanos();
			while (!tail(last.length()).equals(last)) {
				if (System.nanoTime() > deadline) {
					return false;
				}
				Thread.sleep(0, 200_000);
			}
			return true;
		}

		@Override
		public String state() {
			try {
				return "file ends with '" + tail(40).strip() + "'";
			}
			catch (IOException ex) {
				return "file unreadable: " + ex;
			}
		}

		private String tail(int length) throws IOException {
			if (!Files.exists(this.file)) {
				return "";
			}
			try (RandomAccessFile in = new RandomAccessFile(this.file.toFile(), "r")) {
				long size = in.length();
				if (size < length) {
					return "";
				}
				byte[] bytes = new byte[length];
				in.seek(size - length);
				in.readFully(bytes);
				return new String(bytes, StandardCharsets.UTF_8);
			}
		}

		@Override
		public Check check(long total) throws IOException {
			long size = Files.size(this.file);
			long lines;
			try (Stream<String> all = Files.lines(this.file, StandardCharsets.UTF_8)) {
				lines = all.count();
			}
			String last = TEXT + (FIRST + total - 1) + "\n";
			boolean endsWithLast = tail(last.length()).equals(last);
			return new Check(lines == total && endsWithLast,
					lines + " lines of " + total + ", " + size + " bytes, last line "
							+ (endsWithLast ? "is" : "is not") + " line " + (FIRST + total - 1),
					(lines > 0) ? size / lines : 0);
		}

	}

	/**
	 * The run's options: {@code --config kafka|kafka-ecs|kafka-away|otlp|otlp-away|file --round R
	 * --position P --lines N --warmup W [--warmup-seconds S] --csv PATH [--threads PATH] --broker-pid PID [--clock-ticks 100]},
	 * and for kafka {@code --bootstrap HOST:PORT --topic T}, for otlp {@code --endpoint URL}, for file
	 * {@code --file PATH}. The broker's pid is the OTLP receiver's for otlp.
	 */
	record Options(String config, int round, int position, long lines, long warmup, long warmupSeconds, Path csv,
			Path threads, String brokerPid, long clockTicks, String bootstrap, String topic, Path file,
			String endpoint) {

		/** The same run with the lines the warm-up logged in all its passes. */
		Options withWarmup(long lines) {
			return new Options(this.config, this.round, this.position, this.lines, lines, this.warmupSeconds, this.csv,
					this.threads, this.brokerPid, this.clockTicks, this.bootstrap, this.topic, this.file,
					this.endpoint);
		}

		static final List<String> CONFIGS = List.of("kafka", "kafka-ecs", "kafka-away", "otlp", "otlp-away", "file");

		/** The appender's type: {@code kafka}, {@code otlp} or {@code file}. */
		String type() {
			return typeOf(this.config);
		}

		/** Whether the appender ships (with a lane and a spool). */
		boolean remote() {
			return !this.config.equals("file");
		}

		private static String typeOf(String config) {
			return config.startsWith("otlp") ? "otlp" : config.startsWith("kafka") ? "kafka" : "file";
		}

		static Options parse(String[] args) {
			Map<String, String> values = new LinkedHashMap<>();
			for (int i = 0; i < args.length; i += 2) {
				if (!args[i].startsWith("--") || i + 1 >= args.length) {
					throw new IllegalArgumentException("expected --name value pairs, got " + List.of(args));
				}
				values.put(args[i].substring(2), args[i + 1]);
			}
			String config = values.getOrDefault("config", "");
			List<String> needed = switch (typeOf(config)) {
				case "kafka" -> List.of("bootstrap", "topic");
				case "otlp" -> List.of("endpoint");
				default -> List.of("file");
			};
			if (!CONFIGS.contains(config) || !values.containsKey("lines") || !values.containsKey("csv")
					|| !values.keySet().containsAll(needed)) {
				throw new IllegalArgumentException("needs --config one of " + CONFIGS + ", --lines, --csv, and --bootstrap"
						+ " and --topic for kafka, --endpoint for otlp, --file for file; got " + values);
			}
			Function<String, Path> path = (name) -> values.containsKey(name) ? Path.of(values.get(name)) : null;
			return new Options(config, Integer.parseInt(values.getOrDefault("round", "1")),
					Integer.parseInt(values.getOrDefault("position", "1")), Long.parseLong(values.get("lines")),
					Long.parseLong(values.getOrDefault("warmup", "0")),
					Long.parseLong(values.getOrDefault("warmup-seconds", "0")), path.apply("csv"), path.apply("threads"),
					values.getOrDefault("broker-pid", "self"), Long.parseLong(values.getOrDefault("clock-ticks", "100")),
					values.get("bootstrap"), values.get("topic"), path.apply("file"), values.get("endpoint"));
		}

	}

}
