package io.asynclog.core.queue;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The 'block' policy of a ring that is full: logging threads wait until the background
 * thread has made room, and then publish their events to the ring. Nothing is lost, and no
 * event is written ahead of events that were already queued.
 * <p>
 * Why not the ring's own blocking claim: Disruptor 4.0.0's claim moves the ring's cursor
 * before a slot is free, so with several threads waiting in it the ring reads as less than
 * empty, and Log4j2 discards events on such a reading. Here a waiting thread only ever calls
 * the ring's non-blocking publish.
 * <p>
 * How threads wait: one of them, the leader, looks at the ring in parks that grow from
 * {@value #FIRST_PARK_NANOS} to {@value #LONGEST_PARK_NANOS} ns; the others park until it
 * unparks them all at once, when half the ring is free ({@link #resumeAt(long)}): with 200
 * request threads and 16,384 slots, about one wake-up per 40 events, and the half left queued
 * keeps the background thread busy meanwhile. Followers are unparked directly: through a lock
 * and a condition, each took the lock again in turn, a convoy that cost as much CPU as the
 * waiting itself.
 * <p>
 * Order: while anyone waits, newcomers wait too ({@link #anyoneWaiting()}). The threads woken
 * together race for the room; each was between its log call and the ring, as in synchronous
 * logging.
 * <p>
 * A ring whose publishing asynclog cannot take over waits for the ring to be empty instead
 * ({@link #awaitEmpty(Reading)}), and the caller then writes its event itself, after every
 * older one.
 *
 * @author asynclog
 */
public final class WaitForRoom {

	/** The leader's first park: short against the time a small ring needs to drain a share. */
	static final long FIRST_PARK_NANOS = 50_000;

	/** The leader's longest park, reached by doubling while the ring stays full. */
	static final long LONGEST_PARK_NANOS = 1_000_000;

	/** Followers look again after this long without a signal: a safety net. */
	private static final long FOLLOWER_TIMEOUT_NANOS = 250_000_000;

	private final AtomicInteger waiting = new AtomicInteger();

	private final AtomicReference<Thread> leader = new AtomicReference<>();

	/** Counts the times a leader woke the others; a follower waits for it to move. */
	private volatile long wakeUps;

	/**
	 * The followers to unpark. One that stopped waiting unparked stays until the next wake-up:
	 * an extra unpark is harmless, every park here is in a loop that checks why it woke.
	 */
	private final ConcurrentLinkedQueue<Thread> followers = new ConcurrentLinkedQueue<>();

	/** Whether a thread waits for room now; one volatile read per log call. */
	public boolean anyoneWaiting() {
		return this.waiting.get() != 0;
	}

	/**
	 * Publishes an event once the ring has room.
	 * @return true if published; false if the ring closed before there was room
	 */
	public <E, C> boolean publish(Ring<E, C> ring, E event, C context) {
		boolean othersWaiting = this.waiting.getAndIncrement() > 0;
		boolean interrupted = Thread.interrupted();
		try {
			if (othersWaiting && this.leader.get() != null) {
				// Room is being made for those already waiting: wait with them. Once they have
				// been woken, a newcomer races them for the room instead.
				interrupted |= awaitRoom(ring, resumeAt(ring.capacity()));
			}
			while (!ring.isClosed()) {
				if (ring.tryPublish(event, context)) {
					return true;
				}
				interrupted |= awaitRoom(ring, resumeAt(ring.capacity()));
			}
			return false;
		}
		finally {
			this.waiting.decrementAndGet();
			if (interrupted) {
				// A logging thread that was interrupted still logs; it keeps its interrupt.
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Waits until the ring is empty, for a ring whose publishing asynclog cannot take over
	 * ({@code all-async}): the caller then writes its event itself, after all older ones.
	 * @return true once the ring is empty; false if it closed first
	 */
	public boolean awaitEmpty(Reading ring) {
		this.waiting.incrementAndGet();
		boolean interrupted = Thread.interrupted();
		try {
			while (!ring.isClosed()) {
				if (ring.remainingCapacity() >= ring.capacity()) {
					return true;
				}
				interrupted |= awaitRoom(ring, ring.capacity());
			}
			return false;
		}
		finally {
			this.waiting.decrementAndGet();
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Waits until the leader sees {@code free} slots, or becomes the leader. Clears the
	 * thread's interrupt, which would make every park return at once.
	 * @return whether the thread was interrupted meanwhile
	 */
	private boolean awaitRoom(Reading ring, long free) {
		Thread current = Thread.currentThread();
		long wakeUp = this.wakeUps;
		if (!this.leader.compareAndSet(null, current)) {
			return followLeader(wakeUp);
		}
		boolean interrupted = false;
		try {
			long park = FIRST_PARK_NANOS;
			while (!ring.isClosed() && ring.remainingCapacity() < free) {
				LockSupport.parkNanos(this, park);
				park = Math.min(park * 2, LONGEST_PARK_NANOS);
				interrupted |= Thread.interrupted();
			}
		}
		finally {
			// Order matters: a follower that queued itself after the drain below sees the
			// leader gone or the count moved, and does not park.
			this.leader.set(null);
			this.wakeUps++;
			Thread follower;
			while ((follower = this.followers.poll()) != null) {
				LockSupport.unpark(follower);
			}
		}
		return interrupted;
	}

	private boolean followLeader(long wakeUp) {
		boolean interrupted = false;
		this.followers.add(Thread.currentThread());
		long deadline = System.nanoTime() + FOLLOWER_TIMEOUT_NANOS;
		while (this.wakeUps == wakeUp && this.leader.get() != null) {
			long nanos = deadline - System.nanoTime();
			if (nanos <= 0) {
				break;
			}
			LockSupport.parkNanos(this, nanos);
			interrupted |= Thread.interrupted();
		}
		return interrupted;
	}

	/** Free slots the leader waits for before it wakes the others: half the ring, at least one. */
	static long resumeAt(long capacity) {
		return Math.max(1, capacity / 2);
	}

	/** How full a ring is, and whether it still takes events. */
	public interface Reading {

		long capacity();

		/** Free slots now; may read below zero while others claim. */
		long remainingCapacity();

		/** Whether the ring is stopping or stopped, so that no one waits for it. */
		boolean isClosed();

	}

	/**
	 * A ring that publishes without blocking.
	 *
	 * @param <E> the event
	 * @param <C> what the ring needs with it
	 */
	public interface Ring<E, C> extends Reading {

		/** Publishes the event if a slot is free; true if published. */
		boolean tryPublish(E event, C context);

	}

}
