package io.asynclog.core.lane;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderErrors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stage that formats a structured appender's events on a thread of its own: in order,
 * everything it took handed on at stop, waiting (not dropping) when full.
 */
class FormatStageTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private static final long FAR = Long.MAX_VALUE / 4;

	@Test
	void formatsInTheOrderEventsCameOnItsOwnThreadAndHandsOnEverythingAtStop() {
		String name = name();
		List<Integer> formatted = new CopyOnWriteArrayList<>();
		List<String> threads = new CopyOnWriteArrayList<>();
		FormatStage<Integer> stage = new FormatStage<>(name, (event) -> {
			formatted.add(event);
			threads.add(Thread.currentThread().getName());
		}, 64);
		stage.start();
		for (int i = 0; i < 20_000; i++) {
			assertThat(stage.add(i)).isTrue();
		}
		stage.stop(System.nanoTime() + FAR);
		assertThat(formatted).hasSize(20_000);
		for (int i = 0; i < 20_000; i++) {
			assertThat(formatted.get(i)).isEqualTo(i);
		}
		assertThat(threads).containsOnly("asynclog-format-" + name);
		assertThat(stage.waiting()).isZero();
		assertThat(AppenderDrops.count(name, Reason.APPENDER_STOPPED)).isZero();
	}

	@Test
	void aFullStageHoldsTheAppenderUntilThereIsRoomAndDropsNothing() throws Exception {
		String name = name();
		CountDownLatch release = new CountDownLatch(1);
		List<Integer> formatted = new CopyOnWriteArrayList<>();
		FormatStage<Integer> stage = new FormatStage<>(name, (event) -> {
			awaitQuietly(release);
			formatted.add(event);
		}, 2);
		stage.start();
		AtomicBoolean thirdAdded = new AtomicBoolean();
		Thread appender = new Thread(() -> {
			for (int i = 0; i < 3; i++) {
				stage.add(i);
			}
			thirdAdded.set(true);
		});
		appender.start();
		// The formatting thread holds event 0, the stage event 1: event 2 finds it full.
		while (!(stage.waiting() == 2 && appender.getState() == Thread.State.TIMED_WAITING)) {
			Thread.onSpinWait();
		}
		assertThat(thirdAdded).isFalse();
		release.countDown();
		appender.join();
		stage.stop(System.nanoTime() + FAR);
		assertThat(thirdAdded).isTrue();
		assertThat(formatted).containsExactly(0, 1, 2);
		assertThat(AppenderDrops.count(name, Reason.APPENDER_STOPPED)).isZero();
	}

	@Test
	void afterStopAnEventIsDroppedAndCounted() {
		String name = name();
		List<Integer> formatted = new CopyOnWriteArrayList<>();
		FormatStage<Integer> stage = new FormatStage<>(name, formatted::add, 8);
		stage.start();
		stage.stop(System.nanoTime() + FAR);
		assertThat(stage.add(1)).isFalse();
		assertThat(formatted).isEmpty();
		assertThat(AppenderDrops.count(name, Reason.APPENDER_STOPPED)).isEqualTo(1);
	}

	@Test
	void aFormatThatThrowsCountsAnErrorAndTheStageGoesOn() {
		String name = name();
		List<Integer> formatted = new CopyOnWriteArrayList<>();
		FormatStage<Integer> stage = new FormatStage<>(name, (event) -> {
			if (event == 1) {
				throw new IllegalStateException("bad event");
			}
			formatted.add(event);
		}, 8);
		stage.start();
		stage.add(0);
		stage.add(1);
		stage.add(2);
		stage.stop(System.nanoTime() + FAR);
		assertThat(formatted).containsExactly(0, 2);
		assertThat(AppenderErrors.count(name)).isEqualTo(1);
	}

	@Test
	void aStageNeverStartedFormatsWhatItHoldsAtStopOnTheStoppingThread() {
		String name = name();
		List<String> threads = new CopyOnWriteArrayList<>();
		FormatStage<Integer> stage = new FormatStage<>(name, (event) -> threads.add(Thread.currentThread().getName()),
				8);
		stage.add(0);
		stage.add(1);
		stage.stop(System.nanoTime() + FAR);
		assertThat(threads).containsExactly(Thread.currentThread().getName(), Thread.currentThread().getName());
	}

	private static String name() {
		return "format-stage-test-" + NAMES.incrementAndGet();
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
