package io.asynclog.loadtests.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reliability issue 6, shutdown drain under load: the demo app (forked from its built jar,
 * {@code async-logger}, six immediately flushed files, a 128-slot ring, pinned to one CPU when
 * {@code taskset} works so the background thread competes with Tomcat's for it) gets SIGTERM
 * in the middle of a plain-HTTP run from {@value #REQUESTERS} requester threads, which keep
 * sending until the port refuses connections. Every request answered 200 must then have its
 * line, exactly once, in every file; the files must hold the numbers 1..N without gaps, so that
 * no handled request lost its line either; the app must exit by itself with the JVM's SIGTERM
 * code and without asynclog's "still queued" warning. Requests go to 127.0.0.1 only; every
 * wait is bounded so that a hang fails the test.
 *
 * @author asynclog
 */
class SigtermMidRunTest {

	private static final RunConfig CONFIG = RunConfig.parse("async-logger/6/flush/plain");

	private static final List<String> SMALL_RING = List.of("--asynclog.ring-buffer-size=128",
			"--asynclog.shutdown-timeout=10s");

	private static final int REQUESTERS = 16;

	private static final Duration LOAD_BEFORE_SIGTERM = Duration.ofMillis(1500);

	/** Requesters give up this long after SIGTERM even if the port never refuses. */
	private static final Duration LOAD_AFTER_SIGTERM_LIMIT = Duration.ofSeconds(15);

	private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(30);

	/** 128 + SIGTERM: the JVM's exit after its shutdown hooks ran, which is what Spring Boot gives. */
	private static final int SIGTERM_EXIT_CODE = 143;

	private static final String STILL_QUEUED = "were still queued when asynclog.shutdown-timeout";

	@Test
	@Timeout(180)
	void everyRequestAnswered200BeforeOrAfterSigtermHasItsLineOnDisk() throws Exception {
		Path out = Path.of("target", "sigterm-mid-run").toAbsolutePath();
		SingleRun.deleteTree(out);
		Path logDir = Files.createDirectories(out.resolve("logs"));
		List<String> pin = HttpComparison.Pinning.detect(true, System.out).app();
		try (AppProcess app = AppProcess.start(Path.of(System.getProperty("java.home"), "bin", "java"), HttpComparisonSmokeTest.demoJar(),
				CONFIG, logDir, pin, out.resolve("app-stdout.log"), SMALL_RING)) {
			app.awaitHealthy();
			Load load = new Load(app.client(), app.baseUrl().resolve("/log"));
			load.start();
			Thread.sleep(LOAD_BEFORE_SIGTERM.toMillis());
			long handledBeforeSigterm = app.count();
			QueueReading queue = QueueReading.read(app.client(), app.baseUrl(), out.resolve("asynclog.json"));
			load.sigtermComing();
			app.sendSigterm();
			long sigtermAt = System.nanoTime();
			load.sigtermSentAt(sigtermAt);
			int exitCode = app.awaitExit(EXIT_TIMEOUT);
			Duration exitAfter = Duration.ofNanos(System.nanoTime() - sigtermAt);
			load.awaitEnd(LOAD_AFTER_SIGTERM_LIMIT);

			String appOutput = Files.readString(app.stdout(), StandardCharsets.ISO_8859_1);
			Disk disk = Disk.read(logDir, CONFIG.appenders());
			String counts = ("answered 200: %d (%d of them after SIGTERM), other status: %d, broken: %d, refused: %d;"
					+ " handled before SIGTERM: %d, lines per file: %d (1..%d); queue at SIGTERM: used %d, peak %d;"
					+ " exit %d after %d ms").formatted(load.answered.size(), load.answeredAfterSigterm.get(),
							load.otherStatus.get(), load.broken.get(), load.refused.get(), handledBeforeSigterm,
							disk.lines(), disk.highest(), queue.used(), queue.peak(), exitCode, exitAfter.toMillis());
			System.out.println("SigtermMidRunTest: " + counts);
			Files.writeString(out.resolve("counts.txt"), counts + System.lineSeparator());

			assertNull(load.unexpected.get(), () -> "a requester failed before SIGTERM; " + counts);
			assertTrue(handledBeforeSigterm > 0 && !load.answered.isEmpty(), () -> "no load reached the app; " + counts);
			List<Long> missing = load.answered.stream().filter((n) -> !disk.numbers().get(n.intValue())).sorted()
				.limit(20).toList();
			assertTrue(missing.isEmpty(), () -> "answered 200 but not on disk, for example " + missing + "; " + counts);

			// The app's /log/count cannot be read after it exited: the highest number on disk
			// stands for it, and LineCheck then demands 1..N exactly once in every file.
			LineCheck.Result check = LineCheck.check(logDir, CONFIG.appenders(), false, disk.highest(),
					load.answered.size());
			assertTrue(check.ok(), () -> String.join("; ", check.problems()) + "; " + counts);
			assertTrue(disk.highest() >= handledBeforeSigterm,
					() -> "fewer lines than requests handled before SIGTERM; " + counts);

			assertEquals(SIGTERM_EXIT_CODE, exitCode, () -> "exit code; " + counts + "; see " + app.stdout());
			assertFalse(appOutput.contains(STILL_QUEUED), () -> "asynclog had to give up the drain; " + counts);
			assertEquals(0, queue.dropped(), () -> "the queue dropped events; " + counts);
			assertTrue(load.refused.get() > 0, () -> "the port never refused a connection; " + counts);
		}
	}

	/**
	 * The request numbers of the first file: the others must match it, which LineCheck checks.
	 * @param numbers the numbers found
	 * @param lines how many request lines
	 * @param highest the highest number
	 */
	private record Disk(BitSet numbers, long lines, long highest) {

		static Disk read(Path logDir, int appenders) throws IOException {
			BitSet numbers = new BitSet();
			long lines = 0;
			long highest = 0;
			try (BufferedReader reader = Files.newBufferedReader(logDir.resolve("app-1.log"),
					StandardCharsets.ISO_8859_1)) {
				String line;
				while ((line = reader.readLine()) != null) {
					long number = LineCheck.requestNumber(line);
					if (number >= 0) {
						lines++;
						highest = Math.max(highest, number);
						numbers.set((int) number);
					}
				}
			}
			return new Disk(numbers, lines, highest);
		}

	}

	/**
	 * Platform threads sending {@code GET /log} back to back, each until its connection is
	 * refused after SIGTERM. A broken exchange (reset, closed mid-response) while Tomcat shuts
	 * down is counted, not fatal: that request may or may not have been handled, and the
	 * gap-free check on disk covers it either way.
	 */
	private static final class Load {

		private final HttpClient client;

		private final HttpRequest request;

		private final List<Thread> threads = new ArrayList<>();

		private volatile boolean sigtermComing;

		private volatile long sigtermSentAt = Long.MAX_VALUE;

		private volatile long giveUpAt = Long.MAX_VALUE;

		final Set<Long> answered = ConcurrentHashMap.newKeySet();

		final AtomicLong answeredAfterSigterm = new AtomicLong();

		final AtomicLong otherStatus = new AtomicLong();

		final AtomicLong broken = new AtomicLong();

		final AtomicLong refused = new AtomicLong();

		final AtomicReference<Throwable> unexpected = new AtomicReference<>();

		Load(HttpClient client, URI url) {
			this.client = client;
			this.request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build();
		}

		void start() {
			for (int i = 0; i < REQUESTERS; i++) {
				Thread thread = new Thread(this::sendUntilRefused, "sigterm-requester-" + i);
				thread.setDaemon(true);
				this.threads.add(thread);
				thread.start();
			}
		}

		/** From now on a refused or broken connection is the shutdown, not a failure. */
		void sigtermComing() {
			this.sigtermComing = true;
			this.giveUpAt = System.nanoTime() + LOAD_AFTER_SIGTERM_LIMIT.toNanos();
		}

		/** Responses received from then on count as answered after SIGTERM. */
		void sigtermSentAt(long nanoTime) {
			this.sigtermSentAt = nanoTime;
		}

		void awaitEnd(Duration timeout) throws InterruptedException {
			long deadline = System.nanoTime() + timeout.toNanos();
			for (Thread thread : this.threads) {
				thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
				assertFalse(thread.isAlive(), thread.getName() + " still sends " + timeout.toSeconds()
						+ " s after SIGTERM");
			}
		}

		private void sendUntilRefused() {
			while (System.nanoTime() < this.giveUpAt) {
				try {
					HttpResponse<String> response = this.client.send(this.request,
							HttpResponse.BodyHandlers.ofString(StandardCharsets.US_ASCII));
					String body = response.body().strip();
					if (response.statusCode() == 200 && body.startsWith("logged ")) {
						this.answered.add(Long.parseLong(body.substring("logged ".length())));
						if (System.nanoTime() > this.sigtermSentAt) {
							this.answeredAfterSigterm.incrementAndGet();
						}
					}
					else {
						this.otherStatus.incrementAndGet();
					}
				}
				catch (ConnectException ex) {
					if (!this.sigtermComing) {
						this.unexpected.compareAndSet(null, ex);
					}
					this.refused.incrementAndGet();
					return;
				}
				catch (IOException ex) {
					if (!this.sigtermComing) {
						this.unexpected.compareAndSet(null, ex);
						return;
					}
					this.broken.incrementAndGet();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
				catch (RuntimeException ex) {
					this.unexpected.compareAndSet(null, ex);
					return;
				}
			}
		}

	}

}
