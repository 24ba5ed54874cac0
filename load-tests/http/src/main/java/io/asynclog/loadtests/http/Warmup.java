package io.asynclog.loadtests.http;

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
 * Warms the app up (JIT, pools, log files) before Gatling starts: {@value #THREADS} threads of
 * this JVM's {@link HttpClient} send {@code GET /log} back to back for a few seconds, more than
 * the 10 Tomcat threads can serve at once. Bounded by time and by {@value #MAX_REQUESTS}
 * requests.
 *
 * @author asynclog
 */
final class Warmup {

	static final int THREADS = 16;

	static final long MAX_REQUESTS = 1_000_000;

	/**
	 * What the warm-up sent.
	 * @param ok requests answered 200
	 * @param failed requests that failed or got another status
	 */
	record Result(long ok, long failed) {
	}

	private Warmup() {
	}

	/** Runs the warm-up. */
	static Result run(HttpClient client, URI baseUrl, int linesPerRequest, int seconds) throws InterruptedException {
		if (!"127.0.0.1".equals(baseUrl.getHost())) {
			throw new IllegalArgumentException("the warm-up only targets 127.0.0.1, not " + baseUrl);
		}
		if (seconds <= 0) {
			return new Result(0, 0);
		}
		HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve("/log?lines=" + linesPerRequest))
			.timeout(Duration.ofSeconds(10))
			.build();
		long deadline = System.nanoTime() + seconds * 1_000_000_000L;
		AtomicLong budget = new AtomicLong(MAX_REQUESTS);
		AtomicLong ok = new AtomicLong();
		AtomicLong failed = new AtomicLong();
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < THREADS; i++) {
			Thread thread = new Thread(() -> {
				while (System.nanoTime() < deadline && budget.decrementAndGet() >= 0) {
					try {
						int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
						(status == 200 ? ok : failed).incrementAndGet();
					}
					catch (IOException ex) {
						failed.incrementAndGet();
					}
					catch (InterruptedException ex) {
						return;
					}
				}
			}, "warmup-" + i);
			thread.setDaemon(true);
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		return new Result(ok.get(), failed.get());
	}

}
