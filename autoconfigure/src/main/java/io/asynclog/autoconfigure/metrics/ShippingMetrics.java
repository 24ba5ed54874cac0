package io.asynclog.autoconfigure.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.Registration;

/**
 * The shipping meters of every remote appender (kafka, otlp), tagged with the appender:
 * {@code asynclog.shipping.records.*}, {@code asynclog.shipping.lane.*},
 * {@code asynclog.shipping.spool.*}, and its lane's thread's busy time ({@link BusyMeters}).
 * <p>
 * Each appender's meters are registered as soon as its sender is built, and read the running
 * appender of that name only when a registry asks. A reconfiguration's new sender counts from
 * 0 again, which Prometheus' {@code rate()} reads as a counter reset.
 *
 * @author asynclog
 */
public class ShippingMetrics extends PerAppenderMeters {

	private final LoggingBackend backend;

	/** Held here: a meter holds what it reads weakly. */
	private final Map<String, LastRunning> lastRunning = new ConcurrentHashMap<>();

	/** Creates the shipping meters, which read the backend's remote appenders' lanes. */
	public ShippingMetrics(LoggingBackend backend) {
		this.backend = backend;
	}

	@Override
	protected Registration onEveryAppender(Consumer<String> listener) {
		return Sender.onEveryAppender(listener);
	}

	@Override
	protected void register(MeterRegistry registry, String appender) {
		LastRunning last = this.lastRunning.computeIfAbsent(appender, (name) -> new LastRunning(this.backend, name));
		counter(registry, last, "sent", "Records handed to the destination's client", Sender::sent);
		counter(registry, last, "acknowledged", "Records the destination acknowledged", Sender::acknowledged);
		counter(registry, last, "failed",
				"Records that never reached the destination (also counted in asynclog.appender.errors)", Sender::failed);
		Gauge.builder("asynclog.shipping.records.waiting", last, (found) -> found.sender(Sender::waiting))
			.description("Records sent and not yet acknowledged or failed")
			.tag("appender", appender)
			.register(registry);
		gauge(registry, last, "asynclog.shipping.lane.records", "Records in the appender's lane", null,
				(lane) -> lane.laneReading().records());
		gauge(registry, last, "asynclog.shipping.lane.capacity", "Most records the appender's lane holds", null,
				(lane) -> lane.laneReading().capacity());
		gauge(registry, last, "asynclog.shipping.spool.records", "Records kept in the appender's spool on disk", null,
				(lane) -> spool(lane).records());
		gauge(registry, last, "asynclog.shipping.spool.bytes", "Disk space the appender's spool takes",
				BaseUnits.BYTES, (lane) -> spool(lane).bytes());
		gauge(registry, last, "asynclog.shipping.spool.oldest.age",
				"How long ago the oldest record in the appender's spool was logged", "seconds",
				(lane) -> spool(lane).oldestAge().toMillis() / 1000.0);
		BusyMeters.register(registry, this.backend, BusyThread.Serves.LANE, appender);
	}

	private static final Shipping.Spool NO_SPOOL = new Shipping.Spool("", 0, 0, 0, Duration.ZERO, 0, 0);

	private static Shipping.Spool spool(Lane lane) {
		Shipping.Spool spool = lane.spoolReading();
		return (spool != null) ? spool : NO_SPOOL;
	}

	private static void gauge(MeterRegistry registry, LastRunning last, String name, String description, String unit,
			ToDoubleFunction<Lane> reading) {
		Gauge.builder(name, last, (found) -> found.lane(reading))
			.description(description)
			.baseUnit(unit)
			.tag("appender", last.appender)
			.register(registry);
	}

	private static void counter(MeterRegistry registry, LastRunning last, String outcome, String description,
			ToLongFunction<Sender> count) {
		FunctionCounter.builder("asynclog.shipping.records." + outcome, last, (found) -> found.sender(count))
			.description(description)
			.tag("appender", last.appender)
			.register(registry);
	}

	/**
	 * One appender's lane and sender as the backend last found them running: after a
	 * reconfiguration that removes the appender its meters keep their last values rather
	 * than fall to 0, which a counter's {@code rate()} would read as a reset.
	 */
	private static final class LastRunning {

		private final LoggingBackend backend;

		private final String appender;

		private volatile RemoteLane found;

		LastRunning(LoggingBackend backend, String appender) {
			this.backend = backend;
			this.appender = appender;
		}

		double sender(ToLongFunction<Sender> count) {
			RemoteLane lane = find();
			return (lane != null) ? count.applyAsLong(lane.sender()) : 0;
		}

		double lane(ToDoubleFunction<Lane> reading) {
			RemoteLane lane = find();
			return (lane != null) ? reading.applyAsDouble(lane.lane()) : 0;
		}

		private RemoteLane find() {
			for (RemoteLane running : this.backend.remoteLanes()) {
				if (running.appender().equals(this.appender)) {
					this.found = running;
					return running;
				}
			}
			return this.found;
		}

	}

}
