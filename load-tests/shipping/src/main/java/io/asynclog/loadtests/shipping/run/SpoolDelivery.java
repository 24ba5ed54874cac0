package io.asynclog.loadtests.shipping.run;

import java.time.Duration;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Sender;

/**
 * Delivered with the destination away: every line is in the appender's spool, and its lane
 * holds none; the otlp appender's client holds the requests it keeps trying (counted sent,
 * not acknowledged). The check: spool and client hold exactly the lines logged, and the lane
 * dropped none.
 *
 * @author asynclog
 */
final class SpoolDelivery implements Delivery {

	private final Lane lane;

	private final Sender sender;

	SpoolDelivery() {
		RemoteLane running = ThroughputApp.remoteLane();
		this.lane = running.lane();
		this.sender = running.sender();
	}

	@Override
	public boolean awaitDelivered(long total, Duration patience) throws Exception {
		return Delivery.poll(patience, () -> spooled(this.lane.spoolReading()) + this.sender.waiting() >= total,
				Delivery::notSent);
	}

	private static long spooled(Shipping.Spool spool) {
		return (spool != null) ? spool.records() : 0;
	}

	@Override
	public Check check(long total) {
		Shipping.Spool spool = this.lane.spoolReading();
		boolean passed = spool != null && spool.records() + this.sender.waiting() == total
				&& this.lane.laneReading().records() == 0 && this.sender.acknowledged() == 0 && this.sender.failed() == 0
				&& !Delivery.notSent();
		return new Check(passed, state(), (spool != null && spool.records() > 0) ? spool.bytes() / spool.records() : 0);
	}

	@Override
	public String state() {
		Shipping.Spool spool = this.lane.spoolReading();
		return "spool " + ((spool != null) ? spool.records() + " records, " + spool.bytes() + " bytes" : "not open")
				+ ", lane " + this.lane.laneReading().records() + " records, client " + this.sender.waiting()
				+ " records; " + Delivery.senderState(this.sender);
	}

}
