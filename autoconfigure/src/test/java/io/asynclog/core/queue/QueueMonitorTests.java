package io.asynclog.core.queue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue monitor on a clock the test moves, with samples the test takes: a peak that
 * outlives the burst for the window, the time a queue stays above the threshold, the
 * drops, a queue that appears after a reconfiguration, and no sampling thread while there
 * is no queue.
 */
class QueueMonitorTests {

	private static final long SECOND = 1_000_000_000L;

	private static final AtomicInteger NAMES = new AtomicInteger();

	/**
	 * Drops are counted per queue name for the whole JVM: each test has a name of its own.
	 */
	private final String name = "monitored-" + NAMES.incrementAndGet();

	private final AtomicLong now = new AtomicLong(7 * SECOND);

	private final List<LogQueue> queues = new CopyOnWriteArrayList<>();

	private final QueueMonitor monitor = new QueueMonitor(() -> List.copyOf(this.queues), Duration.ofSeconds(12), 0.5,
			this.now::get, false);

	@AfterEach
	void close() {
		this.monitor.close();
	}

	@Test
	void readsTheQueuesAsTheBackendHasThemNow() {
		fill(this.name, 1024, 100);
		assertThat(this.monitor.queues()).singleElement().satisfies((status) -> {
			assertThat(status.queue()).isEqualTo(new LogQueue(this.name, LogQueue.RING_BUFFER, 1024, 924));
			assertThat(status.peak()).as("the queue now, before any sample").isEqualTo(100);
			assertThat(status.dropped()).isZero();
			assertThat(status.aboveThresholdFor()).isZero();
			assertThat(status.sinceLastDrop()).isNull();
		});
		assertThat(this.monitor.queue(this.name)).isNotNull();
		assertThat(this.monitor.queue("no-such-queue")).isNull();
	}

	@Test
	void thePeakOutlivesTheBurstForTheWindow() {
		fill(this.name, 1024, 600);
		this.monitor.sample();
		fill(this.name, 1024, 10);
		this.now.addAndGet(SECOND);
		this.monitor.sample();
		assertThat(this.monitor.queue(this.name).peak()).isEqualTo(600);
		// A twelfth of the window rounds the age up: the burst is gone once the window and
		// the bucket it fell in have passed.
		this.now.addAndGet(12 * SECOND);
		this.monitor.sample();
		assertThat(this.monitor.queue(this.name).peak()).isEqualTo(10);
	}

	@Test
	void countsHowLongTheQueueHasStayedAboveTheThreshold() {
		fill(this.name, 1000, 900);
		this.monitor.sample();
		this.now.addAndGet(3 * SECOND);
		this.monitor.sample();
		assertThat(this.monitor.queue(this.name).aboveThresholdFor()).isEqualTo(Duration.ofSeconds(3));
		this.now.addAndGet(2 * SECOND);
		assertThat(this.monitor.queue(this.name).aboveThresholdFor()).as("counts on between samples")
			.isEqualTo(Duration.ofSeconds(5));
		fill(this.name, 1000, 500);
		assertThat(this.monitor.queue(this.name).aboveThresholdFor()).as("at the threshold now, not above")
			.isZero();
		this.monitor.sample();
		fill(this.name, 1000, 900);
		assertThat(this.monitor.queue(this.name).aboveThresholdFor()).as("above again, not sampled yet").isZero();
		this.now.addAndGet(SECOND);
		this.monitor.sample();
		this.now.addAndGet(SECOND);
		assertThat(this.monitor.queue(this.name).aboveThresholdFor()).as("counted again from the next sample above")
			.isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void showsTheQueuesDropsAndHowLongAgoTheLastWas() {
		fill(this.name, 1024, 1024);
		DroppedEvents.forQueue(this.name).record(LogLevel.INFO);
		DroppedEvents.forQueue(this.name).record(LogLevel.DEBUG);
		QueueStatus status = this.monitor.queue(this.name);
		assertThat(status.dropped()).isEqualTo(2);
		assertThat(status.sinceLastDrop()).isNotNull().isBetween(Duration.ZERO, Duration.ofMinutes(1));
	}

	@Test
	void aListenerHearsOfEveryQueueNowAndOfEachNewOneAtTheNextSample() {
		fill(this.name, 1024, 0);
		// The sampler's first sample, at once in a running application.
		this.monitor.sample();
		List<String> heard = new ArrayList<>();
		Registration registration = this.monitor.onEveryQueue((queue) -> heard.add(queue.name()));
		assertThat(heard).containsExactly(this.name);
		heard.clear();
		// A reconfiguration's new queue.
		fill(this.name + "-new", 256, 0);
		this.monitor.sample();
		this.monitor.sample();
		assertThat(heard).containsExactly(this.name + "-new");
		registration.close();
		fill(this.name + "-later", 256, 0);
		this.monitor.sample();
		assertThat(heard).as("nothing after closing").containsExactly(this.name + "-new");
	}

	@Test
	void samplesOnAThreadOfItsOwnOnlyOnceThereIsAQueue() {
		try (QueueMonitor started = QueueMonitor.start(() -> List.copyOf(this.queues), Duration.ofMinutes(1), 0.9)) {
			assertThat(started.queues()).isEmpty();
			assertThat(samplerThreads()).as("none in sync mode").isZero();
			fill(this.name, 1024, 0);
			assertThat(started.queues()).hasSize(1);
			assertThat(samplerThreads()).as("started by the reading that found a queue").isEqualTo(1);
		}
	}

	@Test
	void aFailingReadIsReportedAndSamplingGoesOn() {
		AtomicInteger reads = new AtomicInteger();
		QueueMonitor failing = new QueueMonitor(() -> {
			if (reads.incrementAndGet() == 1) {
				throw new IllegalStateException("the backend is reconfiguring");
			}
			return List.copyOf(this.queues);
		}, Duration.ofSeconds(12), 0.5, this.now::get, false);
		try (failing) {
			fill(this.name, 1024, 300);
			failing.sample();
			failing.sample();
			fill(this.name, 1024, 0);
			assertThat(failing.queue(this.name).peak()).as("the second sample counted").isEqualTo(300);
		}
	}

	private void fill(String queue, long capacity, long used) {
		this.queues.removeIf((each) -> each.name().equals(queue));
		this.queues.add(new LogQueue(queue, LogQueue.RING_BUFFER, capacity, capacity - used));
	}

	private static long samplerThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().equals("asynclog-queue-monitor") && thread.isAlive())
			.count();
	}

}
