package io.asynclog.autoconfigure.metrics;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import io.asynclog.core.queue.Registration;

/**
 * Meters registered once per appender name and registry, as the core announces each appender:
 * the appenders of a configuration built after the registry was bound get their meters too.
 *
 * @author asynclog
 */
public abstract class PerAppenderMeters implements MeterBinder, AutoCloseable {

	private final Map<MeterRegistry, Set<String>> bound = new ConcurrentHashMap<>();

	private final List<Registration> registrations = new CopyOnWriteArrayList<>();

	private volatile boolean closed;

	@Override
	public final void bindTo(MeterRegistry registry) {
		Set<String> appenders = ConcurrentHashMap.newKeySet();
		if (this.bound.putIfAbsent(registry, appenders) != null) {
			return;
		}
		this.registrations.add(onEveryAppender((appender) -> {
			if (!this.closed && appenders.add(appender)) {
				register(registry, appender);
			}
		}));
	}

	/** Asks the core for the name of every appender these meters are about, now and later. */
	protected abstract Registration onEveryAppender(Consumer<String> listener);

	protected abstract void register(MeterRegistry registry, String appender);

	@Override
	public void close() {
		this.closed = true;
		this.registrations.forEach(Registration::close);
		this.registrations.clear();
	}

}
