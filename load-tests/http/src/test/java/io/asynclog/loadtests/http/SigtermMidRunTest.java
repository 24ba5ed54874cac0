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
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Reliability issue 6 and issue 17's item 5, shutdown drain under real load: the demo app
 * (forked from its built jar, {@code async-logger}, three immediately flushed files and a
 * console that the runner reads at 256 KiB/s, {@link ThrottledReader}, so that once the pipe
 * is full every console write waits; a 262,144-slot ring; pinned to one CPU when
 * {@code taskset} works) gets {@value #LINES} lines a request from {@value #REQUESTERS}
 * requester threads, and SIGTERM once {@code /actuator/asynclog} shows at least
 * {@value #BACKLOG_TARGET} events queued: the ring holds a real backlog when the app is told
 * to stop. The requesters keep sending until the port refuses connections. Every line of every
 * request answered 200 must then be, exactly once, in every file and in the console's captured
 * output; they must all hold every line of the request numbers 1..N without gaps, so that no
 * handled request lost a line either;
 * the app must exit by itself with the JVM's SIGTERM code within the shutdown timeout, without
 * asynclog's "still queued" warning. Requests go to 127.0.0.1 only; every wait is bounded so
 * that a hang fails the test.
 *
 * @author asynclog
 */
class SigtermMidRunTest {

	private static final int LINES = 100;

	private static final RunConfig CONFIG = RunConfig.parse("async-logger/3/flush/plain/lines=" + LINES + "/sink=slow");

	/** asynclog's bound on the drain at shutdown; the backlog must fit in it with room to spare. */
	private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * A deep ring, so that the backlog is what the slow console leaves behind, not a small ring's
	 * capacity with every request thread blocked on it.
	 */
	private static final List<String> DEEP_RING = List.of("--asynclog.ring-buffer-size=262144",
			"--asynclog.shutdown-timeout=" + SHUTDOWN_TIMEOUT.toSeconds() + "s");

	/**
	 * Events queued at SIGTERM, at least: at the slow sink's 256 KiB/s and about 190 bytes a
	 * console line, about 7 s of draining, well inside {@link #SHUTDOWN_TIMEOUT}.
	 */
	private static final long BACKLOG_TARGET = 10_000;

	/** How long the load may take to build the backlog before the test gives up. */
	private static final Duration BACKLOG_WAIT = Duration.ofSeconds(30);

	private static final int REQUESTERS = 16;

	/** Requesters give up this long after SIGTERM even if the port never refuses. */
	private static final Duration LOAD_AFTER_SIGTERM_LIMIT = Duration.ofSeconds(15);

	/** The shutdown timeout, plus Tomcat's graceful stop and the JVM's own exit. */
	private static final Duration EXIT_TIMEOUT = SHUTDOWN_TIMEOUT.plusSeconds(10);

	/** 128 + SIGTERM: the JVM's exit after its shutdown hooks ran, which is what Spring Boot gives. */
	private static final int SIGTERM_EXIT_CODE = 143;

	private static final String STILL_QUEUED = "were still queued when asynclog.shutdown-timeout";

	@Test
	@Timeout(110)
	void everyLineOfEveryRequestAnswered200HasReachedDiskAfterSigtermWithABacklog() throws Exception {
		Path out = Path.of("target", "sigterm-mid-run").toAbsolutePath();
		SingleRun.deleteTree(out);
		Path logDir = Files.createDirectories(out.resolve("logs"));
		List<String> pin = CpuPlacement.detect(true, System.out).app();
		try (AppProcess app = AppProcess.start(Path.of(System.getProperty("java.home"), "bin", "java"),
				HttpComparisonSmokeTest.demoJar(), CONFIG, logDir, pin, out.resolve("app-stdout.log"), List.of(), DEEP_RING)) {
			app.awaitHealthy();
			Load load = new Load(app.client(), app.baseUrl().resolve("/log?lines=" + LINES));
			load.start();
			long loadStart = System.nanoTime();
			QueueReading queue = awaitBacklog(app, out.resolve("asynclog.json"), load);
			long loadMillis = (System.nanoTime() - loadStart) / 1_000_000;
			long handledBeforeSigterm = app.count();
			load.sigtermComing();
			app.sendSigterm();
			long sigtermAt = System.nanoTime();
			load.sigtermSentAt(sigtermAt);
			int exitCode = app.awaitExit(EXIT_TIMEOUT);
			Duration exitAfter = Duration.ofNanos(System.nanoTime() - sigtermAt);
			load.awaitEnd(LOAD_AFTER_SIGTERM_LIMIT);

			String appOutput = Files.readString(app.stdout(), StandardCharsets.ISO_8859_1);
			List<Disk> disks = new ArrayList<>();
			for (int i = 1; i <= CONFIG.appenders(); i++) {
				disks.add(Disk.read(logDir.resolve("app-" + i + ".log")));
			}
			// The slow console itself, complete once awaitExit has returned: the backlog waited for it.
			disks.add(Disk.read(app.stdout()));
			Disk disk = disks.get(0);
			String counts = ("load %d ms before SIGTERM; queue just before SIGTERM: used %d, peak %d, dropped %d;"
					+ " answered 200: %d (%d of them after SIGTERM), other status: %d, broken: %d, refused: %d;"
					+ " handled before SIGTERM: %d; request lines per file and on the console: %d (requests 1..%d x %d lines);"
					+ " exit %d after %d ms").formatted(loadMillis, queue.used(), queue.peak(), queue.dropped(),
							load.answered.size(), load.answeredAfterSigterm.get(), load.otherStatus.get(),
							load.broken.get(), load.refused.get(), handledBeforeSigterm, disk.lines(), disk.highest(),
							LINES, exitCode, exitAfter.toMillis());
			System.out.println("SigtermMidRunTest: " + counts);
			Files.writeString(out.resolve("counts.txt"), counts + System.lineSeparator());

			assertNull(load.unexpected.get(), () -> "a requester failed before SIGTERM; " + counts);
			assertTrue(queue.used() >= BACKLOG_TARGET, () -> "no real backlog at SIGTERM; " + counts);
			assertTrue(handledBeforeSigterm > 0 && !load.answered.isEmpty(), () -> "no load reached the app; " + counts);
			for (Disk file : disks) {
				// Every line of requests 1..N exactly once: no line lost, none written twice.
				assertEquals(0, file.duplicates(), () -> file.name() + " holds lines twice, for example "
						+ file.firstDuplicate() + "; " + counts);
				List<String> missing = file.missing(disk.highest(), 20);
				assertTrue(missing.isEmpty(), () -> file.name() + " lacks lines of handled requests, for example "
						+ missing + "; " + counts);
				assertEquals(disk.highest(), file.highest(), () -> file.name() + " ends elsewhere; " + counts);
				assertEquals(disk.highest() * LINES, file.lines(), () -> file.name() + " line count; " + counts);
			}
			// The answered requests are among 1..N, so the gap-free check above covers their lines.
			long beyond = load.answered.stream().filter((n) -> n > disk.highest()).count();
			assertEquals(0, beyond, () -> beyond + " requests answered 200 have no line on disk; " + counts);
			assertTrue(disk.highest() >= handledBeforeSigterm,
					() -> "fewer requests on disk than handled before SIGTERM; " + counts);

			assertEquals(SIGTERM_EXIT_CODE, exitCode, () -> "exit code; " + counts + "; see " + app.stdout());
			assertFalse(appOutput.contains(STILL_QUEUED), () -> "asynclog had to give up the drain; " + counts);
			assertEquals(0, queue.dropped(), () -> "the queue dropped events; " + counts);
			assertTrue(load.refused.get() > 0, () -> "the port never refused a connection; " + counts);
		}
	}

	/**
	 * Reads the queues every 100 ms while the load runs, until they hold at least
	 * {@link #BACKLOG_TARGET} events; fails, with the most it saw, if they do not within
	 * {@link #BACKLOG_WAIT}.
	 */
	private static QueueReading awaitBacklog(AppProcess app, Path copy, Load load)
			throws IOException, InterruptedException {
		long deadline = System.nanoTime() + BACKLOG_WAIT.toNanos();
		long most = 0;
		while (System.nanoTime() < deadline) {
			QueueReading reading = QueueReading.read(app, copy);
			if (reading.used() >= BACKLOG_TARGET) {
				return reading;
			}
			most = Math.max(most, reading.used());
			assertNull(load.unexpected.get(), "a requester failed while the backlog built up");
			Thread.sleep(100);
		}
		fail("the ring never held " + BACKLOG_TARGET + " events within " + BACKLOG_WAIT.toSeconds()
				+ " s of load; at most " + most + " (answered so far: " + load.answered.size() + ")");
		return null;
	}

	/**
	 * The request lines of one file, as a grid of request number x line number.
	 * @param name the file's name
	 * @param seen bit {@code (n - 1) * LINES + (line - 1)} for each line found
	 * @param lines how many request lines
	 * @param highest the highest request number
	 * @param duplicates how many lines were found more than once
	 * @param firstDuplicate the first such line's request and line number, or empty
	 */
	private record Disk(String name, BitSet seen, long lines, long highest, long duplicates, String firstDuplicate) {

		private static final String LINE = " line ";

		static Disk read(Path file) throws IOException {
			BitSet seen = new BitSet();
			long lines = 0;
			long highest = 0;
			long duplicates = 0;
			String firstDuplicate = "";
			try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
				String text;
				while ((text = reader.readLine()) != null) {
					long number = LineCheck.requestNumber(text);
					if (number < 0) {
						continue;
					}
					int line = lineNumber(text);
					if (number < 1 || line < 1 || line > LINES) {
						throw new IOException(file + ": a request line without a line number 1.." + LINES + ": " + text);
					}
					lines++;
					highest = Math.max(highest, number);
					int bit = Math.toIntExact((number - 1) * LINES + (line - 1));
					if (seen.get(bit)) {
						if (duplicates++ == 0) {
							firstDuplicate = number + "/" + line;
						}
					}
					seen.set(bit);
				}
			}
			return new Disk(file.getFileName().toString(), seen, lines, highest, duplicates, firstDuplicate);
		}

		/** The demo's {@code request %010d line %02d}: the digits after " line ", -1 if none. */
		private static int lineNumber(String text) {
			int at = text.indexOf(LINE, text.indexOf(LineCheck.MARKER));
			if (at < 0) {
				return -1;
			}
			int value = 0;
			int digits = 0;
			for (int i = at + LINE.length(); i < text.length() && Character.isDigit(text.charAt(i)); i++) {
				value = value * 10 + (text.charAt(i) - '0');
				digits++;
			}
			return (digits == 0 || digits > 3) ? -1 : value;
		}

		/** Up to {@code limit} request/line pairs of requests 1..highest that are not here. */
		List<String> missing(long highest, int limit) {
			List<String> missing = new ArrayList<>();
			int end = Math.toIntExact(highest * LINES);
			for (int bit = this.seen.nextClearBit(0); bit < end && missing.size() < limit;
					bit = this.seen.nextClearBit(bit + 1)) {
				missing.add((bit / LINES + 1) + "/" + (bit % LINES + 1));
			}
			return missing;
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
