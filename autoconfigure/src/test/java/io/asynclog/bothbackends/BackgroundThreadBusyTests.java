package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AppenderDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.QueueDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.core.queue.BusyShare;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.fixtures.LoopbackOtlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The busy meter of each background thread, in a real application on each backend: a
 * queue's thread held inside its appender (a sink that blocks) is busy for nearly all of a
 * second, and idle the thread waits nearly all of it, as {@code asynclog.thread.busy.time}
 * and the endpoint's {@code busy} share both say; the counter carries the queue's or the
 * lane's name. Bounds are wide (at least 80% of the wall time while held, under 20% idle):
 * a loaded build machine stretches the wall time, never the other way round.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BackgroundThreadBusyTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final String METER = "asynclog.thread.busy.time";

	private static final Duration SPAN = Duration.ofSeconds(1);

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void aQueuesThreadIsBusyWhileItsAppenderBlocksAndIdleWhileNothingComes(String mode) throws Exception {
		String queue = mode.equals("async-logger") ? LogQueue.ASYNC_LOGGER : Recorder.RECORDING;
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND, "asynclog.mode=" + mode,
				"management.endpoints.web.exposure.include=asynclog")) {
			Apps.awaitQueuesEmpty();
			FunctionCounter counter = context.getBean(MeterRegistry.class)
				.get(METER)
				.tags("queue", queue, "lane", "none")
				.functionCounter();
			AsyncLogEndpoint endpoint = context.getBean(AsyncLogEndpoint.class);
			Supplier<BusyShare> shown = () -> queueBusy(endpoint, queue);

			Span idle = Span.measure(counter, shown);
			assertThat(idle.busySeconds()).as("busy seconds of an idle thread over %s s", idle.wallSeconds())
				.isLessThan(0.2 * idle.wallSeconds());
			assertThat(idle.shown().share()).as("the endpoint's share, idle").isLessThan(0.2);

			Recorder recorder = Recorder.named(Recorder.RECORDING);
			recorder.hold();
			try {
				Logger log = LoggerFactory.getLogger("busy");
				log.warn("held");
				log.warn("behind the held one");
				await("the appender held with an event behind it").atMost(Duration.ofSeconds(30))
					.until(() -> Apps.queue(queue).used() >= 1);
				Span held = Span.measure(counter, shown);
				assertThat(held.busySeconds()).as("busy seconds of a thread held in its appender over %s s",
						held.wallSeconds())
					.isGreaterThanOrEqualTo(0.8 * held.wallSeconds());
				assertThat(held.shown().share()).as("the endpoint's share, held").isGreaterThanOrEqualTo(0.8);
				assertThat(Duration.parse(held.shown().over())).isGreaterThanOrEqualTo(SPAN);
			}
			finally {
				recorder.release();
			}
		}
	}

	/**
	 * A remote appender's lane thread with nothing to send sleeps: its counter, tagged with
	 * the lane, barely grows, and the endpoint shows the share on the appender's lane. (A lane
	 * thread held by its destination is in {@code LaneBusyClockTests}: the clients asynclog
	 * ships with never hold it.)
	 */
	@Test
	void anIdleLanesThreadWaitsAndItsShareIsShownOnTheLane(@TempDir Path dir) throws Exception {
		try (LoopbackOtlp receiver = LoopbackOtlp.http();
				ConfigurableApplicationContext context = Apps.run("asynclog.appenders.ship.type=otlp",
						"asynclog.appenders.ship.endpoint=" + receiver.endpoint(),
						"asynclog.appenders.ship.spool.directory=" + dir.resolve("spool"),
						"asynclog.loggers.shipping.appenders=ship", "asynclog.loggers.shipping.additivity=false",
						"asynclog.shutdown-timeout=5s", "management.endpoints.web.exposure.include=asynclog")) {
			LoggerFactory.getLogger("shipping").info("one record");
			await("the record received").atMost(RemoteShipping.PATIENCE).until(() -> receiver.count() == 1);
			FunctionCounter counter = context.getBean(MeterRegistry.class)
				.get(METER)
				.tags("lane", "ship", "queue", "none")
				.functionCounter();
			AsyncLogEndpoint endpoint = context.getBean(AsyncLogEndpoint.class);
			Span idle = Span.measure(counter, () -> laneBusy(endpoint, "ship"));
			assertThat(idle.busySeconds()).as("busy seconds of an idle lane thread over %s s", idle.wallSeconds())
				.isLessThan(0.2 * idle.wallSeconds());
			assertThat(idle.shown().share()).as("the endpoint's share on the lane").isLessThan(0.2);
		}
	}

	private static BusyShare queueBusy(AsyncLogEndpoint endpoint, String queue) {
		return endpoint.asyncLog()
			.queues()
			.stream()
			.filter((descriptor) -> descriptor.name().equals(queue))
			.map(QueueDescriptor::busy)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no queue '" + queue + "' on the endpoint"));
	}

	private static BusyShare laneBusy(AsyncLogEndpoint endpoint, String appender) {
		AppenderDescriptor descriptor = endpoint.asyncLog()
			.appenders()
			.stream()
			.filter((candidate) -> candidate.name().equals(appender))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no appender '" + appender + "' on the endpoint"));
		return descriptor.shipping().lane().busy();
	}

	/**
	 * A second of wall time with the counter and the endpoint read at both ends.
	 *
	 * @param busySeconds how much the counter grew
	 * @param wallSeconds how long it took, by the test's clock
	 * @param shown the endpoint's share at the end, over the span since its reading at the start
	 */
	private record Span(double busySeconds, double wallSeconds, BusyShare shown) {

		static Span measure(FunctionCounter counter, Supplier<BusyShare> endpoint) throws InterruptedException {
			assertThat(endpoint.get()).as("the endpoint's busy share").isNotNull();
			double before = counter.count();
			long start = System.nanoTime();
			Thread.sleep(SPAN.toMillis());
			double after = counter.count();
			double wall = (System.nanoTime() - start) / 1e9;
			return new Span(after - before, wall, endpoint.get());
		}

	}

}
