package io.asynclog.autoconfigure.metrics;

import java.util.function.Consumer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.Registration;

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
public class AppenderErrorMetrics extends PerAppenderMeters {

	@Override
	protected Registration onEveryAppender(Consumer<String> listener) {
		return AppenderErrors.onEveryAppender(listener);
	}

	@Override
	protected void register(MeterRegistry registry, String appender) {
		FunctionCounter.builder("asynclog.appender.errors", appender, AppenderErrors::count)
			.description("Writes or flushes the appender failed (such as on a full disk); failures, not lost events")
			.tag("appender", appender)
			.register(registry);
	}

}
