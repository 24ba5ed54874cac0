package io.asynclog.core.lane;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hand-off between producers and a lane's or format stage's thread: its two bounds, the
 * room given back, the order items leave in, and the wake-up of a consumer that said it sleeps.
 */
class HandoffTests {

	@Test
	void itHoldsAtMostItsCapacityAndGivesRoomBackWhenItemsAreTaken() {
		Handoff<String> handoff = new Handoff<>(2, Long.MAX_VALUE);
		handoff.consumer(Thread.currentThread());
		assertThat(handoff.reserve(0)).isTrue();
		handoff.put("a");
		assertThat(handoff.reserve(0)).isTrue();
		handoff.put("b");
		assertThat(handoff.reserve(0)).as("a third item in a hand-off of two").isFalse();
		assertThat(handoff.count()).isEqualTo(2);
		assertThat(handoff.poll()).isEqualTo("a");
		handoff.taken(1, 0);
		assertThat(handoff.reserve(0)).isTrue();
		handoff.put("c");
		assertThat(handoff.poll()).isEqualTo("b");
		assertThat(handoff.poll()).isEqualTo("c");
		assertThat(handoff.isEmpty()).isTrue();
	}

	@Test
	void itsByteBoundRefusesAnItemThatWouldPassItUnlessTheItemIsAlone() {
		Handoff<String> handoff = new Handoff<>(10, 100);
		assertThat(handoff.reserve(150)).as("one item alone may weigh more than the bound").isTrue();
		assertThat(handoff.reserve(10)).as("a second on top of it may not").isFalse();
		assertThat(handoff.count()).isEqualTo(1);
		assertThat(handoff.bytes()).isEqualTo(150);
		handoff.release(150);
		assertThat(handoff.count()).isZero();
		assertThat(handoff.bytes()).isZero();
		assertThat(handoff.reserve(60)).isTrue();
		assertThat(handoff.reserve(40)).isTrue();
		assertThat(handoff.reserve(1)).isFalse();
		assertThat(handoff.bytes()).isEqualTo(100);
	}

	@Test
	void aProducerWaitsForRoomUntilTheConsumerMakesItOrItGivesUp() throws InterruptedException {
		Handoff<String> handoff = new Handoff<>(1, Long.MAX_VALUE);
		handoff.reserve(0);
		handoff.put("a");
		int[] looks = new int[1];
		assertThat(handoff.awaitRoom(0, () -> ++looks[0] > 3)).as("no room, given up after three waits").isFalse();
		assertThat(looks[0]).isEqualTo(4);
		Thread consumer = new Thread(() -> {
			// Woken by the waiting producer, it takes the item and gives its room back.
			LockSupport.park();
			handoff.poll();
			handoff.taken(1, 0);
		});
		handoff.consumer(consumer);
		consumer.start();
		assertThat(handoff.awaitRoom(0, () -> false)).isTrue();
		consumer.join();
		assertThat(handoff.count()).isEqualTo(1);
		assertThat(handoff.isEmpty()).isTrue();
	}

	@Test
	void anItemWakesAConsumerThatSaidItSleeps() {
		Handoff<String> handoff = new Handoff<>(4, Long.MAX_VALUE);
		handoff.consumer(Thread.currentThread());
		// Use up any permit left over, so that only the hand-off's can end the park below.
		LockSupport.parkNanos(1);
		handoff.sleeping();
		handoff.reserve(0);
		handoff.put("a");
		long start = System.nanoTime();
		LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(10));
		assertThat(System.nanoTime() - start).as("the park ended by the put's unpark, not after 10 s")
			.isLessThan(TimeUnit.SECONDS.toNanos(5));
		assertThat(handoff.peek()).isEqualTo("a");
	}

}
