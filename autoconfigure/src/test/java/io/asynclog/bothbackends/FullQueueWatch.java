package io.asynclog.bothbackends;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Watches the running backend's queues from a thread of its own and counts the times it
 * saw one full, so that a test about a full queue can fail when the queue never filled
 * and the test would have said nothing.
 */
final class FullQueueWatch implements AutoCloseable {

	private final AtomicBoolean done = new AtomicBoolean();

	private final AtomicLong timesSeenFull = new AtomicLong();

	private final Thread sampler;

	private FullQueueWatch() {
		this.sampler = new Thread(() -> {
			while (!this.done.get()) {
				if (Apps.queues().stream().anyMatch((queue) -> queue.remaining() <= 0)) {
					this.timesSeenFull.incrementAndGet();
				}
				Thread.onSpinWait();
			}
		}, "queue-sampler");
		this.sampler.setDaemon(true);
	}

	/**
	 * Starts watching.
	 * @return the watch; close it to stop
	 */
	static FullQueueWatch start() {
		FullQueueWatch watch = new FullQueueWatch();
		watch.sampler.start();
		return watch;
	}

	/**
	 * Returns how many times a queue was seen full so far.
	 * @return the count
	 */
	long timesSeenFull() {
		return this.timesSeenFull.get();
	}

	@Override
	public void close() {
		this.done.set(true);
	}

}
