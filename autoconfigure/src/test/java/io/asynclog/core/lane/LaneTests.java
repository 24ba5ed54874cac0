package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.core.count.AppenderDrops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A real lane and its thread against a destination kept in memory: records arrive in order,
 * a full lane without a spool drops and counts, a destination away makes the lane spill to
 * its spool and send it first once back, what the client held unanswered at the stop is
 * kept for the next start, and a destination that refuses is tried again after pauses,
 * never in a spin.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LaneTests {

	private static final Duration PATIENCE = Duration.ofSeconds(20);

	@TempDir
	Path dir;

	@Test
	void recordsReachTheDestinationInTheOrderTheyWereAdded() {
		MemoryDestination destination = new MemoryDestination();
		// Room for every record: without a spool, what finds the lane full is dropped.
		Lane lane = new Lane("lane-order", destination, new Lane.Settings(32_768, 64 * 1024 * 1024, null, 0));
		lane.start();
		try {
			for (int i = 0; i < 20_000; i++) {
				assertThat(add(lane, "record " + i)).isTrue();
			}
			await("every record delivered").atMost(PATIENCE).until(() -> destination.delivered().size() == 20_000);
		}
		finally {
			stop(lane);
		}
		assertThat(destination.delivered()).isEqualTo(numbered("record ", 20_000));
	}

	@Test
	void aFullLaneWithoutASpoolDropsWhatFindsItFullAndCountsIt() {
		String appender = "lane-full-unit";
		MemoryDestination destination = new MemoryDestination();
		destination.away = true;
		Lane lane = new Lane(appender, destination, new Lane.Settings(10, 1024 * 1024, null, 0));
		long before = AppenderDrops.count(appender, AppenderDrops.Reason.LANE_FULL);
		int added = 0;
		for (int i = 0; i < 15; i++) {
			added += add(lane, "r" + i) ? 1 : 0;
		}
		assertThat(added).isEqualTo(10);
		assertThat(AppenderDrops.count(appender, AppenderDrops.Reason.LANE_FULL) - before).isEqualTo(5);
		assertThat(lane.laneReading().records()).isEqualTo(10);
		Lane.StopReport stopped = stop(lane);
		assertThat(stopped.lost()).as("no spool: what waited is lost at the stop").isEqualTo(10);
	}

	@Test
	void aDestinationAwayMakesTheLaneSpillToItsSpoolAndTheSpoolLeavesFirstOnceItIsBack() {
		MemoryDestination destination = new MemoryDestination();
		destination.away = true;
		Lane lane = new Lane("lane-spill", destination,
				new Lane.Settings(1024, 1024 * 1024, this.dir.resolve("spool"), 64 * 1024 * 1024));
		lane.start();
		try {
			for (int i = 0; i < 100; i++) {
				add(lane, "kept " + i);
			}
			// Refused for Lane.STALL, then spilled.
			await("the records in the spool").atMost(PATIENCE)
				.until(() -> lane.spoolReading() != null && lane.spoolReading().records() == 100);
			assertThat(lane.laneReading().records()).isZero();
			destination.away = false;
			for (int i = 100; i < 150; i++) {
				add(lane, "kept " + i);
			}
			await("every record delivered").atMost(PATIENCE).until(() -> destination.delivered().size() == 150);
			await("the spool empty").atMost(PATIENCE).until(() -> lane.spoolReading().records() == 0);
		}
		finally {
			stop(lane);
		}
		assertThat(destination.delivered()).isEqualTo(numbered("kept ", 150));
	}

	@Test
	void whatTheClientHeldUnansweredAtTheStopIsSentFirstByTheNextLane() {
		Path spool = this.dir.resolve("kept");
		MemoryDestination silent = new MemoryDestination();
		silent.answers = false;
		Lane first = new Lane("lane-kept", silent, new Lane.Settings(1024, 1024 * 1024, spool, 64 * 1024 * 1024));
		first.start();
		for (int i = 0; i < 5; i++) {
			add(first, "held " + i);
		}
		await("the records handed to the client").atMost(PATIENCE).until(() -> silent.offers.get() == 5);
		Lane.StopReport stopped = first.stop(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100));
		assertThat(stopped.kept()).isEqualTo(5);
		assertThat(stopped.lost()).isZero();

		MemoryDestination back = new MemoryDestination();
		Lane second = new Lane("lane-kept", back, new Lane.Settings(1024, 1024 * 1024, spool, 64 * 1024 * 1024));
		second.start();
		try {
			add(second, "after");
			await("every record delivered").atMost(PATIENCE).until(() -> back.delivered().size() == 6);
			assertThat(second.spoolReading().keptAtStart()).isEqualTo(5);
		}
		finally {
			stop(second);
		}
		List<String> expected = new ArrayList<>(numbered("held ", 5));
		expected.add("after");
		assertThat(back.delivered()).isEqualTo(expected);
	}

	@Test
	void aPausedLaneKeepsRecordsInItsSpoolAndResumedSendsThemInOrder() {
		MemoryDestination destination = new MemoryDestination();
		Lane lane = new Lane("lane-paused", destination,
				new Lane.Settings(1024, 1024 * 1024, this.dir.resolve("paused"), 64 * 1024 * 1024));
		lane.start();
		try {
			assertThat(lane.pause()).isTrue();
			for (int i = 0; i < 50; i++) {
				add(lane, "paused " + i);
			}
			await("the records in the spool").atMost(PATIENCE)
				.until(() -> lane.spoolReading() != null && lane.spoolReading().records() == 50);
			assertThat(destination.delivered()).isEmpty();
			assertThat(lane.resume()).isTrue();
			await("every record delivered").atMost(PATIENCE).until(() -> destination.delivered().size() == 50);
		}
		finally {
			stop(lane);
		}
		assertThat(destination.delivered()).isEqualTo(numbered("paused ", 50));
	}

	/**
	 * A destination that refuses every record ({@code NOT_NOW}) and a lane without a spool:
	 * the record waits in the lane, offered again after a growing pause. Counted in rounds of
	 * the lane's loop: a spin makes hundreds of thousands in the time.
	 */
	@Test
	void aDestinationThatRefusesIsOfferedAgainAfterPausesNotInASpin() throws InterruptedException {
		MemoryDestination destination = new MemoryDestination();
		destination.away = true;
		Lane lane = new Lane("lane-refused", destination, new Lane.Settings(1024, 1024 * 1024, null, 0));
		lane.start();
		try {
			add(lane, "refused");
			await("the first offer").atMost(PATIENCE).until(() -> destination.offers.get() > 0);
			int roundsBefore = destination.rounds.get();
			Thread.sleep(500);
			int rounds = destination.rounds.get() - roundsBefore;
			assertThat(rounds).as("rounds of the lane's loop in half a second").isLessThan(600);
			assertThat(destination.offers.get()).as("offers of the one record").isBetween(2, 100);
			assertThat(lane.laneReading().records()).isEqualTo(1);
			destination.away = false;
			await("the record delivered once the destination takes it").atMost(PATIENCE)
				.until(() -> destination.delivered().size() == 1);
		}
		finally {
			stop(lane);
		}
	}

	private static boolean add(Lane lane, String value) {
		return lane.add(null, value.getBytes(StandardCharsets.UTF_8));
	}

	private static Lane.StopReport stop(Lane lane) {
		return lane.stop(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
	}

	private static List<String> numbered(String prefix, int count) {
		return IntStream.range(0, count).mapToObj((i) -> prefix + i).toList();
	}

	/**
	 * A destination kept in memory: while away it refuses every record for now; otherwise it
	 * takes each one and, unless told not to answer, acknowledges it at once. Records left
	 * unanswered are told so at the close, as a client does.
	 */
	static final class MemoryDestination implements Destination {

		volatile boolean away;

		volatile boolean answers = true;

		final AtomicInteger offers = new AtomicInteger();

		final AtomicInteger rounds = new AtomicInteger();

		private final List<String> delivered = Collections.synchronizedList(new ArrayList<>());

		private final List<Outcome> unanswered = Collections.synchronizedList(new ArrayList<>());

		@Override
		public Offer offer(LaneRecord record, Outcome outcome) {
			this.offers.incrementAndGet();
			if (this.away) {
				return Offer.NOT_NOW;
			}
			if (!this.answers) {
				this.unanswered.add(outcome);
				return Offer.ACCEPTED;
			}
			this.delivered.add(new String(record.value(), StandardCharsets.UTF_8));
			outcome.acknowledged();
			return Offer.ACCEPTED;
		}

		@Override
		public void afterOffers() {
			this.rounds.incrementAndGet();
		}

		@Override
		public long waitingWithoutAnswerNanos() {
			return 0;
		}

		@Override
		public void close(Duration timeout) {
			synchronized (this.unanswered) {
				this.unanswered.forEach(Outcome::unanswered);
				this.unanswered.clear();
			}
		}

		@Override
		public String describe() {
			return "memory";
		}

		List<String> delivered() {
			synchronized (this.delivered) {
				return List.copyOf(this.delivered);
			}
		}

	}

}
