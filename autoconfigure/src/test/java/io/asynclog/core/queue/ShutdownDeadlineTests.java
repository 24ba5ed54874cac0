package io.asynclog.core.queue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One deadline for a whole stop: the clock starts at the first question, every queue
 * after it waits against the same deadline, and the grace comes on top, also for a thread
 * waited for. The deadline reads {@link System#nanoTime()} itself, so the times left are
 * bounded, not exact.
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

	@Test
	void joinReturnsOnceTheThreadEnds() throws InterruptedException {
		Thread thread = new Thread(() -> sleep(50));
		thread.start();
		long start = System.nanoTime();
		ShutdownDeadline.join(thread, start + TimeUnit.SECONDS.toNanos(10));
		assertThat(thread.isAlive()).isFalse();
		assertThat(System.nanoTime() - start).as("well before the deadline").isLessThan(TimeUnit.SECONDS.toNanos(5));
	}

	@Test
	void joinGivesUpAtTheGraceAfterTheDeadline() throws InterruptedException {
		CountDownLatch release = new CountDownLatch(1);
		Thread stuck = new Thread(() -> await(release));
		stuck.start();
		try {
			long start = System.nanoTime();
			ShutdownDeadline.join(stuck, start);
			long waited = System.nanoTime() - start;
			assertThat(stuck.isAlive()).isTrue();
			assertThat(waited).as("the grace, past a deadline already reached")
				.isBetween(ShutdownDeadline.GRACE.toNanos() - TimeUnit.MILLISECONDS.toNanos(10),
						TimeUnit.SECONDS.toNanos(5));
		}
		finally {
			release.countDown();
			stuck.join();
		}
	}

	@Test
	void joinKeepsTheCallersInterrupt() throws InterruptedException {
		CountDownLatch release = new CountDownLatch(1);
		Thread stuck = new Thread(() -> await(release));
		stuck.start();
		try {
			long start = System.nanoTime();
			Thread.currentThread().interrupt();
			ShutdownDeadline.join(stuck, start + TimeUnit.SECONDS.toNanos(10));
			assertThat(Thread.interrupted()).as("the interrupt kept").isTrue();
			assertThat(System.nanoTime() - start).as("no wait once interrupted").isLessThan(TimeUnit.SECONDS.toNanos(5));
		}
		finally {
			release.countDown();
			stuck.join();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
