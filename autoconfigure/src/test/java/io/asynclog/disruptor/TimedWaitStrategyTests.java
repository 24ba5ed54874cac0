package io.asynclog.disruptor;

import java.time.Duration;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutBlockingWaitStrategy;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.WaitStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.asynclog.core.queue.BusyClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The timed wait strategy on a real ring and sequence barrier: the clock runs from the first
 * call, events already published are taken without the strategy behind, a thread blocked
 * for events counts as waiting and is woken by the publisher, and a wait that gives up
 * leaves the thread working again.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TimedWaitStrategyTests {

	private static final Duration PATIENCE = Duration.ofSeconds(10);

	@Test
	void theClockStartsAtTheFirstCallAndRunsWhileEventsAreThere() throws Exception {
		TimedWaitStrategy timed = new TimedWaitStrategy(new BlockingWaitStrategy());
		RingBuffer<long[]> ring = ring(timed);
		SequenceBarrier barrier = ring.newBarrier();
		publish(ring, 1);
		assertThat(timed.clock().busyNanos()).as("before the thread first runs").isZero();
		assertThat(barrier.waitFor(0)).isZero();
		assertThat(busyGrows(timed.clock())).as("working once it runs").isTrue();
	}

	@Test
	void eventsAlreadyPublishedAreTakenWithoutTheStrategyBehind() throws Exception {
		CountingStrategy behind = new CountingStrategy(new BlockingWaitStrategy());
		TimedWaitStrategy timed = new TimedWaitStrategy(behind);
		assertThat(timed.strategy()).isSameAs(behind);
		RingBuffer<long[]> ring = ring(timed);
		SequenceBarrier barrier = ring.newBarrier();
		publish(ring, 3);
		assertThat(barrier.waitFor(0)).as("every event published, as one batch").isEqualTo(2);
		publish(ring, 1);
		assertThat(barrier.waitFor(3)).isEqualTo(3);
		assertThat(behind.calls).hasValue(0);
	}

	@Test
	void aThreadBlockedForEventsIsNotBusyAndThePublisherWakesIt() throws Exception {
		TimedWaitStrategy timed = new TimedWaitStrategy(new BlockingWaitStrategy());
		RingBuffer<long[]> ring = ring(timed);
		SequenceBarrier barrier = ring.newBarrier();
		FutureTask<Long> consumer = new FutureTask<>(() -> barrier.waitFor(0));
		Thread thread = new Thread(consumer, "timed-wait-strategy-tests-consumer");
		thread.start();
		// Parked in the strategy behind, where only a signal passed on by the publisher wakes it.
		await("the consumer blocked").atMost(PATIENCE)
			.pollInterval(Duration.ofMillis(1))
			.until(() -> thread.getState() == Thread.State.WAITING);
		assertThat(busyGrows(timed.clock())).as("busy while blocked for events").isFalse();
		publish(ring, 1);
		assertThat(consumer.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)).isZero();
		assertThat(busyGrows(timed.clock())).as("working once woken").isTrue();
	}

	@Test
	void aWaitThatGivesUpCountsAsWaitingAndLeavesTheThreadWorking() throws Exception {
		TimedWaitStrategy timed = new TimedWaitStrategy(new TimeoutBlockingWaitStrategy(20, TimeUnit.MILLISECONDS));
		RingBuffer<long[]> ring = ring(timed);
		SequenceBarrier barrier = ring.newBarrier();
		publish(ring, 1);
		assertThat(barrier.waitFor(0)).isZero();
		BusyClock clock = timed.clock();
		long waitedBefore = clock.elapsedNanos() - clock.busyNanos();
		assertThatExceptionOfType(TimeoutException.class).isThrownBy(() -> barrier.waitFor(1));
		assertThat(clock.elapsedNanos() - clock.busyNanos() - waitedBefore).as("the wait is not busy time")
			.isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
		assertThat(busyGrows(clock)).as("working once the wait gave up").isTrue();
	}

	private static RingBuffer<long[]> ring(WaitStrategy strategy) {
		return RingBuffer.createSingleProducer(() -> new long[1], 8, strategy);
	}

	private static void publish(RingBuffer<long[]> ring, int events) {
		for (int i = 0; i < events; i++) {
			ring.publish(ring.next());
		}
	}

	/**
	 * Whether the clock's busy time grows over a tenth of a millisecond: it does while its
	 * thread works, and stands still while it waits.
	 */
	private static boolean busyGrows(BusyClock clock) {
		long before = clock.busyNanos();
		long start = System.nanoTime();
		while (System.nanoTime() - start < 100_000) {
			Thread.onSpinWait();
		}
		return clock.busyNanos() > before;
	}

	/**
	 * A real strategy, with the calls that reach it counted.
	 */
	private static final class CountingStrategy implements WaitStrategy {

		final AtomicInteger calls = new AtomicInteger();

		private final WaitStrategy strategy;

		CountingStrategy(WaitStrategy strategy) {
			this.strategy = strategy;
		}

		@Override
		public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
				throws AlertException, InterruptedException, TimeoutException {
			this.calls.incrementAndGet();
			return this.strategy.waitFor(sequence, cursor, dependentSequence, barrier);
		}

		@Override
		public void signalAllWhenBlocking() {
			this.strategy.signalAllWhenBlocking();
		}

	}

}
