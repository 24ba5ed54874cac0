package io.asynclog.autoconfigure.metrics;

import java.util.function.Consumer;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import io.asynclog.appender.kafka.KafkaSender;
import io.asynclog.queue.Registration;

/**
 * The shipping meters of every kafka appender: {@code asynclog.shipping.records.sent},
 * {@code .acknowledged} and {@code .failed} (counters) and {@code .waiting} (records sent and
 * not yet acknowledged or failed, a gauge), tagged with the appender.
 * <p>
 * Each appender's meters are registered as soon as its sender is built, and read the latest
 * sender of that name only when a registry asks. A sender counts from 0: when a reconfiguration
 * builds a new one, the counters start again, which Prometheus' {@code rate()} reads as a
 * counter reset.
 *
 * @author asynclog
 */
public class KafkaShippingMetrics extends PerAppenderMeters {

	@Override
	protected Registration onEveryAppender(Consumer<String> listener) {
		return KafkaSender.onEveryAppender(listener);
	}

	@Override
	protected void register(MeterRegistry registry, String appender) {
		counter(registry, appender, "sent", "Records handed to the Kafka producer", KafkaSender::sent);
		counter(registry, appender, "acknowledged", "Records the broker acknowledged", KafkaSender::acknowledged);
		counter(registry, appender, "failed",
				"Records that never reached the broker (also counted in asynclog.appender.errors)", KafkaSender::failed);
		Gauge.builder("asynclog.shipping.records.waiting", appender, (name) -> read(name, KafkaSender::waiting))
			.description("Records sent and not yet acknowledged or failed")
			.tag("appender", appender)
			.register(registry);
	}

	private static void counter(MeterRegistry registry, String appender, String outcome, String description,
			ToLongFunction<KafkaSender> count) {
		FunctionCounter.builder("asynclog.shipping.records." + outcome, appender, (name) -> read(name, count))
			.description(description)
			.tag("appender", appender)
			.register(registry);
	}

	private static double read(String appender, ToLongFunction<KafkaSender> count) {
		KafkaSender sender = KafkaSender.latest(appender);
		return (sender != null) ? count.applyAsLong(sender) : 0;
	}

}
