package io.asynclog.core.queue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The busy clock on a clock the test moves: waiting time is left out, working time counted,
 * a wait in progress counts as it goes, the clock starts waiting, and a reader never sees
 * busy time go back.
 */
class BusyClockTests {

	private final AtomicLong now = new AtomicLong(1_000);

	private final BusyClock clock = new BusyClock(this.now::get);

	@Test
	void countsNothingBeforeItsThreadFirstRuns() {
		this.now.addAndGet(500);
		assertThat(this.clock.busyNanos()).isZero();
		assertThat(this.clock.elapsedNanos()).isEqualTo(500);
	}

	@Test
	void countsTheTimeBetweenWaitsAndNotTheWaits() {
		this.now.addAndGet(100);
		this.clock.working();
		this.now.addAndGet(30);
		this.clock.waiting();
		this.now.addAndGet(50);
		this.clock.working();
		this.now.addAndGet(20);
		assertThat(this.clock.busyNanos()).isEqualTo(50);
		assertThat(this.clock.elapsedNanos()).isEqualTo(200);
	}

	@Test
	void aWaitInProgressIsNotBusyAndWorkInProgressIs() {
		this.clock.working();
		this.now.addAndGet(40);
		assertThat(this.clock.busyNanos()).isEqualTo(40);
		this.clock.waiting();
		this.now.addAndGet(1_000_000);
		assertThat(this.clock.busyNanos()).isEqualTo(40);
		this.clock.working();
		this.now.addAndGet(60);
		assertThat(this.clock.busyNanos()).isEqualTo(100);
	}

	@Test
	void repeatedCallsOfTheSameKindChangeNothing() {
		this.clock.working();
		this.now.addAndGet(10);
		this.clock.working();
		this.now.addAndGet(10);
		this.clock.waiting();
		this.now.addAndGet(10);
		this.clock.waiting();
		this.now.addAndGet(10);
		assertThat(this.clock.busyNanos()).isEqualTo(20);
	}

	@Test
	void aReaderNeverSeesBusyTimeGoBack() {
		this.clock.working();
		this.now.addAndGet(100);
		assertThat(this.clock.busyNanos()).isEqualTo(100);
		// A reading taken as the thread began to wait, with a clock read a little earlier
		// on the thread's side than on the reader's: the state says less than was shown.
		this.now.addAndGet(-10);
		this.clock.waiting();
		this.now.addAndGet(10);
		assertThat(this.clock.busyNanos()).isEqualTo(100);
	}

}
