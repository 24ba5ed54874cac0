package io.asynclog.loadtests.shipping.run;

import java.time.Duration;

import io.asynclog.core.lane.Sender;

/**
 * Delivered: acknowledged by the destination, as the appender's {@link Sender} counts;
 * subclasses check the destination itself.
 *
 * @author asynclog
 */
abstract class AcknowledgedDelivery implements Delivery {

	final Sender sender;

	AcknowledgedDelivery() {
		this.sender = ThroughputApp.remoteLane().sender();
	}

	/** Waits until the sender counts {@code total} records acknowledged; false if any failed or was dropped. */
	@Override
	public boolean awaitDelivered(long total, Duration patience) throws Exception {
		// Records the lane did not send never arrive: no use waiting for them.
		return Delivery.poll(patience, () -> this.sender.acknowledged() >= total,
				() -> this.sender.failed() > 0 || Delivery.notSent())
				&& this.sender.failed() == 0 && this.sender.acknowledged() == total;
	}

	@Override
	public String state() {
		return Delivery.senderState(this.sender);
	}

}
