package io.asynclog.core.lane;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A bounded hand-off from any number of producing threads to one consuming thread (the
 * lane's, the format stage's): a producer takes room in the bounds, queues its item, and
 * wakes the consumer only if it sleeps, once per sleep, so that a busy consumer is never
 * woken and a producer pays for a wake-up rarely.
 *
 * @param <T> the items
 * @author asynclog
 */
final class Handoff<T> {

	/** How long a producer waiting for room parks between looks. */
	private static final long ROOM_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

	private final int capacity;

	private final long maxBytes;

	private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();

	private final AtomicInteger count = new AtomicInteger();

	private final AtomicLong bytes = new AtomicLong();

	private Thread consumer;

	private volatile boolean sleeping;

	/** A hand-off bounded by count and by bytes, which one item alone may exceed. */
	Handoff(int capacity, long maxBytes) {
		this.capacity = capacity;
		this.maxBytes = maxBytes;
	}

	/** Names the consuming thread, before any item comes. */
	void consumer(Thread thread) {
		this.consumer = thread;
	}

	/**
	 * Takes room for an item in the bounds, if there is any; {@link #put} follows.
	 * @param weight the item's bytes, 0 for a hand-off bounded by count alone
	 * @return false if the hand-off is full
	 */
	boolean reserve(int weight) {
		if (this.count.incrementAndGet() > this.capacity) {
			this.count.decrementAndGet();
			return false;
		}
		if (weight != 0 && this.bytes.addAndGet(weight) > this.maxBytes && this.count.get() > 1) {
			this.bytes.addAndGet(-weight);
			this.count.decrementAndGet();
			return false;
		}
		return true;
	}

	/**
	 * Takes room for an item, waking the consumer and looking again every
	 * {@link #ROOM_POLL_NANOS} until there is room or {@code giveUp} says to stop.
	 * @return false if it gave up without room
	 */
	boolean awaitRoom(int weight, BooleanSupplier giveUp) {
		while (!reserve(weight)) {
			if (giveUp.getAsBoolean()) {
				return false;
			}
			wake();
			LockSupport.parkNanos(this, ROOM_POLL_NANOS);
		}
		return true;
	}

	/** Gives back room {@link #reserve} took, for an item that is not put after all. */
	void release(int weight) {
		taken(1, weight);
	}

	/** Queues an item, in room {@link #reserve} took, and wakes a sleeping consumer. */
	void put(T item) {
		this.queue.add(item);
		if (this.sleeping) {
			// At most once per sleep: a busy consumer is never woken.
			this.sleeping = false;
			LockSupport.unpark(this.consumer);
		}
	}

	/** Wakes the consumer whether it sleeps or not: a producer waits for room. */
	void wake() {
		LockSupport.unpark(this.consumer);
	}

	/**
	 * Tells producers that the consumer is about to sleep: the next item wakes it. The
	 * consumer looks at the queue once more after this, and calls {@link #awake()} after.
	 */
	void sleeping() {
		this.sleeping = true;
	}

	void awake() {
		this.sleeping = false;
	}

	T peek() {
		return this.queue.peek();
	}

	T poll() {
		return this.queue.poll();
	}

	boolean isEmpty() {
		return this.queue.isEmpty();
	}

	/** Gives back the room of items the consumer took off the queue. */
	void taken(int items, long weight) {
		this.count.addAndGet(-items);
		if (weight != 0) {
			this.bytes.addAndGet(-weight);
		}
	}

	int count() {
		return this.count.get();
	}

	long bytes() {
		return this.bytes.get();
	}

	int capacity() {
		return this.capacity;
	}

	long maxBytes() {
		return this.maxBytes;
	}

}
