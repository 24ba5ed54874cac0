package io.asynclog.loadtests.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Finds the load window by polling the app's {@code /log/count} every
 * {@value #PERIOD_MILLIS} ms on its own thread: the window runs from the first poll that sees
 * the count above the value it had when Gatling was started to the first poll that sees the
 * final value (the last increase). Each poll is stamped at the middle of its request, so both
 * ends carry the same lag and the window's length is not biased by it.
 *
 * @author asynclog
 */
final class CountWatcher implements AutoCloseable {

	static final long PERIOD_MILLIS = 100;

	/** The app's allocated bytes are read every this many rounds. */
	static final int ALLOCATED_EVERY = 5;

	/** One poll: when (middle of the request, {@link System#nanoTime()}) and what it read. */
	record Poll(long nanos, long count) {
	}

	/** The window found, in {@link System#nanoTime()} units. */
	record Window(long startNanos, long endNanos, long baseline, long finalCount) {

		double seconds() {
			return (this.endNanos - this.startNanos) / 1e9;
		}

	}

	private final HttpClient client;

	private final HttpRequest request;

	private final List<Poll> polls = new CopyOnWriteArrayList<>();

	private final HttpRequest queueRequest;

	private final List<Poll> queuePolls = new CopyOnWriteArrayList<>();

	private final HttpRequest allocatedRequest;

	private final List<Poll> allocatedPolls = new CopyOnWriteArrayList<>();

	private final Thread thread;

	private volatile boolean stopped;

	CountWatcher(HttpClient client, URI baseUrl) {
		this.client = client;
		this.request = HttpRequest.newBuilder(baseUrl.resolve("/log/count")).timeout(Duration.ofSeconds(5)).build();
		this.queueRequest = HttpRequest.newBuilder(baseUrl.resolve("/actuator/asynclog"))
			.timeout(Duration.ofSeconds(5))
			.build();
		this.allocatedRequest = HttpRequest.newBuilder(baseUrl.resolve("/log/allocated"))
			.timeout(Duration.ofSeconds(5))
			.build();
		this.thread = new Thread(this::loop, "count-watcher");
		this.thread.setDaemon(true);
	}

	CountWatcher start() {
		this.thread.start();
		return this;
	}

	private void loop() {
		long round = 0;
		while (!this.stopped) {
			if (round % 2 == 1) {
				pollQueues();
			}
			if (round++ % ALLOCATED_EVERY == 0) {
				pollAllocated();
			}
			long sent = System.nanoTime();
			try {
				HttpResponse<String> response = this.client.send(this.request, HttpResponse.BodyHandlers.ofString());
				long received = System.nanoTime();
				if (response.statusCode() == 200) {
					this.polls.add(new Poll(sent + (received - sent) / 2, Long.parseLong(response.body().strip())));
				}
			}
			catch (IOException | NumberFormatException ex) {
				// a missed poll only coarsens the window's ends
			}
			catch (InterruptedException ex) {
				return;
			}
			long sleep = PERIOD_MILLIS - (System.nanoTime() - sent) / 1_000_000L;
			if (sleep > 0) {
				try {
					Thread.sleep(sleep);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		}
	}

	/**
	 * Reads how many events the app's queues hold, every other round: an async mode may still
	 * be writing the backlog of the load after the last request was answered.
	 */
	private void pollQueues() {
		long sent = System.nanoTime();
		try {
			HttpResponse<String> response = this.client.send(this.queueRequest, HttpResponse.BodyHandlers.ofString());
			long received = System.nanoTime();
			if (response.statusCode() == 200) {
				this.queuePolls.add(new Poll(sent + (received - sent) / 2, QueueReading.parse(response.body()).used()));
			}
		}
		catch (IOException ex) {
			// a missed poll only coarsens the drain's end
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Reads the bytes the app has allocated so far ({@code /log/allocated}), for the allocation
	 * per request over the window.
	 */
	private void pollAllocated() {
		long sent = System.nanoTime();
		try {
			HttpResponse<String> response = this.client.send(this.allocatedRequest,
					HttpResponse.BodyHandlers.ofString());
			long received = System.nanoTime();
			long bytes = (response.statusCode() == 200) ? Long.parseLong(response.body().strip()) : -1;
			if (bytes >= 0) {
				this.allocatedPolls.add(new Poll(sent + (received - sent) / 2, bytes));
			}
		}
		catch (IOException | NumberFormatException ex) {
			// an app without the endpoint, or a missed poll: the allocation stays unknown or coarser
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Returns the bytes the app allocated between two moments, from the polls around each one,
	 * interpolated linearly; NaN without a poll on both sides of each.
	 */
	double allocatedBytes(long startNanos, long endNanos) {
		return allocatedBytes(List.copyOf(this.allocatedPolls), startNanos, endNanos);
	}

	static double allocatedBytes(List<Poll> polls, long startNanos, long endNanos) {
		return at(polls, endNanos) - at(polls, startNanos);
	}

	private static double at(List<Poll> polls, long nanos) {
		for (int i = 1; i < polls.size(); i++) {
			Poll before = polls.get(i - 1);
			Poll after = polls.get(i);
			if (before.nanos() <= nanos && nanos <= after.nanos()) {
				double share = (after.nanos() == before.nanos()) ? 0
						: (double) (nanos - before.nanos()) / (after.nanos() - before.nanos());
				return before.count() + share * (after.count() - before.count());
			}
		}
		return Double.NaN;
	}

	/**
	 * Returns when the app's queues were empty again after a moment: the moment itself if the
	 * first queue poll after it saw them empty, otherwise the first later poll that did.
	 * @param afterNanos the moment, such as the last answered request
	 */
	long drainedAt(long afterNanos) {
		boolean backlog = false;
		for (Poll poll : List.copyOf(this.queuePolls)) {
			if (poll.nanos() < afterNanos) {
				continue;
			}
			if (poll.count() == 0) {
				return backlog ? poll.nanos() : afterNanos;
			}
			backlog = true;
		}
		return afterNanos;
	}

	/**
	 * Writes the polls as CSV, in seconds since {@code originNanos}.
	 * @param originNanos time zero ({@link System#nanoTime()})
	 */
	void writeCsv(Path file, long originNanos) throws IOException {
		StringBuilder text = new StringBuilder("t_s,count\n");
		for (Poll poll : polls()) {
			text.append(String.format(Locale.ROOT, "%.3f,%d%n", (poll.nanos() - originNanos) / 1e9, poll.count()));
		}
		Files.writeString(file, text);
	}

	List<Poll> polls() {
		return List.copyOf(this.polls);
	}

	@Override
	public void close() throws InterruptedException {
		this.stopped = true;
		this.thread.interrupt();
		this.thread.join(6000);
	}

	/**
	 * The window of these polls.
	 * @param baseline the count when Gatling was started
	 */
	Window window(long baseline) {
		return window(polls(), baseline);
	}

	static Window window(List<Poll> polls, long baseline) {
		long finalCount = baseline;
		for (Poll poll : polls) {
			finalCount = Math.max(finalCount, poll.count());
		}
		if (finalCount == baseline) {
			throw new IllegalStateException("/log/count never rose above " + baseline + " while Gatling ran");
		}
		Long start = null;
		Long end = null;
		for (Poll poll : polls) {
			if (start == null && poll.count() > baseline) {
				start = poll.nanos();
			}
			if (end == null && poll.count() == finalCount) {
				end = poll.nanos();
			}
		}
		if (start == null || end == null || end <= start) {
			throw new IllegalStateException("/log/count rose from " + baseline + " to " + finalCount
					+ " between two polls only: no window to measure (the run is too short)");
		}
		return new Window(start, end, baseline, finalCount);
	}

}
