package io.asynclog.log4j2.config;

import java.util.Collection;
import java.util.Map;

import org.apache.logging.log4j.util.PropertiesUtil;
import org.apache.logging.log4j.util.PropertySource;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.log4j2.queue.HaltedRingSnapshot;
import io.asynclog.log4j2.queue.QueueSettings;

/**
 * Hands asynclog's settings to the Log4j2 code that reads them by property name when a queue
 * starts: ring size, wait strategy, queue-full policy and the reliability strategy
 * ({@link HaltedRingSnapshot}) have no other way in. Searched before every other source, so
 * that what application.yml says is what runs and what the actuator reports.
 *
 * @author asynclog
 */
public final class AsyncLogPropertySource implements PropertySource {

	static final String RING_BUFFER_SIZE = "AsyncLoggerConfig.RingBufferSize";

	/**
	 * The ring's slots unless {@code asynclog.ring-buffer-size} says otherwise: Log4j2's ring
	 * reuses its slots, so a full ring of this size costs no garbage collection.
	 */
	static final int DEFAULT_RING_BUFFER_SIZE = 16384;

	static final String WAIT_STRATEGY = "AsyncLoggerConfig.WaitStrategy";

	static final String WAIT_TIMEOUT_MILLIS = "AsyncLoggerConfig.Timeout";

	static final String RELIABILITY_STRATEGY = "log4j.ReliabilityStrategy";

	/** Lower numbers are searched first; Spring Boot's own source uses -100. */
	private static final int PRIORITY = -200;

	private static final AsyncLogPropertySource INSTANCE = new AsyncLogPropertySource();

	private volatile Map<String, String> properties = Map.of();

	private AsyncLogPropertySource() {
		PropertiesUtil.getProperties().addPropertySource(this);
	}

	public static void apply(AsyncLogProperties settings) {
		String policy = QueueSettings.apply(settings);
		INSTANCE.properties = Map.of(RING_BUFFER_SIZE, String.valueOf(settings.ringBufferSize(DEFAULT_RING_BUFFER_SIZE)), WAIT_STRATEGY,
				settings.getWaitStrategy().log4jName(), WAIT_TIMEOUT_MILLIS,
				String.valueOf(settings.getWaitTimeout().toMillis()), QueueSettings.PROPERTY, policy, RELIABILITY_STRATEGY,
				HaltedRingSnapshot.class.getName());
	}

	public static void clear() {
		INSTANCE.properties = Map.of();
		QueueSettings.clear();
	}

	@Override
	public int getPriority() {
		return PRIORITY;
	}

	@Override
	public String getProperty(String key) {
		return this.properties.get(key);
	}

	@Override
	public boolean containsProperty(String key) {
		return this.properties.containsKey(key);
	}

	@Override
	public Collection<String> getPropertyNames() {
		return this.properties.keySet();
	}

}
