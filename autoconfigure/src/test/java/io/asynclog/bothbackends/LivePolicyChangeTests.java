package io.asynclog.bothbackends;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A queue-full policy changed through the {@code asynclog} endpoint while threads log into a
 * full queue, on both backends, for the async-logger ring and for an appender's own queue:
 * it applies from each thread's next call, and logged equals written plus counted drops.
 * (The endpoint's HTTP side is {@link LiveControlTests}'.)
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LivePolicyChangeTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int THREADS = 4;

	/**
	 * The calls each thread makes in a phase before the test looks or moves on: about what a
	 * quarter of a second gives them on an idle machine, at the appender's 5 events a
	 * millisecond, and as many on a busy one, where a fixed time would give fewer.
	 */
	private static final int CALLS_PER_PHASE = 256;

	/** How long a wait may take on a machine busy with other builds. */
	private static final Duration PATIENCE = Duration.ofSeconds(60);

	/**
	 * Four threads log INFO, and WARN every eighth call, into a full queue in front of a slow
	 * appender, the async-logger ring or the appender's own queue: under the configured 'block' nothing is dropped; switched to 'discard' while
	 * they log, INFO that finds the ring full is dropped and counted from their next call
	 * (WARN still waits); switched back, nothing more is dropped once each thread's call in
	 * progress at the switch is done. Logged equals written plus counted drops, per level.
	 * Each phase lasts a number of calls by every thread, not a time.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void aPolicyChangedWhileThreadsLogIntoAFullQueueAppliesFromTheirNextCallWithExactCounts(String mode)
			throws Exception {
		String queue = mode.equals("async-logger") ? LogQueue.ASYNC_LOGGER : Recorder.RECORDING;
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "asynclog.mode=" + mode,
				"asynclog.ring-buffer-size=128", "asynclog.async-appender.buffer-size=128",
				"asynclog.queue-full-policy=block", "asynclog.discard-threshold=info",
				"management.endpoints.web.exposure.include=asynclog")) {
			Recorder recorder = Recorder.named(Recorder.RECORDING);
			recorder.countStartingWith("call ");
			changeWhileThreadsLog(context.getBean(AsyncLogEndpoint.class), recorder, queue);
		}
	}

	private static void changeWhileThreadsLog(AsyncLogEndpoint endpoint, Recorder recorder, String queue)
			throws Exception {
		Apps.awaitQueuesEmpty();
		long infoDroppedBefore = DroppedEvents.count(queue, LogLevel.INFO);
		long warnDroppedBefore = DroppedEvents.count(queue, LogLevel.WARN);
		long infoWrittenBefore = recorder.countStartingWith(LogLevel.INFO);
		long warnWrittenBefore = recorder.countStartingWith(LogLevel.WARN);
		recorder.slowTo(5);
		FullQueueWatch watch = FullQueueWatch.start();
		// Closed whatever happens, so that a failed case leaves no thread logging into the next.
		Load load = Load.start(THREADS);
		try (watch; load) {
			await("the queue seen full under 'block'").atMost(PATIENCE).until(() -> watch.timesSeenFull() > 0);
			load.awaitCallsByEveryThread(CALLS_PER_PHASE);
			assertThat(infoDropped(queue, infoDroppedBefore)).as("INFO dropped under the configured 'block'").isZero();

			endpoint.change("queue-full-policy", "discard");
			load.awaitEveryCallInProgressDone();
			long droppedOnceEveryThreadCalledAgain = infoDropped(queue, infoDroppedBefore);
			await("INFO dropped under 'discard'").atMost(PATIENCE)
				.until(() -> infoDropped(queue, infoDroppedBefore) > droppedOnceEveryThreadCalledAgain);
			// WARN every eighth call: every thread logs WARN under 'discard' too.
			load.awaitCallsByEveryThread(CALLS_PER_PHASE);

			endpoint.change("queue-full-policy", "block");
			long droppedAtBlock = infoDropped(queue, infoDroppedBefore);
			load.awaitEveryCallInProgressDone();
			long droppedAfterSwitchBack = infoDropped(queue, infoDroppedBefore);
			assertThat(droppedAfterSwitchBack - droppedAtBlock)
				.as("drops after the switch back: only by calls already in progress, one a thread at most")
				.isLessThanOrEqualTo(THREADS);
			long seenFullAtSwitchBack = watch.timesSeenFull();
			load.awaitCallsByEveryThread(CALLS_PER_PHASE);
			await("the queue seen full again under 'block'").atMost(PATIENCE)
				.until(() -> watch.timesSeenFull() > seenFullAtSwitchBack);
			load.stop();
			assertThat(watch.timesSeenFull()).as("the queue seen full").isPositive();
			recorder.slowTo(0);
			Apps.awaitQueuesEmpty();
			assertThat(infoDropped(queue, infoDroppedBefore)).as("INFO dropped once every thread called under 'block' again")
				.isEqualTo(droppedAfterSwitchBack);
		}
		long infoWritten = recorder.countStartingWith(LogLevel.INFO) - infoWrittenBefore;
		long warnWritten = recorder.countStartingWith(LogLevel.WARN) - warnWrittenBefore;
		long infoDropped = infoDropped(queue, infoDroppedBefore);
		assertThat(infoWritten + infoDropped).as("INFO written %d + dropped %d = logged", infoWritten, infoDropped)
			.isEqualTo(load.info());
		assertThat(warnWritten).as("WARN written = logged").isEqualTo(load.warn());
		assertThat(DroppedEvents.count(queue, LogLevel.WARN) - warnDroppedBefore)
			.as("WARN is above the threshold: never dropped")
			.isZero();
		assertThat(infoDropped).as("INFO dropped under 'discard'").isPositive();
	}

	private static long infoDropped(String queue, long before) {
		return DroppedEvents.count(queue, LogLevel.INFO) - before;
	}

	/**
	 * Threads that log INFO {@code call <thread> <n>}, and WARN every eighth call, until
	 * stopped, each counting its calls.
	 */
	private static final class Load implements AutoCloseable {

		private final List<Thread> threads = new ArrayList<>();

		private final AtomicLong[] done;

		private final long[] info;

		private final long[] warn;

		private volatile boolean stopping;

		private Load(int count) {
			this.done = new AtomicLong[count];
			this.info = new long[count];
			this.warn = new long[count];
			Log log = LogFactory.getLog("test.live");
			for (int t = 0; t < count; t++) {
				int thread = t;
				this.done[t] = new AtomicLong();
				this.threads.add(new Thread(() -> {
					for (long call = 0; !this.stopping; call++) {
						if (call % 8 == 7) {
							log.warn("call " + thread + " " + call);
							this.warn[thread]++;
						}
						else {
							log.info("call " + thread + " " + call);
							this.info[thread]++;
						}
						this.done[thread].incrementAndGet();
					}
				}, "live-load-" + t));
			}
			// A thread left blocked by a failed case must not keep the test JVM alive.
			this.threads.forEach((thread) -> thread.setDaemon(true));
		}

		static Load start(int count) {
			Load load = new Load(count);
			load.threads.forEach(Thread::start);
			return load;
		}

		/**
		 * Waits until every thread has finished the call it was in when this was called: its
		 * next call starts after whatever was changed before.
		 */
		void awaitEveryCallInProgressDone() {
			awaitCallsByEveryThread(1);
		}

		/**
		 * Waits until every thread has finished the given number of calls, the one it was in
		 * when this was called counting as the first.
		 * @param calls the calls
		 */
		void awaitCallsByEveryThread(int calls) {
			long[] seen = new long[this.done.length];
			for (int i = 0; i < seen.length; i++) {
				seen[i] = this.done[i].get();
			}
			await("every thread past " + calls + " more calls").atMost(PATIENCE)
				.pollInterval(Duration.ofMillis(1))
				.until(() -> {
					for (int i = 0; i < seen.length; i++) {
						if (this.done[i].get() < seen[i] + calls) {
							return false;
						}
					}
					return true;
				});
		}

		/**
		 * Stops the threads and waits for them to end, for {@link #PATIENCE} at most; a
		 * second call finds them ended.
		 */
		void stop() throws InterruptedException {
			this.stopping = true;
			long deadline = System.nanoTime() + PATIENCE.toNanos();
			for (Thread thread : this.threads) {
				thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
			}
			assertThat(this.threads).as("logging threads ended").noneMatch(Thread::isAlive);
		}

		@Override
		public void close() throws InterruptedException {
			stop();
		}

		long info() {
			long sum = 0;
			for (long count : this.info) {
				sum += count;
			}
			return sum;
		}

		long warn() {
			long sum = 0;
			for (long count : this.warn) {
				sum += count;
			}
			return sum;
		}

	}

}
