package io.asynclog.logback;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * A filter put on an appender behind a ring: it runs on the ring's background thread for each
 * event, so it can hold that thread (as a stalled disk would), slow it down, and record which
 * threads handed it events and how many of each level. It lets every event through.
 */
public final class BackgroundGate extends Filter<ILoggingEvent> {

	private final Duration delay;

	private volatile CountDownLatch gate = new CountDownLatch(0);

	private final Map<Level, LongAdder> counts = new ConcurrentHashMap<>();

	private final Set<String> threads = ConcurrentHashMap.newKeySet();

	private BackgroundGate(Duration delay) {
		this.delay = delay;
	}

	/**
	 * Puts a gate on an appender.
	 * @param appender the appender
	 * @param delay how long the background thread takes over each event
	 * @return the gate
	 */
	public static BackgroundGate on(Appender<ILoggingEvent> appender, Duration delay) {
		BackgroundGate gate = new BackgroundGate(delay);
		gate.start();
		appender.addFilter(gate);
		return gate;
	}

	/**
	 * Holds the background thread at the next event until {@link #release()}.
	 * @return this gate
	 */
	public BackgroundGate hold() {
		this.gate = new CountDownLatch(1);
		return this;
	}

	public void release() {
		this.gate.countDown();
	}

	public long count(Level level) {
		LongAdder count = this.counts.get(level);
		return (count != null) ? count.sum() : 0;
	}

	public Set<String> threads() {
		return this.threads;
	}

	@Override
	public FilterReply decide(ILoggingEvent event) {
		try {
			if (!this.gate.await(60, TimeUnit.SECONDS)) {
				throw new IllegalStateException("held for a minute");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (!this.delay.isZero()) {
			LockSupport.parkNanos(this.delay.toNanos());
		}
		this.threads.add(Thread.currentThread().getName());
		this.counts.computeIfAbsent(event.getLevel(), (level) -> new LongAdder()).increment();
		return FilterReply.NEUTRAL;
	}

}
