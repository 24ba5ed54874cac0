package io.asynclog.core.lane;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.Registration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every remote appender's sender shares, whatever its client: each record counted by
 * its answer and the lane told once, failures counted under the appender's name, the clock
 * of records waiting with no answer, the reading an operator sees, and the announcement of
 * each appender to the shipping meters.
 */
class SenderTests {

	@Test
	void eachRecordIsCountedByItsAnswerAndItsOutcomeToldOnce() {
		MemorySender sender = new MemorySender("sender-counts");
		List<InFlight> records = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			records.add(new InFlight(null, null));
			sender.handedOver();
		}
		sender.acknowledged(records.get(0));
		sender.acknowledged(records.get(1));
		IllegalStateException rejected = new IllegalStateException("rejected");
		sender.failed(records.get(2), rejected);
		sender.unanswered(records.get(3));
		assertThat(records).extracting((record) -> record.state)
			.containsExactly(InFlight.ACKNOWLEDGED, InFlight.ACKNOWLEDGED, InFlight.FAILED, InFlight.UNANSWERED,
					InFlight.PENDING);
		assertThat(sender.sent()).isEqualTo(5);
		assertThat(sender.acknowledged()).isEqualTo(2);
		assertThat(sender.failed()).isEqualTo(1);
		assertThat(sender.waiting()).as("neither answered nor given up").isEqualTo(1);
		assertThat(AppenderErrors.count("sender-counts")).isEqualTo(1);
		Shipping reading = sender.reading();
		assertThat(reading).isEqualTo(new Shipping("memory", "test", 5, 2, 1, 1, reading.waitingWithoutAnswer(),
				"java.lang.IllegalStateException: rejected", null, null));
	}

	@Test
	void aFailedAttemptIsTheLastFailureWithoutCountingARecord() {
		MemorySender sender = new MemorySender("sender-attempt");
		assertThat(sender.reading().lastFailure()).isNull();
		sender.attemptFailed(new IllegalStateException("retrying"));
		assertThat(sender.reading().lastFailure()).isEqualTo("java.lang.IllegalStateException: retrying");
		assertThat(sender.failed()).isZero();
		assertThat(AppenderErrors.count("sender-attempt")).isZero();
	}

	@Test
	void waitingIsNeverNegative() {
		MemorySender sender = new MemorySender("sender-never-negative");
		sender.acknowledged(new InFlight(null, null));
		assertThat(sender.waiting()).isZero();
	}

	/**
	 * The clock starts at the first record handed to an idle client, restarts at an answer
	 * while records still wait, and stops once none waits. Each reading is bounded by the
	 * times taken around the calls.
	 */
	@Test
	void theTimeWithoutAnAnswerCountsFromTheFirstRecordOrTheLastAnswer() {
		MemorySender sender = new MemorySender("sender-clock");
		assertThat(sender.waitingWithoutAnswer()).isEqualTo(Duration.ZERO);
		long beforeFirst = System.nanoTime();
		sender.handedOver();
		long afterFirst = System.nanoTime();
		passAtLeastTwoMillisecondsAfter(afterFirst);
		sender.handedOver();
		assertWaitingBetween(sender, beforeFirst, afterFirst);

		InFlight first = new InFlight(null, null);
		long beforeAnswer = System.nanoTime();
		sender.acknowledged(first);
		sender.answered();
		long afterAnswer = System.nanoTime();
		passAtLeastTwoMillisecondsAfter(afterAnswer);
		assertWaitingBetween(sender, beforeAnswer, afterAnswer);

		sender.acknowledged(new InFlight(null, null));
		assertThat(sender.waitingWithoutAnswerNanos()).as("none waits").isZero();
		sender.answered();
		long beforeNext = System.nanoTime();
		sender.handedOver();
		long afterNext = System.nanoTime();
		assertWaitingBetween(sender, beforeNext, afterNext);
	}

	@Test
	void describesItselfByItsSystemAndDestination() {
		assertThat(new MemorySender("sender-describe").describe()).isEqualTo("memory (test)");
	}

	/**
	 * The shipping meters register an appender's drop reasons as its name is announced: the
	 * lane's reasons must be known by then. A name is announced once, and not after the
	 * listener let go.
	 */
	@Test
	void everyAppenderIsAnnouncedOnceWithItsLaneReasonsKnown() {
		new MemorySender("sender-before");
		List<String> announced = new ArrayList<>();
		List<Boolean> laneReasonsKnown = new ArrayList<>();
		Registration registration = Sender.onEveryAppender((name) -> {
			announced.add(name);
			laneReasonsKnown.add(AppenderDrops.reasonsOf(name).contains(AppenderDrops.Reason.LANE_FULL));
		});
		assertThat(announced).contains("sender-before");
		announced.clear();
		laneReasonsKnown.clear();
		new MemorySender("sender-after");
		new MemorySender("sender-after");
		assertThat(announced).containsExactly("sender-after");
		assertThat(laneReasonsKnown).containsExactly(true);
		registration.close();
		new MemorySender("sender-after-close");
		assertThat(announced).containsExactly("sender-after");
	}

	private static void passAtLeastTwoMillisecondsAfter(long nanos) {
		while (System.nanoTime() - nanos < TimeUnit.MILLISECONDS.toNanos(2)) {
			Thread.onSpinWait();
		}
	}

	/** The clock started between two times: its reading lies between what they allow. */
	private static void assertWaitingBetween(Sender sender, long startedNoEarlierThan, long startedNoLaterThan) {
		long readFrom = System.nanoTime();
		long waiting = sender.waitingWithoutAnswerNanos();
		long readTo = System.nanoTime();
		assertThat(waiting).isBetween(readFrom - startedNoLaterThan, readTo - startedNoEarlierThan);
	}

}
