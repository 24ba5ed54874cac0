package io.asynclog.loadtests.shipping;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import io.asynclog.loadtests.report.RunFiles;
import io.asynclog.loadtests.shipping.run.ThreadCpu;

/**
 * A fixed-rate open-model load on the demo app's {@code GET /log} for scripts/shipping-latency.sh:
 * request {@code i} is due at {@code start + i / rate}, sent without waiting for earlier answers
 * and timed from that due time (no coordinated omission: a stalled sender or server shows in the
 * figures). The first {@code --warmup} seconds are not recorded; while measuring, a second thread
 * reads {@code /actuator/asynclog} every 200 ms for the most ring slots in use. Appends one row to
 * {@code --csv} ({@link #HEADER}) and prints it after {@code RESULT }.
 * <p>
 * Usage: {@code LatencyLoad --base http://127.0.0.1:PORT --config NAME --round N --position P
 * --rate R --seconds S --warmup W --lines L --csv FILE}
 *
 * @author asynclog
 */
public final class LatencyLoad {

	/** The raw CSV's header. */
	public static final String HEADER = "config,round,position,rate,seconds,lines,requests,errors,p50_ms,p99_ms,p999_ms,"
			+ "max_ms,mean_ms,send_lag_max_ms,ring_capacity,ring_max_used,ring_peak,dropped,sent,acknowledged,waiting,"
			+ "load1_start,load1_end,loadavg_end";

	private static final long MAX_TRACKED_MICROS = TimeUnit.SECONDS.toMicros(120);

	private static final ObjectMapper MAPPER = JsonMapper.builder().build();

