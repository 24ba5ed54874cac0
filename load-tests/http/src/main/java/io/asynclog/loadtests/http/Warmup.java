package io.asynclog.loadtests.http;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Warms the app up (JIT, pools, log files) before Gatling starts: {@value #THREADS} threads of
 * this JVM's HTTP client send {@code GET /log} back to back for a few seconds, more than the 10
 * Tomcat threads can serve at once. Bounded by time and by {@value #MAX_REQUESTS} requests.
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

	static Result run(AppProcess app, int linesPerRequest, int seconds) throws InterruptedException {
		if (seconds <= 0) {
			return new Result(0, 0);
		}
		HttpRequest request = HttpRequest.newBuilder(app.baseUrl().resolve("/log?lines=" + linesPerRequest))
			.timeout(Duration.ofSeconds(10))
			.build();
		long deadline = System.nanoTime() + seconds * 1_000_000_000L;
		AtomicLong budget = new AtomicLong(MAX_REQUESTS);
		AtomicLong ok = new AtomicLong();
		AtomicLong failed = new AtomicLong();
		Runnable sender = () -> {
			while (System.nanoTime() < deadline && budget.decrementAndGet() >= 0) {
				try {
					int status = app.client().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
					(status == 200 ? ok : failed).incrementAndGet();
				}
				catch (IOException ex) {
					failed.incrementAndGet();
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		};
		List<Thread> threads = IntStream.range(0, THREADS).mapToObj((i) -> new Thread(sender, "warmup-" + i)).toList();
		for (Thread thread : threads) {
			thread.setDaemon(true);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		return new Result(ok.get(), failed.get());
	}

}
