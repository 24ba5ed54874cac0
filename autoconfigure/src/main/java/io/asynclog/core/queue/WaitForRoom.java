package io.asynclog.core.queue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

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
 * {@value #FIRST_PARK_NANOS} to {@value #LONGEST_PARK_NANOS} ns; the others sleep until it
 * wakes them all at once, when a share of the ring is free again ({@link #resumeAt(long)}).
 * Parked callers give a busy core to the background thread, and it writes a batch, not one
 * event, between two waits. Waking everyone at once, rather than handing a lock from one
 * waiter to the next, keeps the cost at a few context switches per batch instead of one or
 * two per event while the ring stays full.
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

	/** The most free slots the leader waits for before it wakes the others. */
	static final long MOST_TO_RESUME_AT = 1024;

	/**
	 * Followers look again after this long even without a signal: a safety net, never the
	 * way they are meant to wake.
	 */
	private static final long FOLLOWER_TIMEOUT_NANOS = 10_000_000;

	private final AtomicInteger waiting = new AtomicInteger();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition roomMade = this.lock.newCondition();

	/** Written under {@link #lock}; read without it by newcomers deciding whether to wait. */
	private volatile boolean leaderWatching;

	/** Guarded by {@link #lock}: counts the times the leader woke the others. */
	private long wakeUps;

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
			if (othersWaiting && this.leaderWatching) {
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
		boolean interrupted = false;
		this.lock.lock();
		try {
			if (this.leaderWatching) {
				long wakeUp = this.wakeUps;
				long nanos = FOLLOWER_TIMEOUT_NANOS;
				while (this.leaderWatching && wakeUp == this.wakeUps && nanos > 0) {
					try {
						nanos = this.roomMade.awaitNanos(nanos);
					}
					catch (InterruptedException ex) {
						interrupted = true;
					}
				}
				return interrupted;
			}
			this.leaderWatching = true;
		}
		finally {
			this.lock.unlock();
		}
		try {
			long park = FIRST_PARK_NANOS;
			while (!ring.isClosed() && ring.remainingCapacity() < free) {
				LockSupport.parkNanos(this, park);
				park = Math.min(park * 2, LONGEST_PARK_NANOS);
				interrupted |= Thread.interrupted();
			}
		}
		finally {
			this.lock.lock();
			try {
				this.leaderWatching = false;
				this.wakeUps++;
				this.roomMade.signalAll();
			}
			finally {
				this.lock.unlock();
			}
		}
		return interrupted;
	}

	/**
	 * Free slots the leader waits for before it wakes the others: a quarter of the ring, at
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
