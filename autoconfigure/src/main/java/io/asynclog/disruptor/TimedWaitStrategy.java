package io.asynclog.disruptor;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.WaitStrategy;

import io.asynclog.core.queue.BusyClock;

/**
 * A Disruptor wait strategy that keeps a ring's background thread's {@link BusyClock} around
 * another strategy, which decides how the thread waits. Each ring needs its own: only the one
 * thread that waits on it writes its clock.
 * <p>
 * The published sequence is looked at first: while events are there, the thread goes on
 * without reading the clock (every Disruptor strategy returns at once then). Only a thread
 * that has to wait reads the clock, before and after; producers never touch it.
 *
 * @author asynclog
 */
public final class TimedWaitStrategy implements WaitStrategy {

	private final WaitStrategy strategy;

	private final BusyClock clock = new BusyClock();

	private boolean started;

	public TimedWaitStrategy(WaitStrategy strategy) {
		this.strategy = strategy;
	}

	public WaitStrategy strategy() {
		return this.strategy;
	}

	public BusyClock clock() {
		return this.clock;
	}

	@Override
	public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
			throws AlertException, InterruptedException, TimeoutException {
		if (!this.started) {
			// The first call is on the background thread as it starts: its time counts from now.
			this.started = true;
			this.clock.working();
		}
		long available = dependentSequence.get();
		if (available >= sequence) {
			return available;
		}
		this.clock.waiting();
		try {
			return this.strategy.waitFor(sequence, cursor, dependentSequence, barrier);
		}
		finally {
			this.clock.working();
		}
	}

	@Override
	public void signalAllWhenBlocking() {
		this.strategy.signalAllWhenBlocking();
	}

}
