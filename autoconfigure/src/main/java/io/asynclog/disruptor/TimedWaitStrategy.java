package io.asynclog.disruptor;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.WaitStrategy;

import io.asynclog.core.queue.BusyClock;

/**
 * A Disruptor wait strategy that keeps a ring's background thread's {@link BusyClock}
 * around another strategy, which decides how the thread waits. Each ring needs its own:
 * only the one thread that waits on it writes its clock.
 * <p>
 * The published sequence is looked at first: while events are there, the thread goes on
 * without reading the clock, and the strategy behind is not called (every Disruptor strategy
 * returns at once then). Only a thread that has to wait reads the clock, before and after.
 * Producers never touch the clock: {@link #signalAllWhenBlocking()} only passes on.
 * <p>
 * Both backends' rings use it: asynclog's Logback rings directly, Log4j2's async-logger ring
 * through {@code io.asynclog.log4j2.queue.TimedWaitStrategyFactory}.
 *
 * @author asynclog
 */
public final class TimedWaitStrategy implements WaitStrategy {

	private final WaitStrategy strategy;

	private final BusyClock clock = new BusyClock();

	private boolean started;

	/**
	 * Wraps a strategy.
	 * @param strategy how the thread waits
	 */
	public TimedWaitStrategy(WaitStrategy strategy) {
		this.strategy = strategy;
	}

	/**
	 * Returns the strategy that decides how the thread waits.
	 * @return the strategy behind
	 */
	public WaitStrategy strategy() {
		return this.strategy;
	}

	/**
	 * Returns the clock of the thread that waits on this strategy.
	 * @return the clock
	 */
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
