package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.core.config.AwaitCompletionReliabilityStrategy;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;


/**
 * Log4j2's default reliability strategy, which also tells an asynclog configuration when
 * its async-logger ring has been halted and the appenders are about to stop.
 * <p>
 * That is the moment to count what the ring still holds. Later, once Log4j2 has cleared
 * the loggers' appenders, the halted ring's thread hands the rest to no appender at full
 * speed, and the ring reads as emptier than the number of events lost. Log4j2 calls these
 * methods while a configuration stops, never per log call, and the log calls themselves
 * stay the default strategy's.
 *
 * @author asynclog
 */
public class HaltedRingSnapshot extends AwaitCompletionReliabilityStrategy {

	private volatile Configuration stopping;

	public HaltedRingSnapshot(LoggerConfig loggerConfig) {
		super(loggerConfig);
	}

	@Override
	public void beforeStopConfiguration(Configuration configuration) {
		super.beforeStopConfiguration(configuration);
		this.stopping = configuration;
	}

	@Override
	public void beforeStopAppenders() {
		super.beforeStopAppenders();
		if (this.stopping instanceof Listener listener) {
			listener.ringHalted();
		}
	}

	/**
	 * A configuration that wants to know when Log4j2 has halted its async-logger ring,
	 * before the appenders stop.
	 */
	public interface Listener {

		/**
		 * Called once per logger while the configuration stops; only the first call finds
		 * the ring as Log4j2 halted it.
		 */
		void ringHalted();

	}

}
