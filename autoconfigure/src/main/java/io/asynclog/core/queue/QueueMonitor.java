package io.asynclog.core.queue;


import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Samples a logging backend's queues every {@value #SAMPLE_INTERVAL_MILLIS} ms on a daemon
 * thread of its own, so that a burst between two scrapes still shows: keeps each queue's peak
 * over a sliding window and how long it has stayed above a fill threshold. The queues are read
 * from the backend each time, so a reconfiguration's new ring replaces the old one.
 * <p>
 * The thread starts with the first queue there is to sample: sync mode runs no thread.
 *
 * @author asynclog
 */
public final class QueueMonitor implements AutoCloseable {

	static final long SAMPLE_INTERVAL_MILLIS = 100;

	private final Supplier<List<LogQueue>> source;

	private final Duration peakWindow;

	private final double fillThreshold;

	private final LongSupplier nanoTime;

	private final long origin;

	private final ConcurrentMap<String, History> histories = new ConcurrentHashMap<>();

	private final ScheduledExecutorService sampler;

	private final AtomicBoolean sampling = new AtomicBoolean();

	private final List<Consumer<LogQueue>> newQueueListeners = new CopyOnWriteArrayList<>();

	/** Queues the listeners heard of; apart from the histories, which reads create too. */
	private final Set<String> announced = ConcurrentHashMap.newKeySet();

	private long lastFailureReport = Long.MIN_VALUE;

	private QueueMonitor(Supplier<List<LogQueue>> source, Duration peakWindow, double fillThreshold) {
		this(source, peakWindow, fillThreshold, System::nanoTime, true);
	}

	/**
	 * Creates a monitor.
	 * @param nanoTime the clock of the samples, {@link System#nanoTime()} but in tests
	 * @param samplesOnItsOwn whether it starts its sampling thread once there is a queue;
	 * without it only {@link #sample()} takes samples, as a test wants
	 */
	QueueMonitor(Supplier<List<LogQueue>> source, Duration peakWindow, double fillThreshold, LongSupplier nanoTime,
			boolean samplesOnItsOwn) {
		this.source = source;
		this.peakWindow = peakWindow;
		this.fillThreshold = fillThreshold;
		this.nanoTime = nanoTime;
		this.origin = nanoTime.getAsLong();
		this.sampling.set(!samplesOnItsOwn);
		this.sampler = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "asynclog-queue-monitor");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Starts sampling the queues of a logging backend.
	 * @param source reads the backend's queues now (see {@code io.asynclog.core.backend.LoggingBackend#queues})
	 * @param peakWindow how far back a peak is remembered
	 * @param fillThreshold the fill, from 0 to 1, above which the time spent is tracked
	 * @return the running monitor; close it to stop sampling
	 */
	public static QueueMonitor start(Supplier<List<LogQueue>> source, Duration peakWindow, double fillThreshold) {
		QueueMonitor monitor = new QueueMonitor(source, peakWindow, fillThreshold);
		monitor.read();
		return monitor;
	}

	private List<LogQueue> read() {
		List<LogQueue> queues = this.source.get();
		if (!queues.isEmpty() && this.sampling.compareAndSet(false, true)) {
			this.sampler.scheduleAtFixedRate(this::sample, 0, SAMPLE_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
		}
		return queues;
	}

	/**
	 * Takes one sample. A failure is reported, at most once a minute, and sampling goes on:
	 * an exception escaping would end the schedule for good.
	 */
	void sample() {
		try {
			long now = now();
			for (LogQueue queue : this.source.get()) {
				history(queue.name()).record(queue, now);
				if (this.announced.add(queue.name())) {
					this.newQueueListeners.forEach((listener) -> listener.accept(queue));
				}
			}
		}
		catch (RuntimeException | LinkageError ex) {
			long now = System.nanoTime();
			if (this.lastFailureReport == Long.MIN_VALUE || now - this.lastFailureReport > 60_000_000_000L) {
				this.lastFailureReport = now;
				System.err.println("asynclog: sampling the log queues failed; peaks may be stale: " + ex);
			}
		}
	}

	/**
	 * Calls a listener with every queue there is now, and from then on, on the sampler's
	 * thread, with each new queue it sees.
	 * @return a handle that stops the calls when closed
	 */
	public Registration onEveryQueue(Consumer<LogQueue> listener) {
		this.newQueueListeners.add(listener);
		for (LogQueue queue : read()) {
			listener.accept(queue);
		}
		return () -> this.newQueueListeners.remove(listener);
	}

	/** Every queue of the backend now, with its history. */
	public List<QueueStatus> queues() {
		long now = now();
		List<QueueStatus> statuses = new ArrayList<>();
		for (LogQueue queue : read()) {
			statuses.add(history(queue.name()).status(queue, now));
		}
		return statuses;
	}

	/** One queue now, with its history, or {@code null} if the configuration has none such. */
	public QueueStatus queue(String name) {
		for (QueueStatus status : queues()) {
			if (status.queue().name().equals(name)) {
				return status;
			}
		}
		return null;
	}

	private History history(String name) {
		return this.histories.computeIfAbsent(name, (key) -> new History(key, this.peakWindow));
	}

	private long now() {
		return this.nanoTime.getAsLong() - this.origin;
	}

	@Override
	public void close() {
		this.sampler.shutdownNow();
	}

	/** What the sampler saw of one queue. */
	private final class History {

		private final String name;

		private final PeakWindow peaks;

		/** When the fill last rose above the threshold, or -1 while it is below. */
		private volatile long aboveSince = -1;

		private History(String name, Duration peakWindow) {
			this.name = name;
			this.peaks = new PeakWindow(peakWindow);
		}

		void record(LogQueue queue, long now) {
			this.peaks.record(queue.used(), now);
			if (queue.fill() > QueueMonitor.this.fillThreshold) {
				if (this.aboveSince < 0) {
					this.aboveSince = now;
				}
			}
			else {
				this.aboveSince = -1;
			}
		}

		QueueStatus status(LogQueue queue, long now) {
			long since = this.aboveSince;
			Duration above = (since < 0 || queue.fill() <= QueueMonitor.this.fillThreshold) ? Duration.ZERO
					: Duration.ofNanos(now - since);
			long lastDrop = DroppedEvents.lastDropNanos(this.name);
			Duration sinceLastDrop = (lastDrop == Long.MIN_VALUE) ? null
					: Duration.ofNanos(System.nanoTime() - lastDrop);
			return new QueueStatus(queue, Math.max(queue.used(), this.peaks.peak(now)),
					DroppedEvents.total(this.name), above, sinceLastDrop);
		}

	}

}
