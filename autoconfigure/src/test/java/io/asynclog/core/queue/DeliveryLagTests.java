package io.asynclog.core.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.asynclog.core.queue.DeliveryLag.Sinks;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Delivery lag hand-over: a queue's probe hands each measurement to every sink listening
 * to that queue, to none once they stop, and says when nobody listens.
 */
class DeliveryLagTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private final String queue = "lagging-" + NAMES.incrementAndGet();

	@Test
	void samplesOneEventInAPowerOfTwo() {
		assertThat(DeliveryLag.SAMPLE_EVERY).isEqualTo(64);
		assertThat(Integer.bitCount(DeliveryLag.SAMPLE_EVERY)).isEqualTo(1);
	}

	@Test
	void eachSinkOfTheQueueGetsEachMeasurement() {
		Sinks sinks = DeliveryLag.forQueue(this.queue);
		assertThat(sinks.isEmpty()).isTrue();
		List<Long> first = new ArrayList<>();
		List<Long> second = new ArrayList<>();
		List<Long> otherQueue = new ArrayList<>();
		Registration one = DeliveryLag.listen(this.queue, first::add);
		DeliveryLag.listen(this.queue, second::add);
		DeliveryLag.listen(this.queue + "-other", otherQueue::add);
		assertThat(sinks.isEmpty()).isFalse();
		assertThat(DeliveryLag.forQueue(this.queue)).isSameAs(sinks);
		sinks.record(1_500);
		sinks.record(20);
		assertThat(first).containsExactly(1_500L, 20L);
		assertThat(second).containsExactly(1_500L, 20L);
		assertThat(otherQueue).isEmpty();
		one.close();
		sinks.record(7);
		assertThat(first).as("closed").containsExactly(1_500L, 20L);
		assertThat(second).containsExactly(1_500L, 20L, 7L);
	}

	@Test
	void withEverySinkClosedNobodyListens() {
		Registration registration = DeliveryLag.listen(this.queue, (lag) -> {
		});
		registration.close();
		assertThat(DeliveryLag.forQueue(this.queue).isEmpty()).isTrue();
		DeliveryLag.forQueue(this.queue).record(5);
	}

}
