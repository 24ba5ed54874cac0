package io.asynclog.logback.queue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import ch.qos.logback.classic.Level;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.TimeoutBlockingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.LiveQueueFullSettings;
import io.asynclog.core.queue.ShutdownDeadline;

/**
 * How one ring runs, from {@code asynclog.*}.
 *
 * @param capacity slots, a power of two
 * @param waitStrategy makes the background thread's wait strategy; each ring needs its own
 * @param blocks whether the policy is 'block': newcomers queue behind those waiting for room
 * @param discardAtOrBelow the most severe Logback level int a full ring drops;
 * {@link Integer#MIN_VALUE} under 'block'
 * @param includeLocation whether caller data is taken on the logging thread
 * @param shutdown the deadline of a stop, shared by every ring of one installation
 * @param listeners told of drops, samples and the drain
 * @author asynclog
 * @see LiveQueueFullSettings
 */
public record QueueSettings(int capacity, Supplier<WaitStrategy> waitStrategy, boolean blocks, int discardAtOrBelow,
		boolean includeLocation, ShutdownDeadline shutdown, List<RingListener> listeners) {

	/**
	 * The async-logger ring's default slots, fewer than Log4j2's 16,384: every young collection
	 * copies each queued {@code LoggingEvent}, and on two shared cores with the ring full 4,096
	 * slots cost about half the garbage collection per request of 16,384.
	 */
	public static final int DEFAULT_RING_BUFFER_SIZE = 4096;

	/** Settings of a ring of at least {@code smallest} slots, rounded up to a power of two. */
	public static QueueSettings of(AsyncLogProperties properties, int slots, int smallest,
			List<RingListener> listeners, ShutdownDeadline shutdown) {
		boolean blocks = properties.getQueueFullPolicy() == QueueFullPolicy.BLOCK;
		return new QueueSettings(powerOfTwoAtLeast(Math.max(slots, smallest)), waitStrategy(properties), blocks,
				blocks ? Integer.MIN_VALUE : discardAtOrBelow(properties.getDiscardThreshold()),
				properties.isIncludeLocation(), shutdown, List.copyOf(listeners));
	}

	/** The last run-time values, translated; replaced when the values change. */
	private static volatile LiveDiscard liveDiscard;

	/** Whether an event that found the ring full is dropped, under the run-time values if any. */
	boolean drops(Level level) {
		LiveDiscard live = live();
		return level.levelInt <= ((live != null) ? live.discardAtOrBelow() : this.discardAtOrBelow);
	}

	/** Under a configured 'block', whether newcomers still queue behind waiters: not under a run-time 'discard'. */
	boolean newcomersStillQueueBehindWaiters() {
		LiveDiscard live = live();
		return live == null || live.discardAtOrBelow() == Integer.MIN_VALUE;
	}

	private static LiveDiscard live() {
		LiveQueueFullSettings.Values values = LiveQueueFullSettings.live();
		if (values == null) {
			return null;
		}
		LiveDiscard live = liveDiscard;
		if (live == null || live.source() != values) {
			live = new LiveDiscard(values, (values.queueFullPolicy() == QueueFullPolicy.BLOCK) ? Integer.MIN_VALUE
					: discardAtOrBelow(values.discardThreshold()));
			liveDiscard = live;
		}
		return live;
	}

	static int powerOfTwoAtLeast(int slots) {
		int power = Integer.highestOneBit(Math.max(1, slots));
		return (power == slots) ? power : power << 1;
	}

	/** The Disruptor strategies Log4j2 uses for each name, so that both backends behave alike. */
	private static Supplier<WaitStrategy> waitStrategy(AsyncLogProperties properties) {
		long timeoutMillis = properties.getWaitTimeout().toMillis();
		return switch (properties.getWaitStrategy()) {
			case TIMEOUT -> () -> new TimeoutBlockingWaitStrategy(timeoutMillis, TimeUnit.MILLISECONDS);
			case BLOCK -> BlockingWaitStrategy::new;
			case SLEEP -> SleepingWaitStrategy::new;
			case YIELD -> YieldingWaitStrategy::new;
			case BUSY_SPIN -> BusySpinWaitStrategy::new;
		};
	}

	/**
	 * Spring Boot's FATAL has no Logback level (Spring Boot maps it to ERROR): a threshold of
	 * 'fatal' or 'off' drops every event that finds the ring full, as the documentation says.
	 */
	private static int discardAtOrBelow(LogLevel threshold) {
		return switch (threshold) {
			case TRACE -> Level.TRACE_INT;
			case DEBUG -> Level.DEBUG_INT;
			case INFO -> Level.INFO_INT;
			case WARN -> Level.WARN_INT;
			case ERROR -> Level.ERROR_INT;
			case FATAL, OFF -> Integer.MAX_VALUE;
		};
	}

	/** Run-time values in Logback's terms; {@code discardAtOrBelow} as the ring's own. */
	private record LiveDiscard(LiveQueueFullSettings.Values source, int discardAtOrBelow) {
	}

}
