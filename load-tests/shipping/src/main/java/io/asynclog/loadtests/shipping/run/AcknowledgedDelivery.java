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
	public boolean awaitDelivered(long total, Duration patience) throws InterruptedException {
		long deadline = System.nanoTime() + patience.toNanos();
		while (this.sender.acknowledged() < total) {
			// Records the lane did not send never arrive: no use waiting for them.
			if (this.sender.failed() > 0 || Delivery.notSent() || System.nanoTime() > deadline) {
				return false;
			}
			Thread.onSpinWait();
			Thread.sleep(0, 200_000);
		}
		return this.sender.failed() == 0 && this.sender.acknowledged() == total;
	}

	@Override
	public String state() {
		return Delivery.senderState(this.sender);
	}

}
