package io.asynclog.bothbackends;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.Callers;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.core.backend.LevelTags;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * 'discard' with threshold INFO while the thread that appends is held: TRACE, DEBUG and
 * INFO that find the queue full are dropped and counted exactly by level, in
 * {@link DroppedEvents} and in the {@code asynclog.events.dropped} meters; WARN and ERROR
 * wait for room and are never dropped; per level, dropped plus written equals logged. For
 * the one ring of async-logger mode and for the queue of the appender in async-appender
 * mode.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DiscardAccountingTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int QUEUE_SIZE = 128;

	/**
	 * TRACE, DEBUG and INFO lines each, logged while the appending thread is held: most
	 * cannot fit.
	 */
	private static final int HELD_PER_LEVEL = 500;

	private static final int THREADS = 4;

	private static final int CALLS_PER_THREAD = 250;

	private static final List<LogLevel> LEVELS = List.of(LogLevel.TRACE, LogLevel.DEBUG, LogLevel.INFO,
			LogLevel.WARN, LogLevel.ERROR);

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void droppedPlusWrittenEqualsLoggedPerLevelAndOnlyUpToTheThresholdIsDropped(String mode) throws Exception {
		String queueName = mode.equals("async-logger") ? LogQueue.ASYNC_LOGGER : Recorder.RECORDING;
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "asynclog.mode=" + mode,
				"asynclog.ring-buffer-size=" + QUEUE_SIZE, "asynclog.async-appender.buffer-size=" + QUEUE_SIZE,
				"asynclog.queue-full-policy=discard", "asynclog.discard-threshold=info", "logging.level.root=warn",
				"logging.level.test=trace", "management.endpoints.web.exposure.include=asynclog")) {
			Apps.awaitQueuesEmpty();
			Recorder recorder = Recorder.named(Recorder.RECORDING);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			Map<LogLevel, Long> droppedBefore = dropped(queueName);
			Map<LogLevel, Long> writtenBefore = written(recorder);
			Map<LogLevel, Double> eventsBefore = events(registry);
			Map<LogLevel, Long> logged = new EnumMap<>(LogLevel.class);
			LEVELS.forEach((level) -> logged.put(level, 0L));
			Log log = LogFactory.getLog("test");

			recorder.hold();
			for (int i = 0; i < HELD_PER_LEVEL; i++) {
				log.trace("trace " + i);
				log.debug("debug " + i);
				log.info("info " + i);
			}
			logged.replaceAll((level, count) -> (level.compareTo(LogLevel.INFO) <= 0) ? HELD_PER_LEVEL : 0L);
			assertThat(Apps.queue(queueName).remaining()).as("the held queue is full").isZero();
			long droppedWhileHeld = total(dropped(queueName)) - total(droppedBefore);
			// The queue's slots, and for a blocking queue the one event in the held thread's hands.
			assertThat(droppedWhileHeld).as("dropped while held")
				.isGreaterThanOrEqualTo(3L * HELD_PER_LEVEL - QUEUE_SIZE - 1);

			// Each caller's INFO and DEBUG find the queue full and are dropped; its WARN must
			// wait for room, which only the release makes.
			long debugDroppedWhileHeld = dropped(queueName).get(LogLevel.DEBUG);
			CompletableFuture<Void> callers = CompletableFuture.runAsync(() -> Callers.run(THREADS, CALLS_PER_THREAD,
					Duration.ofSeconds(90), (thread, call) -> {
						log.info("info " + thread + " " + call);
						log.debug("debug " + thread + " " + call);
						log.warn("warn " + thread + " " + call);
						log.error("error " + thread + " " + call);
					}));
			try {
				await("every caller past its first DEBUG, at its first WARN").atMost(Duration.ofSeconds(30))
					.until(() -> dropped(queueName).get(LogLevel.DEBUG) - debugDroppedWhileHeld >= THREADS);
			}
			catch (ConditionTimeoutException ex) {
				throw new AssertionError("DEBUG dropped while the callers ran: "
						+ (dropped(queueName).get(LogLevel.DEBUG) - debugDroppedWhileHeld) + ", recorded "
						+ written(recorder) + "\n" + Diagnostics.queuesAndThreads(), ex);
			}
			recorder.release();
			callers.get(2, TimeUnit.MINUTES);
			for (LogLevel level : List.of(LogLevel.INFO, LogLevel.DEBUG, LogLevel.WARN, LogLevel.ERROR)) {
				logged.merge(level, (long) THREADS * CALLS_PER_THREAD, Long::sum);
			}
			Apps.awaitQueuesEmpty();

			Map<LogLevel, Long> dropped = minus(dropped(queueName), droppedBefore);
			Map<LogLevel, Long> written = minus(written(recorder), writtenBefore);
			for (LogLevel level : LEVELS) {
				assertThat(written.get(level) + dropped.get(level))
					.as("%s written %d + dropped %d = logged", level, written.get(level), dropped.get(level))
					.isEqualTo(logged.get(level));
			}
			assertThat(dropped.get(LogLevel.WARN)).as("WARN is above the threshold: waits").isZero();
			assertThat(dropped.get(LogLevel.ERROR)).as("ERROR is above the threshold: waits").isZero();
			assertThat(dropped.get(LogLevel.TRACE)).as("TRACE dropped").isPositive();
			assertThat(dropped.get(LogLevel.DEBUG)).as("DEBUG dropped").isPositive();
			assertThat(dropped.get(LogLevel.INFO)).as("INFO dropped").isPositive();

			Map<LogLevel, Double> eventsAfter = events(registry);
			for (LogLevel level : LEVELS) {
				assertThat(eventsAfter.get(level) - eventsBefore.get(level))
					.as("%s{level=%s} counts dropped events as logged", BACKEND.eventsMeter(), LevelTags.of(level))
					.isEqualTo(logged.get(level).doubleValue());
			}
			for (LogLevel level : LevelTags.LEVELS) {
				assertThat(droppedMeter(registry, queueName, level))
					.as("asynclog.events.dropped{queue=%s,level=%s}", queueName, LevelTags.of(level))
					.isEqualTo(DroppedEvents.count(queueName, level));
			}
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().queues())
				.filteredOn((queue) -> queue.name().equals(queueName))
				.singleElement()
				.satisfies((queue) -> assertThat(queue.dropped()).isEqualTo(DroppedEvents.total(queueName)));
		}
	}

	private static Map<LogLevel, Long> dropped(String queue) {
		Map<LogLevel, Long> counts = new EnumMap<>(LogLevel.class);
		LEVELS.forEach((level) -> counts.put(level, DroppedEvents.count(queue, level)));
		return counts;
	}

	private static Map<LogLevel, Long> written(Recorder recorder) {
		Map<LogLevel, Long> counts = new EnumMap<>(LogLevel.class);
		LEVELS.forEach((level) -> counts.put(level, recorder.count(level)));
		return counts;
	}

	private static Map<LogLevel, Double> events(MeterRegistry registry) {
		Map<LogLevel, Double> counts = new EnumMap<>(LogLevel.class);
		LEVELS.forEach((level) -> counts.put(level, Meters.count(registry, BACKEND.eventsMeter(), "level",
				LevelTags.of(level))));
		return counts;
	}

	private static Map<LogLevel, Long> minus(Map<LogLevel, Long> after, Map<LogLevel, Long> before) {
		Map<LogLevel, Long> difference = new EnumMap<>(LogLevel.class);
		after.forEach((level, count) -> difference.put(level, count - before.get(level)));
		return difference;
	}

	private static long total(Map<LogLevel, Long> counts) {
		return counts.values().stream().mapToLong(Long::longValue).sum();
	}

	private static double droppedMeter(MeterRegistry registry, String queue, LogLevel level) {
		FunctionCounter counter = await("the dropped meter of queue " + queue).atMost(Duration.ofSeconds(5))
			.until(() -> registry.find("asynclog.events.dropped")
				.tag("queue", queue)
				.tag("level", LevelTags.of(level))
				.functionCounter(), (found) -> found != null);
		return counter.count();
	}

}
