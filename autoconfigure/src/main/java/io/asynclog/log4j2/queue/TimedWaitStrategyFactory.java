package io.asynclog.log4j2.queue;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.TimeoutBlockingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import org.apache.logging.log4j.core.async.AsyncWaitStrategyFactory;
import org.apache.logging.log4j.util.PropertiesUtil;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.disruptor.TimedWaitStrategy;

/**
 * Makes the async-logger ring's wait strategy, timed ({@link TimedWaitStrategy}); named in an
 * {@code AsyncWaitStrategyFactory} element, which Log4j2 asks once per ring start. The strategy
 * behind is read from the Log4j2 properties asynclog hands Log4j2, so that what runs is what
 * ran without this factory.
 *
 * @author asynclog
 */
public final class TimedWaitStrategyFactory implements AsyncWaitStrategyFactory {

	static final String STRATEGY_PROPERTY = "AsyncLoggerConfig.WaitStrategy";

	static final String TIMEOUT_PROPERTY = "AsyncLoggerConfig.Timeout";

	/** Log4j2's own defaults when the properties are absent. */
	private static final String DEFAULT_STRATEGY = "Timeout";

	private static final long DEFAULT_TIMEOUT_MILLIS = 10;

	private volatile BusyClock clock;

	@Override
	public WaitStrategy createWaitStrategy() {
		PropertiesUtil properties = PropertiesUtil.getProperties();
		AsyncLogProperties.WaitStrategy name = strategy(properties.getStringProperty(STRATEGY_PROPERTY, DEFAULT_STRATEGY));
		Duration timeout = Duration.ofMillis(properties.getLongProperty(TIMEOUT_PROPERTY, DEFAULT_TIMEOUT_MILLIS));
		TimedWaitStrategy strategy = new TimedWaitStrategy(strategy(name, timeout));
		this.clock = strategy.clock();
		return strategy;
	}

	/** The clock of the ring last started, or {@code null} before a ring started. */
	public BusyClock clock() {
		return this.clock;
	}

	/** The Disruptor strategy Log4j2's own factory makes for each name, with its defaults. */
	private static WaitStrategy strategy(AsyncLogProperties.WaitStrategy name, Duration timeout) {
		return switch (name) {
			case TIMEOUT -> new TimeoutBlockingWaitStrategy(timeout.toMillis(), TimeUnit.MILLISECONDS);
			case BLOCK -> new BlockingWaitStrategy();
			case SLEEP -> new SleepingWaitStrategy();
			case YIELD -> new YieldingWaitStrategy();
			case BUSY_SPIN -> new BusySpinWaitStrategy();
		};
	}

	/** Log4j2 reads an unknown name as 'Timeout'. */
	private static AsyncLogProperties.WaitStrategy strategy(String log4jName) {
		for (AsyncLogProperties.WaitStrategy strategy : AsyncLogProperties.WaitStrategy.values()) {
			if (strategy.log4jName().toUpperCase(Locale.ROOT).equals(log4jName.trim().toUpperCase(Locale.ROOT))) {
				return strategy;
			}
		}
		return AsyncLogProperties.WaitStrategy.TIMEOUT;
	}

}
