package io.asynclog.autoconfigure.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.noop.NoopTimer;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.core.backend.LevelTags;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.DeliveryLag;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.core.queue.QueueMonitor;
import io.asynclog.core.queue.QueueStatus;
import io.asynclog.core.queue.Registration;

/**
 * Meters of every queue between logging threads and appenders: capacity, remaining slots,
 * peak use, events dropped per level, delivery lag and its background thread's busy time
 * ({@link BusyMeters}).
 * <p>
 * The meters read the queues only when a registry asks; the peak comes from the
 * {@link QueueMonitor}'s samples. A queue that appears later gets its meters when the monitor
 * first sees it; a gauge of a queue that is gone reads NaN.
 *
 * @author asynclog
 */
public class AsyncLogMetrics implements MeterBinder, AutoCloseable {

	private final QueueMonitor monitor;

	private final LoggingBackend backend;

	private final Map<MeterRegistry, Set<String>> bound = new ConcurrentHashMap<>();

	private final List<Registration> registrations = new CopyOnWriteArrayList<>();

	private volatile boolean closed;

	/** Creates the meters of a backend's queues, which the monitor announces. */
	public AsyncLogMetrics(QueueMonitor monitor, LoggingBackend backend) {
		this.monitor = monitor;
		this.backend = backend;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Set<String> queues = ConcurrentHashMap.newKeySet();
		if (this.bound.putIfAbsent(registry, queues) != null) {
			return;
		}
		this.registrations.add(this.monitor.onEveryQueue((queue) -> {
			if (!this.closed && queues.add(queue.name())) {
				bindQueue(registry, queue.name(), queue.type());
			}
		}));
	}

	private void bindQueue(MeterRegistry registry, String name, String type) {
		gauge(registry, "asynclog.queue.capacity", "Slots of the queue", name, type, LogQueue::capacity);
		gauge(registry, "asynclog.queue.remaining", "Free slots of the queue now", name, type, LogQueue::remaining);
		Gauge.builder("asynclog.queue.peak", this.monitor, (monitor) -> read(monitor, name, QueueStatus::peak))
			.description("Most slots in use during asynclog.metrics.peak-window")
			.tags("queue", name, "type", type)
			.register(registry);
		for (LogLevel level : LevelTags.LEVELS) {
			FunctionCounter.builder(DroppedMeters.NAME, name, (queue) -> DroppedEvents.count(queue, level))
				.description(DroppedMeters.DESCRIPTION)
				.tags(DroppedMeters.queueFull(name, LevelTags.of(level)))
				.register(registry);
		}
		BusyMeters.register(registry, this.backend, BusyThread.Serves.QUEUE, name);
		Timer lag = Timer.builder("asynclog.delivery.lag")
			.description("Time from the log call to the hand-off to the appenders on the background thread, for one event in "
					+ DeliveryLag.SAMPLE_EVERY)
			.tag("queue", name)
			.publishPercentileHistogram()
			.minimumExpectedValue(Duration.ofNanos(1_000))
			.maximumExpectedValue(Duration.ofSeconds(30))
			.register(registry);
		// A timer denied by a meter filter costs the background thread nothing.
		if (!(lag instanceof NoopTimer)) {
			this.registrations.add(DeliveryLag.listen(name, (nanos) -> lag.record(nanos, TimeUnit.NANOSECONDS)));
		}
	}

	private void gauge(MeterRegistry registry, String meter, String description, String name, String type,
			ToLongFunction<LogQueue> reading) {
		Gauge.builder(meter, this.monitor, (monitor) -> read(monitor, name, (status) -> reading.applyAsLong(status.queue())))
			.description(description)
			.tags("queue", name, "type", type)
			.register(registry);
	}

	private static double read(QueueMonitor monitor, String name, ToLongFunction<QueueStatus> reading) {
		QueueStatus status = monitor.queue(name);
		return (status != null) ? reading.applyAsLong(status) : Double.NaN;
	}

	@Override
	public void close() {
		this.closed = true;
		this.registrations.forEach(Registration::close);
		this.registrations.clear();
	}

}
