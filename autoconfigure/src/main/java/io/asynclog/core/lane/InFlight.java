package io.asynclog.core.lane;

/**
 * A record handed to the destination, waiting for its answer; the destination's client
 * tells it on its own thread. The lane's thread keeps them in order until answered.
 *
 * @author asynclog
 */
final class InFlight implements Destination.Outcome {

	static final int PENDING = 0;

	static final int ACKNOWLEDGED = 1;

	static final int FAILED = 2;

	static final int UNANSWERED = 3;

	final LaneRecord record;

	/** Where it is in the spool, or {@code null} if it went straight from the queue. */
	final Spool.Entry spooled;

	volatile int state;

	InFlight(LaneRecord record, Spool.Entry spooled) {
		this.record = record;
		this.spooled = spooled;
	}

	@Override
	public void acknowledged() {
		this.state = ACKNOWLEDGED;
	}

	@Override
	public void failed() {
		this.state = FAILED;
	}

	@Override
	public void unanswered() {
		this.state = UNANSWERED;
	}

}
