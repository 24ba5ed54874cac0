package io.asynclog.core.queue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sliding peak on times the test gives: the highest value of the window, kept per
 * twelfth of the window, aged out once the window has passed the twelfth it fell in.
 */
class PeakWindowTests {

	private static final long SECOND = 1_000_000_000L;

	/**
	 * Twelve seconds: one bucket per second.
	 */
	private final PeakWindow peaks = new PeakWindow(Duration.ofSeconds(12));

	@Test
	void nothingRecordedIsZero() {
		assertThat(this.peaks.peak(0)).isZero();
		assertThat(this.peaks.peak(100 * SECOND)).isZero();
	}

	@Test
	void theHighestValueOfTheWindow() {
		this.peaks.record(5, 0);
		this.peaks.record(40, 3 * SECOND);
		this.peaks.record(12, 3 * SECOND + 1);
		this.peaks.record(7, 9 * SECOND);
		assertThat(this.peaks.peak(9 * SECOND)).isEqualTo(40);
	}

	@Test
	void aValueAgesOutOnceTheWindowHasPassedItsBucket() {
		this.peaks.record(40, 3 * SECOND + SECOND / 2);
		assertThat(this.peaks.peak(15 * SECOND + SECOND / 2)).as("12s later").isEqualTo(40);
		assertThat(this.peaks.peak(16 * SECOND - 1)).as("the bucket [3s, 4s) still touches the window").isEqualTo(40);
		assertThat(this.peaks.peak(16 * SECOND)).isZero();
	}

	@Test
	void aBucketReusedAWindowLaterForgetsItsOldValue() {
		this.peaks.record(40, 2 * SECOND);
		this.peaks.record(3, 14 * SECOND + SECOND / 2);
		assertThat(this.peaks.peak(14 * SECOND + SECOND / 2)).isEqualTo(3);
	}

	@Test
	void withinABucketTheHighestValueStays() {
		this.peaks.record(9, 5 * SECOND);
		this.peaks.record(2, 5 * SECOND + 10);
		this.peaks.record(11, 5 * SECOND + 20);
		this.peaks.record(4, 5 * SECOND + 30);
		assertThat(this.peaks.peak(6 * SECOND)).isEqualTo(11);
	}

	@Test
	void aWindowShorterThanTwelveNanosecondsStillWorks() {
		PeakWindow tiny = new PeakWindow(Duration.ofNanos(5));
		tiny.record(8, 100);
		assertThat(tiny.peak(100)).isEqualTo(8);
		assertThat(tiny.peak(106)).isZero();
	}

}
