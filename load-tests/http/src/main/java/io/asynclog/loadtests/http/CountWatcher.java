package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.ToLongFunction;

/**
 * Finds the load window by polling the app's {@code /log/count} every {@value #PERIOD_MILLIS} ms:
 * the window runs from the first poll that sees the count above the value it had when Gatling
 * was started to the first poll that sees the final value (the last increase). Each poll is
 * stamped at the middle of its request, so both ends carry the same lag and the window's length
 * is not biased by it. It also polls the queues' fill (to find when the backlog was written) and
 * the bytes the app allocated.
 *
 * @author asynclog
 */
final class CountWatcher implements AutoCloseable {

	static final long PERIOD_MILLIS = 100;

	/** The app's allocated bytes are read every this many rounds. */
	static final int ALLOCATED_EVERY = 5;

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	/** One poll: when (middle of the request, {@link System#nanoTime()}) and what it read. */
	record Poll(long nanos, long count) {
	}

	/** The window found, in {@link System#nanoTime()} units. */
	record Window(long startNanos, long endNanos, long baseline, long finalCount) {
	}

	private final AppProcess app;

	private final List<Poll> polls = new CopyOnWriteArrayList<>();

	private final List<Poll> queuePolls = new CopyOnWriteArrayList<>();

	private final List<Poll> allocatedPolls = new CopyOnWriteArrayList<>();

	private long round;

	private final ScheduledExecutorService polling;

	CountWatcher(AppProcess app) {
		this.app = app;
		this.polling = ProcSampler.every(PERIOD_MILLIS, "count-watcher", this::pollRound);
	}

	private void pollRound() {
		// The queues every other round: an async mode may still be writing the load's backlog after
		// the last request was answered.
		if (this.round % 2 == 1) {
			poll("/actuator/asynclog", (body) -> QueueReading.parse(body).used(), this.queuePolls);
		}
		if (this.round++ % ALLOCATED_EVERY == 0) {
			poll("/log/allocated", (body) -> Long.parseLong(body.strip()), this.allocatedPolls);
		}
		poll("/log/count", (body) -> Long.parseLong(body.strip()), this.polls);
	}

	private void poll(String path, ToLongFunction<String> reading, List<Poll> into) {
		long sent = System.nanoTime();
		try {
			String body = this.app.get(path, TIMEOUT);
			long received = System.nanoTime();
			long value = reading.applyAsLong(body);
			if (value >= 0) {
				into.add(new Poll(sent + (received - sent) / 2, value));
			}
		}
		catch (IOException | RuntimeException ex) {
			// a missed poll only coarsens what it times (an app without /log/allocated leaves it unknown)
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

	void writeCsv(Path file, long originNanos) throws IOException {
		StringBuilder text = new StringBuilder("t_s,count\n");
		for (Poll poll : List.copyOf(this.polls)) {
			text.append(String.format(Locale.ROOT, "%.3f,%d%n", (poll.nanos() - originNanos) / 1e9, poll.count()));
		}
		Files.writeString(file, text);
	}

	@Override
	public void close() throws InterruptedException {
		ProcSampler.stop(this.polling, 6000);
	}

	Window window(long baseline) {
		return window(List.copyOf(this.polls), baseline);
	}

	static Window window(List<Poll> polls, long baseline) {
		long finalCount = Math.max(baseline, polls.stream().mapToLong(Poll::count).max().orElse(baseline));
		if (finalCount == baseline) {
			throw new IllegalStateException("/log/count never rose above " + baseline + " while Gatling ran");
		}
		long start = polls.stream().filter((poll) -> poll.count() > baseline).findFirst().orElseThrow().nanos();
		long end = polls.stream().filter((poll) -> poll.count() == finalCount).findFirst().orElseThrow().nanos();
		if (end <= start) {
			throw new IllegalStateException("/log/count rose from " + baseline + " to " + finalCount
					+ " between two polls only: no window to measure (the run is too short)");
		}
		return new Window(start, end, baseline, finalCount);
	}

}
