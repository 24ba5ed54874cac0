package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.asynclog.core.queue.BusyClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A real lane's thread and its busy clock: held inside a client's send for a second it is
 * busy for nearly all of it, as a Kafka producer's {@code send()} holds the calling thread
 * while it waits for metadata or buffer room; with nothing to send it sleeps and is busy for
 * almost none. Wide bounds (80% and 20% of the wall time): a loaded machine stretches the
 * wall time, never the busy time beyond it.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LaneBusyClockTests {

	@Test
	void busyWhileTheClientHoldsItsThreadAndIdleWhileNothingComes() throws Exception {
		HoldingDestination destination = new HoldingDestination();
		Lane lane = new Lane("busy-lane", destination, new Lane.Settings(1024, 1024 * 1024, null, 0));
		lane.start();
		try {
			BusyClock clock = lane.busyClock();
			Thread.sleep(100);
			double idle = busyShareOverASecond(clock);
			assertThat(idle).as("busy share of an idle lane thread").isLessThan(0.2);

			destination.hold = new CountDownLatch(1);
			lane.add(null, "held".getBytes(StandardCharsets.UTF_8));
			await("the lane's thread inside the client").atMost(Duration.ofSeconds(30))
				.until(() -> destination.inside);
			double held = busyShareOverASecond(clock);
			assertThat(held).as("busy share of a lane thread held by its client").isGreaterThanOrEqualTo(0.8);
			destination.hold.countDown();
		}
		finally {
			destination.hold.countDown();
			lane.stop(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
		}
	}

	private static double busyShareOverASecond(BusyClock clock) throws InterruptedException {
		long busyBefore = clock.busyNanos();
		long start = System.nanoTime();
		Thread.sleep(1_000);
		long busy = clock.busyNanos() - busyBefore;
		return (double) busy / (System.nanoTime() - start);
	}

	/**
	 * A client that accepts every record, and holds the offering thread while a latch is
	 * closed.
	 */
	private static final class HoldingDestination implements Destination {

		volatile CountDownLatch hold = new CountDownLatch(0);

		volatile boolean inside;

		@Override
		public Offer offer(LaneRecord record, Outcome outcome) {
			this.inside = true;
			try {
				this.hold.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.inside = false;
			outcome.acknowledged();
			return Offer.ACCEPTED;
		}

		@Override
		public long waitingWithoutAnswerNanos() {
			return 0;
		}

		@Override
		public void close(Duration timeout) {
		}

		@Override
		public String describe() {
			return "holding";
		}

	}

}