	private LatencyLoad() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new HashMap<>(Map.of("round", "1", "position", "1", "rate", "500", "seconds", "30",
				"warmup", "20", "lines", "10"));
		for (int i = 0; i + 1 < args.length; i += 2) {
			String name = args[i].substring(2);
			if (!args[i].startsWith("--") || !(options.containsKey(name) || List.of("base", "config", "csv").contains(name))) {
				throw new IllegalArgumentException("unknown option " + args[i]);
			}
			options.put(name, args[i + 1]);
		}
		String base = options.getOrDefault("base", "");
		int rate = Integer.parseInt(options.get("rate"));
		int seconds = Integer.parseInt(options.get("seconds"));
		int warmup = Integer.parseInt(options.get("warmup"));
		if (!base.startsWith("http://127.0.0.1:") || !options.containsKey("config") || !options.containsKey("csv")) {
			throw new IllegalArgumentException("needs --base http://127.0.0.1:PORT, --config and --csv");
		}
		if (rate < 1 || rate > 5000 || seconds < 1 || seconds > 600 || warmup < 0 || warmup > 600) {
			throw new IllegalArgumentException("rate 1-5000, seconds 1-600, warmup 0-600");
		}
		run(base, options.get("config"), Integer.parseInt(options.get("round")), Integer.parseInt(options.get("position")),
				rate, seconds, warmup, Integer.parseInt(options.get("lines")), Path.of(options.get("csv")));
	}

	private static void run(String base, String config, int round, int position, int rate, int seconds, int warmup,
			int lines, Path csv) throws Exception {
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(30))
			.build();
		HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/log?lines=" + lines))
			.timeout(Duration.ofSeconds(60))
			.GET()
			.build();
		long period = TimeUnit.SECONDS.toNanos(1) / rate;
		long warmupCount = (long) warmup * rate;
		long total = warmupCount + (long) seconds * rate;
		Histogram measured = new ConcurrentHistogram(MAX_TRACKED_MICROS, 3);
		AtomicLong errors = new AtomicLong();
		AtomicLong sendLagMax = new AtomicLong();
		// The ring watch has a client of its own, so its reads never queue behind the load's.
		HttpClient watchClient = HttpClient.newHttpClient();
		HttpRequest endpoint = HttpRequest.newBuilder(URI.create(base + "/actuator/asynclog"))
			.timeout(Duration.ofSeconds(10))
			.build();
		ScheduledExecutorService watch = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "ring-watch");
			thread.setDaemon(true);
			return thread;
		});
		AtomicLong maxUsed = new AtomicLong();
		AtomicLong watchedCapacity = new AtomicLong();
		AtomicLong reads = new AtomicLong();
		AtomicLong failedReads = new AtomicLong();
		List<CompletableFuture<?>> pending = new ArrayList<>();
		String loadStart = "";
		System.out.printf(Locale.ROOT, "%s: %d requests/s, %d s warm-up, %d s measured, %d lines each%n", config,
				rate, warmup, seconds, lines);
		long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
		for (long i = 0; i < total; i++) {
			long due = start + i * period;
			long wait;
			while ((wait = due - System.nanoTime()) > 0) {
				LockSupport.parkNanos(wait);
			}
			boolean record = i >= warmupCount;
			if (i == warmupCount) {
				loadStart = ThreadCpu.loadAverage();
				watch.scheduleWithFixedDelay(() -> {
					JsonNode node = read(watchClient, endpoint);
					if (node == null) {
						failedReads.incrementAndGet();
						return;
					}
					reads.incrementAndGet();
					for (JsonNode queue : node.path("queues")) {
						maxUsed.accumulateAndGet(queue.path("used").asLong(), Math::max);
						watchedCapacity.accumulateAndGet(queue.path("capacity").asLong(), Math::max);
					}
				}, 0, 200, TimeUnit.MILLISECONDS);
				System.out.println("measuring");
			}
			if (record) {
				sendLagMax.accumulateAndGet(System.nanoTime() - due, Math::max);
			}
			CompletableFuture<?> answer = client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
				.whenComplete((response, failure) -> {
					long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - due);
					if (!record) {
						return;
					}
					if (failure != null || response.statusCode() != 200) {
						if (errors.incrementAndGet() == 1) {
							System.out.println(
									"first error: " + ((failure != null) ? failure : "status " + response.statusCode()));
						}
					}
					measured.recordValue(Math.min(Math.max(micros, 0), MAX_TRACKED_MICROS));
				});
			if (record) {
				pending.add(answer);
			}
		}
		try {
			CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
				.exceptionally((ex) -> null)
				.get(90, TimeUnit.SECONDS);
		}
		catch (TimeoutException ex) {
			errors.addAndGet(pending.stream().filter((f) -> !f.isDone()).count());
		}
		watch.shutdown();
		watch.awaitTermination(15, TimeUnit.SECONDS);
		String loadEnd = ThreadCpu.loadAverage();
		JsonNode last = read(watchClient, endpoint);
		long ringPeak = 0;
		long dropped = 0;
		long capacity = watchedCapacity.get();
		JsonNode shipping = MAPPER.createObjectNode();
		if (last != null) {
			for (JsonNode queue : last.path("queues")) {
				ringPeak = Math.max(ringPeak, queue.path("peak").asLong());
				dropped += queue.path("dropped").asLong();
				capacity = Math.max(capacity, queue.path("capacity").asLong());
			}
			shipping = last.path("appenders").valueStream()
				.filter((appender) -> appender.has("shipping") && !appender.path("shipping").isNull())
				.map((appender) -> appender.path("shipping"))
				.findFirst()
				.orElse(shipping);
		}
		String row = String.join(",", config, Integer.toString(round), Integer.toString(position),
				Integer.toString(rate), Integer.toString(seconds), Integer.toString(lines),
				Long.toString(measured.getTotalCount()), Long.toString(errors.get()), ms(measured.getValueAtPercentile(50)),
				ms(measured.getValueAtPercentile(99)), ms(measured.getValueAtPercentile(99.9)), ms(measured.getMaxValue()),
				ms(measured.getMean()), ms(TimeUnit.NANOSECONDS.toMicros(sendLagMax.get())), Long.toString(capacity),
				Long.toString(maxUsed.get()), Long.toString(ringPeak), Long.toString(dropped),
				Long.toString(shipping.path("sent").asLong(-1)), Long.toString(shipping.path("acknowledged").asLong(-1)),
				Long.toString(shipping.path("waiting").asLong(-1)), loadStart.split(" ")[0], loadEnd.split(" ")[0],
				loadEnd.replace(' ', '/'));
		RunFiles.appendRows(csv, HEADER, row + "\n");
		System.out.println("RESULT " + row);
		System.out.println("ring reads: " + reads + ", failed " + failedReads);
		System.out.println("last /actuator/asynclog: " + last);
		System.exit(0);
	}

	/** The endpoint's JSON, or null when it cannot be read. */
	private static JsonNode read(HttpClient client, HttpRequest endpoint) {
		try {
			HttpResponse<String> response = client.send(endpoint, HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200) ? MAPPER.readTree(response.body()) : null;
		}
		catch (IOException | RuntimeException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	private static String ms(double micros) {
		return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
	}

}
