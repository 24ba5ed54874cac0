package io.asynclog.autoconfigure.metrics;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.Registration;

/**
 * The shipping meters of every remote appender (kafka, otlp): {@code asynclog.shipping.records.sent},
 * {@code .acknowledged} and {@code .failed} (counters) and {@code .waiting} (records sent and
 * not yet acknowledged or failed, a gauge); its lane's records and capacity
 * ({@code asynclog.shipping.lane.*}); and its spool's records, bytes and oldest age
 * ({@code asynclog.shipping.spool.*}); all tagged with the appender. Its lane's thread's busy
 * time too ({@link BusyMeters}, tagged with the lane).
 * <p>
 * Each appender's meters are registered as soon as its sender is built, and read the latest
 * sender of that name only when a registry asks. A sender counts from 0: when a reconfiguration
 * builds a new one, the counters start again, which Prometheus' {@code rate()} reads as a
 * counter reset.
 *
 * @author asynclog
 */
public class ShippingMetrics extends PerAppenderMeters {

	private final LoggingBackend backend;

	/**
	 * Creates the shipping meters.
	 * @param backend the backend, whose lanes' clocks the busy-time counters read
	 */
	public ShippingMetrics(LoggingBackend backend) {
		this.backend = backend;
	}

	@Override
	protected Registration onEveryAppender(Consumer<String> listener) {
		return Sender.onEveryAppender(listener);
	}

	@Override
	protected void register(MeterRegistry registry, String appender) {
		counter(registry, appender, "sent", "Records handed to the destination's client", Sender::sent);
		counter(registry, appender, "acknowledged", "Records the destination acknowledged", Sender::acknowledged);
		counter(registry, appender, "failed",
				"Records that never reached the destination (also counted in asynclog.appender.errors)", Sender::failed);
		Gauge.builder("asynclog.shipping.records.waiting", appender, (name) -> read(name, Sender::waiting))
			.description("Records sent and not yet acknowledged or failed")
			.tag("appender", appender)
			.register(registry);
		gauge(registry, appender, "asynclog.shipping.lane.records", "Records in the appender's lane", null,
				(lane) -> lane.laneReading().records());
		gauge(registry, appender, "asynclog.shipping.lane.capacity", "Most records the appender's lane holds", null,
				(lane) -> lane.laneReading().capacity());
		gauge(registry, appender, "asynclog.shipping.spool.records", "Records kept in the appender's spool on disk",
				null, (lane) -> spool(lane).records());
		gauge(registry, appender, "asynclog.shipping.spool.bytes", "Disk space the appender's spool takes",
				BaseUnits.BYTES, (lane) -> spool(lane).bytes());
		gauge(registry, appender, "asynclog.shipping.spool.oldest.age",
				"How long ago the oldest record in the appender's spool was logged", "seconds",
				(lane) -> spool(lane).oldestAge().toMillis() / 1000.0);
		BusyMeters.register(registry, this.backend, BusyThread.Serves.LANE, appender);
	}

	private static final Shipping.Spool NO_SPOOL = new Shipping.Spool("", 0, 0, 0, Duration.ZERO, 0, 0);

	private static Shipping.Spool spool(Lane lane) {
		Shipping.Spool spool = lane.spoolReading();
		return (spool != null) ? spool : NO_SPOOL;
	}

	private static void gauge(MeterRegistry registry, String appender, String name, String description, String unit,
			ToDoubleFunction<Lane> reading) {
		Gauge.builder(name, appender, (key) -> {
			Lane lane = Lane.latest(key);
			return (lane != null) ? reading.applyAsDouble(lane) : 0;
		}).description(description).baseUnit(unit).tag("appender", appender).register(registry);
	}

	private static void counter(MeterRegistry registry, String appender, String outcome, String description,
			ToLongFunction<Sender> count) {
		FunctionCounter.builder("asynclog.shipping.records." + outcome, appender, (name) -> read(name, count))
			.description(description)
			.tag("appender", appender)
			.register(registry);
	}

	private static double read(String appender, ToLongFunction<Sender> count) {
		Sender sender = Sender.latest(appender);
		return (sender != null) ? count.applyAsLong(sender) : 0;
	}

}
