package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import io.asynclog.core.appender.Shipping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A remote appender's lane and sender as the Spring side reads them: one reading with the
 * sender's counts and the lane's records, and the lane's busy clock, through the appender
 * as well. The lane is never started: its records stay queued.
 */
class RemoteLaneTests {

	private final MemorySender sender = new MemorySender("remote-lane-tests");

	private final Lane lane = new Lane("remote-lane-tests", this.sender, new Lane.Settings(16, 1024 * 1024, null, 0));

	private final RemoteLane remoteLane = new RemoteLane("remote-lane-tests", this.lane, this.sender);

	@Test
	void theReadingHasTheSendersCountsAndTheLanesRecords() {
		this.sender.handedOver();
		addTo(this.lane, "first");
		addTo(this.lane, "second");
		Shipping reading = this.remoteLane.reading();
		assertThat(reading.system()).isEqualTo("memory");
		assertThat(reading.destination()).isEqualTo("test");
		assertThat(reading.sent()).isEqualTo(1);
		assertThat(reading.waiting()).isEqualTo(1);
		assertThat(reading.lane()).isNotNull();
		assertThat(reading.lane().records()).isEqualTo(2);
		assertThat(reading.lane().capacity()).isEqualTo(16);
		assertThat(reading.spool()).as("no spool").isNull();
	}

	@Test
	void theAppenderReadsThroughItsLane() {
		RemoteLane.Source appender = () -> this.remoteLane;
		this.sender.handedOver();
		addTo(this.lane, "first");
		assertThat(appender.shipping()).usingRecursiveComparison()
			.ignoringFields("waitingWithoutAnswer")
			.isEqualTo(this.remoteLane.reading());
		assertThat(appender.shipping().lane().records()).isEqualTo(1);
		assertThat(appender.busyClock()).isNotNull().isSameAs(this.lane.busyClock());
	}

	private static void addTo(Lane lane, String value) {
		assertThat(lane.add(null, value.getBytes(StandardCharsets.UTF_8))).isTrue();
	}

}
