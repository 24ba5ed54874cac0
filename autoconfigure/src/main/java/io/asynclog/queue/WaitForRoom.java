package io.asynclog.queue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The 'block' policy of a ring that is full: logging threads wait in line, in the order they
 * came, until the background thread has made room, and then publish their events to the
 * ring. Nothing is written ahead of older queued events, and nothing is lost.
 * <p>
 * Why a line and not the ring's own blocking claim: Disruptor 4.0.0's claim moves the ring's
 * cursor before a slot is free, so with several threads waiting in it the ring reads as less
 * than empty, and Log4j2 discards events on such a reading. Here a waiting thread only ever
 * calls the ring's non-blocking publish.
 * <p>
 * Why the waiting threads park rather than spin: on a busy core the background thread is one
 * runnable thread among the request threads; parked callers give it the CPU it needs to make
 * room. The first thread in line parks in short steps and retries once a share of the ring is
 * free again ({@link #resumeAt(long)}), so that the background thread writes a batch, not one
 * event, between two waits.
 * <p>
 * While anyone waits, newcomers must join the line ({@link #anyoneWaiting()}): otherwise a
 * thread that came later could take the room freed for those who wait.
 * <p>
 * A ring whose publishing asynclog cannot take over waits for the ring to be empty instead
 * ({@link #awaitEmpty(Reading)}), and the caller then writes its event itself, after every
 * older one.
 *
 * @author asynclog
 */
public final class WaitForRoom {

	/**
	 * How long the first thread in line parks before it looks at the ring again. Short against
	 * the time the background thread needs to free {@link #resumeAt(long)} slots, so the wait
	 * barely outlasts the shortage.
	 */
	static final long PARK_NANOS = 100_000;

	/** The most free slots the first in line waits for before it tries again. */
	static final long MOST_TO_RESUME_AT = 1024;

	private final ReentrantLock line = new ReentrantLock(true);

	private final AtomicInteger waiting = new AtomicInteger();

	/**
	 * Returns whether a thread waits for room now. Called per log call by the ring's publish
	 * path: one volatile read, no lock.
	 * @return true while any thread waits
	 */
	public boolean anyoneWaiting() {
		return this.waiting.get() != 0;
	}

	/**
	 * Publishes an event once the ring has room, waiting in line behind the threads already
	 * waiting.
	 * @param <E> the event
	 * @param <C> what the ring needs with it
	 * @param ring the ring
	 * @param event the event
	 * @param context what the ring needs with it
	 * @return true if published; false if the ring closed before there was room
	 */
	public <E, C> boolean publish(Ring<E, C> ring, E event, C context) {
		this.waiting.incrementAndGet();
		boolean interrupted = Thread.interrupted();
		this.line.lock();
		try {
			// Each thread tries once as soon as it is first in line: when the thread before it got in,
			// there is usually room for it too.
			boolean first = true;
			while (!ring.isClosed()) {
				if ((first || ring.remainingCapacity() >= resumeAt(ring.capacity())) && ring.tryPublish(event, context)) {
					return true;
				}
				first = false;
				LockSupport.parkNanos(this, PARK_NANOS);
				// A logging thread that was interrupted still logs; parking would return at once.
				interrupted |= Thread.interrupted();
			}
			return false;
		}
		finally {
			this.line.unlock();
			this.waiting.decrementAndGet();
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Waits in line until the ring is empty: every event queued before has been handed to
	 * the appenders. For a ring whose publishing asynclog cannot take over ({@code all-async}):
	 * the caller then writes its event itself, after all older ones, without claiming a slot.
	 * @param ring the ring
	 * @return true once the ring is empty; false if it closed first
	 */
	public boolean awaitEmpty(Reading ring) {
		this.waiting.incrementAndGet();
		boolean interrupted = Thread.interrupted();
		this.line.lock();
		try {
			while (!ring.isClosed()) {
				if (ring.remainingCapacity() >= ring.capacity()) {
					return true;
				}
				LockSupport.parkNanos(this, PARK_NANOS);
				interrupted |= Thread.interrupted();
			}
			return false;
		}
		finally {
			this.line.unlock();
			this.waiting.decrementAndGet();
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Free slots the first in line waits for after a failed try: a quarter of the ring, at
	 * most {@value #MOST_TO_RESUME_AT}, at least one.
	 * @param capacity the ring's slots
	 * @return free slots to wait for
	 */
	static long resumeAt(long capacity) {
		return Math.max(1, Math.min(capacity / 4, MOST_TO_RESUME_AT));
	}

	/**
	 * How full a ring is, and whether it still takes events.
	 */
	public interface Reading {

		/**
		 * Returns the ring's slots.
		 * @return slots
		 */
		long capacity();

		/**
		 * Returns the free slots now; may read below zero while others claim.
		 * @return free slots
		 */
		long remainingCapacity();

		/**
		 * Returns whether the ring is stopping or stopped, so that no one waits for it.
		 * @return true once closed
		 */
		boolean isClosed();

	}

	/**
	 * A ring that publishes without blocking.
	 *
	 * @param <E> the event
	 * @param <C> what the ring needs with it
	 */
	public interface Ring<E, C> extends Reading {

		/**
		 * Publishes the event if a slot is free.
		 * @param event the event
		 * @param context what the ring needs with it
		 * @return true if published
		 */
		boolean tryPublish(E event, C context);

	}

}
