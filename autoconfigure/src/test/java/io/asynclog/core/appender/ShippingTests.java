package io.asynclog.core.appender;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.asynclog.core.queue.BusyShare;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A shipping appender's reading: its backlog counts each record not delivered once, wherever
 * it waits, and the lane's and spool's readings join the client's.
 */
class ShippingTests {

	private static final Shipping CLIENT_ONLY = new Shipping("kafka", "logs", 1000, 900, 20, 80, Duration.ofSeconds(3),
			"broker away", null, null);

	@Test
	void withoutALaneTheBacklogIsWhatWaitsForAnAnswer() {
		assertThat(CLIENT_ONLY.backlog()).isEqualTo(80);
	}

	@Test
	void theBacklogCountsARecordSentFromTheSpoolOnce() {
		Shipping.Lane lane = new Shipping.Lane(500, 8192, 50_000, 8_000_000, 80, 30, null);
		Shipping.Spool spool = new Shipping.Spool("/var/spool/ship", 2000, 400_000, 1_000_000_000,
				Duration.ofMinutes(2), 0, 0);
		// 80 waiting for an answer, 500 in the lane, 2000 in the spool, of which 30 are also among the 80.
		assertThat(CLIENT_ONLY.with(lane, spool, Duration.ZERO).backlog()).isEqualTo(80 + 500 + 2000 - 30);
		assertThat(CLIENT_ONLY.with(lane, null, Duration.ZERO).backlog()).isEqualTo(80 + 500 - 30);
	}

	@Test
	void theWaitWithoutDeliveryIsTheLongerOfTheClientsAndTheLanes() {
		Shipping.Lane lane = new Shipping.Lane(1, 10, 1, 10, 0, 0, null);
		assertThat(CLIENT_ONLY.with(lane, null, Duration.ofSeconds(9)).waitingWithoutAnswer())
			.isEqualTo(Duration.ofSeconds(9));
		Shipping shorter = CLIENT_ONLY.with(lane, null, Duration.ofSeconds(1));
		assertThat(shorter.waitingWithoutAnswer()).isEqualTo(Duration.ofSeconds(3));
		assertThat(shorter).isEqualTo(new Shipping("kafka", "logs", 1000, 900, 20, 80, Duration.ofSeconds(3),
				"broker away", lane, null));
	}

	@Test
	void theLanesBusyShareJoinsItsReading() {
		BusyShare share = new BusyShare(0.25, "PT1S");
		assertThat(CLIENT_ONLY.withLaneBusy(share)).as("no lane, nothing to add").isSameAs(CLIENT_ONLY);
		Shipping.Lane lane = new Shipping.Lane(1, 10, 100, 1000, 2, 0, "spool unreadable");
		Shipping withLane = CLIENT_ONLY.with(lane, null, Duration.ZERO).withLaneBusy(share);
		assertThat(withLane.lane()).isEqualTo(new Shipping.Lane(1, 10, 100, 1000, 2, 0, "spool unreadable", share));
		assertThat(lane.busy()).as("unchanged").isNull();
	}

	@Test
	void anAppenderThatShipsIsReadAndAnyOtherIsNot() {
		Shipping.Source source = () -> CLIENT_ONLY;
		assertThat(LogAppender.shippingOf(source)).isSameAs(CLIENT_ONLY);
		assertThat(LogAppender.shippingOf("a file appender")).isNull();
		assertThat(source.busyClock()).isNull();
	}

}
