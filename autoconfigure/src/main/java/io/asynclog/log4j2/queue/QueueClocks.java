package io.asynclog.log4j2.queue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.logging.log4j.core.config.Configuration;

import io.asynclog.core.queue.BusyClock;

/**
 * The busy clocks of one configuration's background threads, by queue name; kept by the
 * configuration, so that a reconfiguration's new threads replace the old ones with it.
 *
 * @author asynclog
 */
public final class QueueClocks {

	private final Map<String, BusyClock> clocks = new ConcurrentHashMap<>();

	public void put(String queue, BusyClock clock) {
		this.clocks.put(queue, clock);
	}

	public Map<String, BusyClock> all() {
		return Map.copyOf(this.clocks);
	}

	/** A configuration that keeps the clocks of its queues' threads. */
	public interface Owner extends Configuration {

		QueueClocks queueClocks();

	}

}
