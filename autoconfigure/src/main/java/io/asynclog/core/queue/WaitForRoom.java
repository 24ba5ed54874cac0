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
 * How threads wait: one of them, the leader, looks at the ring in short parks that grow from
 * {@value #FIRST_PARK_NANOS} to {@value #LONGEST_PARK_NANOS} ns; the others park until it
 * unparks them all at once, when half the ring is free again ({@link #resumeAt(long)}).
 * Parked callers give a busy core to the background thread. Waking everyone at once, when
 * half the ring is free, costs one park and one unpark per waiting thread per half ring: with
 * 200 request threads and 16,384 slots, about one wake-up per 40 events. The half left queued
 * keeps the background thread busy while the woken threads get a core. Followers are unparked
 * directly, not through a lock and a condition: woken through a condition, each had to take the
 * lock again in turn, and that convoy cost as much CPU as the waiting itself.
 * <p>
 * Order: while anyone waits, newcomers wait too ({@link #anyoneWaiting()}) instead of taking
 * the room made for those who wait. The threads woken together race for the room; each of
 * them was between its log call and the ring, so a line can still only be overtaken by
 * threads that had not handed theirs on, as in synchronous logging.
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

	/**
	 * Followers look again after this long even without a signal: a safety net, never the
	 * way they are meant to wake.
	 */
	private static final long FOLLOWER_TIMEOUT_NANOS = 250_000_000;

	private final AtomicInteger waiting = new AtomicInteger();

	/** The thread watching the ring for room, or null. */
	private final AtomicReference<Thread> leader = new AtomicReference<>();

	/** Counts the times a leader woke the others; a follower waits for it to move. */
	private volatile long wakeUps;

	/**
	 * The followers to unpark. A follower that stops waiting without being unparked (time-out,
	 * or the wake-up came before it parked) stays here until the next wake-up: one unpark too
	 * many is harmless, since every park here is in a loop that checks why it woke.
	 */
	private final ConcurrentLinkedQueue<Thread> followers = new ConcurrentLinkedQueue<>();

	/**
	 * Returns whether a thread waits for room now. Called per log call by the ring's publish
	 * path: one volatile read, no lock.
	 * @return true while any thread waits
	 */
	public boolean anyoneWaiting() {
		return this.waiting.get() != 0;
	}

	/**
	 * Publishes an event once the ring has room.
	 * @param <E> the event
	 * @param <C> what the ring needs with it
	 * @param ring the ring
	 * @param event the event
	 * @param context what the ring needs with it
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
	 * Waits until the ring is empty: every event queued before has been handed to the
	 * appenders. For a ring whose publishing asynclog cannot take over ({@code all-async}):
	 * the caller then writes its event itself, after all older ones, without claiming a slot.
	 * @param ring the ring
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

	/**
	 * Parks until the leader wakes the followers, the leader is gone, or the safety time-out.
	 */
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

	/**
	 * Free slots the leader waits for before it wakes the others: half the ring, at least one.
	 * @param capacity the ring's slots
	 * @return free slots to wait for
	 */
	static long resumeAt(long capacity) {
		return Math.max(1, capacity / 2);
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
