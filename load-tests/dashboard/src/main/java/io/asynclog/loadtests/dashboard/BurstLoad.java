package io.asynclog.loadtests.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends {@code GET /log} from a few threads in repeating cycles of a burst (all threads, no
 * pause), a trickle (one thread, short pauses) and an idle gap (no requests). The number of
 * requests is bounded by a budget and the run by a deadline.
 *
 * @author asynclog
 */
final class BurstLoad {

	/** Length of one cycle. */
	static final long CYCLE_MILLIS = 10_000;

	/** Burst at the start of each cycle: every thread sends back to back. */
	static final long BURST_MILLIS = 3_000;

	/** Trickle after the burst: one thread, {@link #TRICKLE_PAUSE_MILLIS} between requests. */
	static final long TRICKLE_MILLIS = 2_000;

	static final long TRICKLE_PAUSE_MILLIS = 2;

	private final HttpClient client;

	private final URI target;

	private final int threads;

	private final AtomicLong budget;

	private final AtomicLong sent = new AtomicLong();

	private final AtomicLong failed = new AtomicLong();

	private final List<Thread> workers = new ArrayList<>();

	private volatile boolean stopped;

	private long startNanos;

	private long deadlineNanos;

	BurstLoad(URI target, int threads, long maxRequests) {
		this.client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(2))
			.build();
		this.target = target;
		this.threads = threads;
		this.budget = new AtomicLong(maxRequests);
	}

	static String describe() {
		return "cycles of " + (CYCLE_MILLIS / 1000) + " s: " + (BURST_MILLIS / 1000) + " s burst (all threads back to back), "
				+ (TRICKLE_MILLIS / 1000) + " s trickle (1 thread, " + TRICKLE_PAUSE_MILLIS + " ms pause), "
				+ ((CYCLE_MILLIS - BURST_MILLIS - TRICKLE_MILLIS) / 1000) + " s idle";
	}

	void start(long startNanos, long deadlineNanos) {
		this.startNanos = startNanos;
		this.deadlineNanos = deadlineNanos;
		for (int i = 0; i < this.threads; i++) {
			int index = i;
			Thread worker = new Thread(() -> run(index), "load-" + i);
			worker.setDaemon(true);
			this.workers.add(worker);
			worker.start();
		}
	}

	void stopAndJoin() throws InterruptedException {
		this.stopped = true;
		for (Thread worker : this.workers) {
			worker.join(10_000);
		}
	}

	long sent() {
		return this.sent.get();
	}

	long failed() {
		return this.failed.get();
	}

	private void run(int index) {
		HttpRequest request = HttpRequest.newBuilder(this.target).timeout(Duration.ofSeconds(5)).GET().build();
		while (!this.stopped && !Thread.currentThread().isInterrupted()) {
			long now = System.nanoTime();
			if (now >= this.deadlineNanos) {
				return;
			}
			long inCycle = ((now - this.startNanos) / 1_000_000) % CYCLE_MILLIS;
			boolean burst = inCycle < BURST_MILLIS;
			boolean trickle = !burst && inCycle < BURST_MILLIS + TRICKLE_MILLIS;
			if (!burst && !(trickle && index == 0)) {
				sleep(20);
				continue;
			}
			if (this.budget.getAndDecrement() <= 0) {
				return;
			}
			try {
				HttpResponse<Void> response = this.client.send(request, HttpResponse.BodyHandlers.discarding());
				if (response.statusCode() != 200) {
					this.failed.incrementAndGet();
				}
			}
			catch (java.io.IOException ex) {
				this.failed.incrementAndGet();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			this.sent.incrementAndGet();
			if (trickle) {
				sleep(TRICKLE_PAUSE_MILLIS);
			}
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
