package io.asynclog.autoconfigure.metrics;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import io.asynclog.appender.AppenderErrors;
import io.asynclog.queue.Registration;

/**
 * The {@code asynclog.appender.errors} counter of every appender asynclog's configuration
 * runs: failed writes and flushes, such as on a full disk.
 * <p>
 * Each appender's counter is registered, at 0, as soon as the configuration that holds it
 * is built, so that a scrape shows the series before the first failure; the counters read
 * {@link AppenderErrors} only when a registry asks.
 *
 * @author asynclog
 */
public class AppenderErrorMetrics implements MeterBinder, AutoCloseable {

	private final Map<MeterRegistry, Set<String>> bound = new ConcurrentHashMap<>();

	private final List<Registration> registrations = new CopyOnWriteArrayList<>();

	private volatile boolean closed;

	@Override
	public void bindTo(MeterRegistry registry) {
		Set<String> appenders = ConcurrentHashMap.newKeySet();
		if (this.bound.putIfAbsent(registry, appenders) != null) {
			return;
		}
		this.registrations.add(AppenderErrors.onEveryAppender((appender) -> {
			if (!this.closed && appenders.add(appender)) {
				FunctionCounter.builder("asynclog.appender.errors", appender, AppenderErrors::count)
					.description("Writes or flushes the appender failed (such as on a full disk); "
							+ "failures, not lost events")
					.tag("appender", appender)
					.register(registry);
			}
		}));
	}

	@Override
	public void close() {
		this.closed = true;
		this.registrations.forEach(Registration::close);
		this.registrations.clear();
	}

}
