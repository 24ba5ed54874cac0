package io.asynclog.core.queue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One deadline for a whole stop: the clock starts at the first question, every queue
 * after it waits against the same deadline, and the grace comes on top. The deadline
 * reads {@link System#nanoTime()} itself, so the times left are bounded, not exact.
 */
class ShutdownDeadlineTests {

	@Test
	void keepsTheTimeout() {
		assertThat(new ShutdownDeadline(Duration.ofSeconds(7)).timeout()).isEqualTo(Duration.ofSeconds(7));
	}

	@Test
	void theClockStartsAtTheFirstQuestion() {
		ShutdownDeadline deadline = new ShutdownDeadline(Duration.ofHours(1));
		// Time passing before anyone asks is not counted.
		long created = System.nanoTime();
		while (System.nanoTime() - created < 2_000_000) {
			Thread.onSpinWait();
		}
		long first = deadline.remainingNanos();
		assertThat(first).as("the whole timeout, read at the clock's start").isEqualTo(Duration.ofHours(1).toNanos());
		long second = deadline.remainingNanos();
		assertThat(second).as("the same deadline, a little nearer").isLessThanOrEqualTo(first);
	}

	@Test
	void nothingIsLeftOnceTheDeadlineHasPassed() {
		ShutdownDeadline deadline = new ShutdownDeadline(Duration.ZERO);
		assertThat(deadline.remainingNanos()).isZero();
		assertThat(deadline.remainingNanos()).isZero();
	}

	@Test
	void theGraceComesOnTopOfTheTimeLeft() {
		assertThat(ShutdownDeadline.GRACE).isEqualTo(Duration.ofMillis(500));
		assertThat(new ShutdownDeadline(Duration.ZERO).remainingWithGraceMillis()).isEqualTo(500);
		assertThat(new ShutdownDeadline(Duration.ofSeconds(10)).remainingWithGraceMillis()).isBetween(10_000L, 10_500L);
	}

}
