package io.asynclog.autoconfigure.metrics;

import java.util.function.Consumer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.Registration;

/**
 * The {@code asynclog.events.dropped} series of each appender, one per reason it can drop for.
 * Every appender whose failures are counted gets its series, at 0, as soon as its
 * configuration is built; any other at its first such event. The counters read
 * {@link AppenderDrops} only when a registry asks.
 *
 * @author asynclog
 */
public class AppenderDropMetrics extends PerAppenderMeters {

	@Override
	protected Registration onEveryAppender(Consumer<String> listener) {
		Registration counted = AppenderErrors.onEveryAppender(listener);
		Registration dropping = AppenderDrops.onEveryAppender(listener);
		return () -> {
			counted.close();
			dropping.close();
		};
	}

	@Override
	protected void register(MeterRegistry registry, String appender) {
		for (AppenderDrops.Reason reason : AppenderDrops.reasonsOf(appender)) {
			FunctionCounter.builder(DroppedMeters.NAME, appender, (name) -> AppenderDrops.count(name, reason))
				.description(DroppedMeters.DESCRIPTION)
				.tags(DroppedMeters.notWritten(appender, reason))
				.register(registry);
		}
	}

}
