package io.asynclog.core.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link WaitForRoom} against a ring the test fills and drains by hand: callers that find it
 * full wait, nothing is published while there is no room, waiters leave once half the ring is
 * free, and a ring that closes releases them unpublished.
 */
class WaitForRoomTests {

	private static final long TIMEOUT_SECONDS = 10;

	@Test
	void publishesAtOnceWhileTheRingHasRoom() {
		TestRing ring = new TestRing(8);
		WaitForRoom room = new WaitForRoom();

		assertThat(room.publish(ring, "a", null)).isTrue();

		assertThat(ring.published).containsExactly("a");
		assertThat(room.anyoneWaiting()).isFalse();
	}

	@Test
	void callersWaitUntilHalfTheRingIsFreeAndThenPublishEverything() throws Exception {
		TestRing ring = new TestRing(8);
		ring.fill();
		WaitForRoom room = new WaitForRoom();
		int callers = 6;
		CountDownLatch done = new CountDownLatch(callers);
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < callers; i++) {
			String event = "event-" + i;
			Thread thread = new Thread(() -> {
				if (room.publish(ring, event, null)) {
					done.countDown();
				}
			});
			threads.add(thread);
			thread.start();
		}
		awaitWaiting(room, ring, callers);
		// Three free slots: short of half the ring, so nobody may publish yet.
		ring.drain(3);
		Thread.sleep(50);
		assertThat(ring.published).isEmpty();
		assertThat(room.anyoneWaiting()).isTrue();

		// Eight free slots: room for all six.
		ring.drain(5);

		assertThat(done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
		assertThat(ring.published).hasSize(callers);
		assertThat(ring.published).doesNotHaveDuplicates();
		assertThat(room.anyoneWaiting()).isFalse();
		for (Thread thread : threads) {
			thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
		}
	}

	@Test
	void moreCallersThanRoomKeepWaitingForTheNextDrainWithoutLosingAnEvent() throws Exception {
		TestRing ring = new TestRing(4);
		ring.fill();
		WaitForRoom room = new WaitForRoom();
		int callers = 12;
		CountDownLatch done = new CountDownLatch(callers);
		for (int i = 0; i < callers; i++) {
			String event = "event-" + i;
			new Thread(() -> {
				if (room.publish(ring, event, null)) {
					done.countDown();
				}
			}).start();
		}
		awaitWaiting(room, ring, callers);
		AtomicBoolean draining = new AtomicBoolean(true);
		Thread consumer = new Thread(() -> {
			while (draining.get()) {
				ring.drain(1);
				Thread.onSpinWait();
			}
		});
		consumer.start();

		assertThat(done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
		draining.set(false);
		consumer.join();
		assertThat(ring.published).hasSize(callers).doesNotHaveDuplicates();
		assertThat(ring.overfilled).isFalse();
	}

	@Test
	void aRingThatClosesReleasesItsWaitersUnpublished() throws Exception {
		TestRing ring = new TestRing(8);
		ring.fill();
		WaitForRoom room = new WaitForRoom();
		int callers = 4;
		List<Boolean> results = new CopyOnWriteArrayList<>();
		CountDownLatch done = new CountDownLatch(callers);
		for (int i = 0; i < callers; i++) {
			new Thread(() -> {
				results.add(room.publish(ring, "late", null));
				done.countDown();
			}).start();
		}
		awaitWaiting(room, ring, callers);

		ring.closed = true;

		assertThat(done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
		assertThat(results).containsOnly(false);
		assertThat(ring.published).isEmpty();
	}

	@Test
	void anInterruptedCallerStillPublishesAndKeepsItsInterrupt() throws Exception {
		TestRing ring = new TestRing(8);
		ring.fill();
		WaitForRoom room = new WaitForRoom();
		AtomicBoolean published = new AtomicBoolean();
		AtomicBoolean interruptedAfter = new AtomicBoolean();
		Thread caller = new Thread(() -> {
			published.set(room.publish(ring, "a", null));
			interruptedAfter.set(Thread.currentThread().isInterrupted());
		});
		caller.start();
		awaitWaiting(room, ring, 1);

		caller.interrupt();
		Thread.sleep(20);
		ring.drain(8);
		caller.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));

		assertThat(published).isTrue();
		assertThat(interruptedAfter).isTrue();
		assertThat(ring.published).containsExactly("a");
	}

	@Test
	void awaitEmptyReturnsOnceEveryQueuedEventIsOut() throws Exception {
		TestRing ring = new TestRing(8);
		ring.fill();
		WaitForRoom room = new WaitForRoom();
		AtomicBoolean empty = new AtomicBoolean();
		Thread caller = new Thread(() -> empty.set(room.awaitEmpty(ring)));
		caller.start();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
		while (!room.anyoneWaiting() && System.nanoTime() < deadline) {
			Thread.sleep(1);
		}

		ring.drain(7);
		Thread.sleep(30);
		assertThat(caller.isAlive()).isTrue();
		ring.drain(1);
		caller.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));

		assertThat(empty).isTrue();
	}

	@Test
	void resumesAtHalfTheRing() {
		assertThat(WaitForRoom.resumeAt(16384)).isEqualTo(8192);
		assertThat(WaitForRoom.resumeAt(128)).isEqualTo(64);
		assertThat(WaitForRoom.resumeAt(1)).isEqualTo(1);
	}

	/**
	 * Waits until the callers have asked for room: the ring was full, so each has called the
	 * ring's publish at least once and is waiting.
	 */
	private static void awaitWaiting(WaitForRoom room, TestRing ring, int callers) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
		while ((ring.refusals.get() < callers || !room.anyoneWaiting()) && System.nanoTime() < deadline) {
			Thread.sleep(1);
		}
		assertThat(ring.refusals.get()).isGreaterThanOrEqualTo(callers);
	}

	/**
	 * A ring of a fixed number of slots: the test frees slots by hand, and a publish takes one
	 * if there is one.
	 */
	private static final class TestRing implements WaitForRoom.Ring<String, Void> {

		private final long capacity;

		private final AtomicLong free;

		final List<String> published = new CopyOnWriteArrayList<>();

		final AtomicLong refusals = new AtomicLong();

		volatile boolean closed;

		volatile boolean overfilled;

		TestRing(long capacity) {
			this.capacity = capacity;
			this.free = new AtomicLong(capacity);
		}

		void fill() {
			this.free.set(0);
		}

		void drain(long slots) {
			this.free.updateAndGet((now) -> Math.min(this.capacity, now + slots));
		}

		@Override
		public boolean tryPublish(String event, Void context) {
			long now;
			do {
				now = this.free.get();
				if (now <= 0) {
					this.refusals.incrementAndGet();
					return false;
				}
			}
			while (!this.free.compareAndSet(now, now - 1));
			if (now - 1 < 0) {
				this.overfilled = true;
			}
			this.published.add(event);
			return true;
		}

		@Override
		public long capacity() {
			return this.capacity;
		}

		@Override
		public long remainingCapacity() {
			return this.free.get();
		}

		@Override
		public boolean isClosed() {
			return this.closed;
		}

	}

}
