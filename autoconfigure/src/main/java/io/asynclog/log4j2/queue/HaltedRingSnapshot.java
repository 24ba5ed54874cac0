package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.core.config.AwaitCompletionReliabilityStrategy;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;

/**
 * Log4j2's default reliability strategy, which also tells an asynclog configuration when its
 * async-logger ring is halted and the appenders are about to stop: the moment to count what
 * the ring holds. Later the halted ring's thread hands the rest to no appender at full speed,
 * and the ring reads emptier than the number lost. Called only while a configuration stops.
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

	/** A configuration told when its async-logger ring is halted. */
	public interface Listener {

		/** Called once per logger; only the first call finds the ring as Log4j2 halted it. */
		void ringHalted();

	}

}
