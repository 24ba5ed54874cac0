package io.asynclog.autoconfigure.metrics;

import java.util.function.Consumer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.Registration;

/**
 * The {@code asynclog.events.dropped} series of each appender, one per reason: events it was
 * called with from inside its own append, and events that reached it after it stopped; for
 * a remote (kafka) appender also records its lane or spool was full for, and records a
 * crash tore.
 * <p>
 * Every appender whose failures are counted gets its series, at 0, as soon as its
 * configuration is built; any other appender gets them at its first such event. The
 * counters read {@link AppenderDrops} only when a registry asks.
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
