package io.asynclog.core.queue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Busy shares from cumulative clock readings on a clock the test moves: since the thread
 * started at the first reading, since the previous reading once that is at least a second
 * old, reaching back past readings closer together, and starting again with a new clock.
 */
class BusySharesTests {

	private static final long SECOND = 1_000_000_000L;

	private final AtomicLong now = new AtomicLong(5 * SECOND);

	private final BusyShares shares = new BusyShares();

	private BusyClock clock = new BusyClock(this.now::get);

	private BusyThread thread() {
		return new BusyThread(BusyThread.Serves.QUEUE, "async-logger", this.clock);
	}

	@Test
	void theFirstReadingCoversTheThreadsLife() {
		this.clock.working();
		this.now.addAndGet(SECOND / 2);
		this.clock.waiting();
		this.now.addAndGet(SECOND + SECOND / 2);
		assertThat(this.shares.read(thread())).isEqualTo(new BusyShare(0.25, "PT2S"));
	}

	@Test
	void aLaterReadingCoversTheSpanSinceThePreviousOne() {
		this.clock.working();
		this.now.addAndGet(4 * SECOND);
		assertThat(this.shares.read(thread()).share()).isEqualTo(1.0);
		this.clock.waiting();
		this.now.addAndGet(3 * SECOND);
		this.clock.working();
		this.now.addAndGet(SECOND);
		assertThat(this.shares.read(thread())).isEqualTo(new BusyShare(0.25, "PT4S"));
	}

	@Test
	void readingsCloserThanASecondReachBackToTheOneBefore() {
		this.clock.working();
		this.now.addAndGet(2 * SECOND);
		this.shares.read(thread());
		this.clock.waiting();
		this.now.addAndGet(2 * SECOND);
		assertThat(this.shares.read(thread())).isEqualTo(new BusyShare(0.0, "PT2S"));
		this.now.addAndGet(SECOND / 4);
		// Not 250 ms of idleness alone: back to the reading two seconds and a quarter ago.
		assertThat(this.shares.read(thread())).isEqualTo(new BusyShare(0.0, "PT2.25S"));
		this.clock.working();
		this.now.addAndGet(SECOND / 4);
		assertThat(this.shares.read(thread())).isEqualTo(new BusyShare(0.1, "PT2.5S"));
	}

	@Test
	void aNewClockUnderTheSameNameStartsAgain() {
		this.clock.working();
		this.now.addAndGet(3 * SECOND);
		this.shares.read(thread());
		this.clock = new BusyClock(this.now::get);
		this.now.addAndGet(SECOND);
		assertThat(this.shares.read(thread())).isEqualTo(new BusyShare(0.0, "PT1S"));
	}

}
