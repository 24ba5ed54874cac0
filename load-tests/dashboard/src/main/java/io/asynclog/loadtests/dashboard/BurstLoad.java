package io.asynclog.loadtests.dashboard;

import java.io.IOException;
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

	static final long CYCLE_MILLIS = 10_000;

	static final long BURST_MILLIS = 3_000;

	static final long TRICKLE_MILLIS = 2_000;

	static final long TRICKLE_PAUSE_MILLIS = 2;

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	private final HttpRequest request;

	private final AtomicLong budget;

	private final AtomicLong sent = new AtomicLong();

	private final AtomicLong failed = new AtomicLong();

	private final List<Thread> workers = new ArrayList<>();

	private volatile boolean stopped;

	BurstLoad(URI target, long maxRequests) {
		this.request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(5)).GET().build();
		this.budget = new AtomicLong(maxRequests);
	}

	static String describe() {
		return "cycles of " + (CYCLE_MILLIS / 1000) + " s: " + (BURST_MILLIS / 1000) + " s burst (all threads back to back), "
				+ (TRICKLE_MILLIS / 1000) + " s trickle (1 thread, " + TRICKLE_PAUSE_MILLIS + " ms pause), "
				+ ((CYCLE_MILLIS - BURST_MILLIS - TRICKLE_MILLIS) / 1000) + " s idle";
	}

	void start(int threads, long startNanos, long deadlineNanos) {
		for (int i = 0; i < threads; i++) {
			boolean trickles = i == 0;
			Thread worker = new Thread(() -> run(trickles, startNanos, deadlineNanos), "load-" + i);
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

	private void run(boolean trickles, long startNanos, long deadlineNanos) {
		while (!this.stopped && !Thread.currentThread().isInterrupted()) {
			long now = System.nanoTime();
			if (now >= deadlineNanos) {
				return;
			}
			long inCycle = ((now - startNanos) / 1_000_000) % CYCLE_MILLIS;
			boolean burst = inCycle < BURST_MILLIS;
			boolean trickle = !burst && inCycle < BURST_MILLIS + TRICKLE_MILLIS;
			if (!burst && !(trickle && trickles)) {
				sleep(20);
				continue;
			}
			if (this.budget.getAndDecrement() <= 0) {
				return;
			}
			try {
				if (this.client.send(this.request, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
					this.failed.incrementAndGet();
				}
			}
			catch (IOException ex) {
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
