package io.asynclog.bothbackends;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AppenderDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AsyncLogDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.QueueDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.queue.DeliveryLag;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What an operator sees is the same on both backends: the {@code asynclog} endpoint's
 * data names the backend and shows each queue's capacity, remaining slots, peak and drops;
 * the health goes DOWN while a queue stays full, drops events or an appender fails to
 * write, and UP again after; the meters have the same names and tags; and Spring Boot's
 * own events counter ({@code log4j2.events} or {@code logback.events}) counts each event
 * once in every mode.
 */
class ObservabilityParityTests {

	private static final Map<String, Long> NOTHING_DROPPED = Map.of("recursive-call", 0L, "appender-stopped", 0L);


	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final Duration PATIENCE = Duration.ofSeconds(20);

	/**
	 * Ten multiples of the delivery lag's sampling period, whatever came before: ten
	 * events measured.
	 */
	private static final int HELD = 10 * DeliveryLag.SAMPLE_EVERY;

	@TempDir
	Path dir;

	@Test
	void theEndpointDescribesTheSettingsQueuesAndAppendersThatRun() {
		Path main = this.dir.resolve("main.log");
		Path audit = this.dir.resolve("audit.log");
		try (ConfigurableApplicationContext context = Apps.run("management.endpoints.web.exposure.include=asynclog",
				"asynclog.ring-buffer-size=500", "asynclog.wait-strategy=block", "asynclog.queue-full-policy=discard",
				"asynclog.discard-threshold=debug", "asynclog.shutdown-timeout=3s",
				"asynclog.appenders.main.type=rolling-file", "asynclog.appenders.main.file-name=" + main,
				"asynclog.appenders.audit.type=file", "asynclog.appenders.audit.file-name=" + audit,
				"asynclog.appenders.audit.immediate-flush=true", "asynclog.loggers[com.example.audit].appenders=audit",
				"asynclog.loggers[com.example.audit].mode=sync", "asynclog.loggers[com.example.audit].additivity=false")) {
			// Spring Boot's start-up lines may still be on their way.
			Apps.awaitQueuesEmpty();
			AsyncLogDescriptor descriptor = context.getBean(AsyncLogEndpoint.class).asyncLog();
			assertThat(descriptor.backend()).isEqualTo(BACKEND.backendName());
			assertThat(descriptor.mode()).isEqualTo("async-logger");
			assertThat(descriptor.waitStrategy()).isEqualTo("block");
			assertThat(descriptor.includeLocation()).isFalse();
			assertThat(descriptor.queueFullPolicy()).isEqualTo("discard");
			assertThat(descriptor.discardThreshold()).isEqualTo("debug");
			assertThat(descriptor.shutdownTimeout()).isEqualTo("PT3S");
			assertThat(descriptor.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo("async-logger");
				assertThat(queue.type()).isEqualTo("ring-buffer");
				assertThat(queue.capacity()).as("rounded up to a power of two").isEqualTo(512);
				assertThat(queue.used()).isZero();
			});
			// Spring Boot's console stays, next to asynclog's appenders. Another test of this class may
			// leave its recording appender in the JVM's Log4j2 configuration.
			assertThat(descriptor.appenders()).filteredOn((appender) -> !appender.name().equals(Recorder.RECORDING))
				.containsExactlyInAnyOrder(
					new AppenderDescriptor(BACKEND.springBootConsole(), BACKEND.springBootConsoleType(), null, false, true, 0, NOTHING_DROPPED, null),
					new AppenderDescriptor("main", BACKEND.rollingFileAppenderType(), main.toString(), false, true, 0, NOTHING_DROPPED, null),
					new AppenderDescriptor("audit", BACKEND.fileAppenderType(), audit.toString(), true, false, 0, NOTHING_DROPPED, null));
			String settings = "asynclog: mode async-logger, wait strategy block, queue-full policy discard,"
					+ " include-location false";
			String queue = "asynclog: queue 'async-logger' (ring-buffer) has 512 slots";
			// The appenders in the order the backend keeps them: declared on Log4j2, met on the loggers on Logback.
			assertThat(context.getBean(LoggingBackend.class).describe().info())
				.filteredOn((line) -> !line.contains("'" + Recorder.RECORDING + "'"))
				.startsWith(settings, queue)
				.containsExactlyInAnyOrder(settings, queue,
						"asynclog: appender 'audit' (" + BACKEND.fileAppenderType() + ", flush every line)",
						"asynclog: appender '" + BACKEND.springBootConsole() + "' (" + BACKEND.springBootConsoleType()
								+ ", flush at end of batch)",
						"asynclog: appender 'main' (" + BACKEND.rollingFileAppenderType() + ", flush at end of batch)",
						"asynclog: logger 'root' writes to " + BACKEND.springBootConsole() + ", main",
						"asynclog: logger 'com.example.audit' writes to audit", BACKEND.allocationLine());
		}
	}

	@Test
	void syncModeRunsNoAsynclogThreadAndTheEndpointStillAnswers() {
		try (ConfigurableApplicationContext context = Apps.run("management.endpoints.web.exposure.include=asynclog",
				"asynclog.mode=sync")) {
			AsyncLogDescriptor descriptor = context.getBean(AsyncLogEndpoint.class).asyncLog();
			assertThat(descriptor.mode()).isEqualTo("sync");
			assertThat(descriptor.queues()).isEmpty();
			// A thread of an earlier test's context may still be on its way out.
			await("no asynclog thread in sync mode").atMost(PATIENCE)
				.untilAsserted(() -> assertThat(Thread.getAllStackTraces().keySet())
					.extracting(Thread::getName)
					.noneMatch((name) -> name.startsWith("asynclog")));
		}
	}

	@Test
	void endpointHealthAndMetersFollowAQueueThatFillsAndDrains() {
		Path main = this.dir.resolve("main.log");
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND,
				"management.endpoints.web.exposure.include=asynclog", "asynclog.ring-buffer-size=1000",
				"asynclog.wait-strategy=block", "asynclog.discard-threshold=debug", "asynclog.shutdown-timeout=3s",
				"asynclog.health.fill-threshold=0.5", "asynclog.health.fill-duration=200ms",
				// Drops are counted since the JVM started, and another test of this class drops.
				"asynclog.health.drop-window=0s", "asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + main,
				"asynclog.loggers.root.appenders=main,recording", "logging.level.root=warn",
				"logging.level.test=info")) {
			AsyncLogEndpoint endpoint = context.getBean(AsyncLogEndpoint.class);
			AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			AsyncLogDescriptor descriptor = endpoint.asyncLog();
			assertThat(descriptor.backend()).isEqualTo(BACKEND.backendName());
			assertThat(descriptor.mode()).isEqualTo("async-logger");
			assertThat(descriptor.waitStrategy()).isEqualTo("block");
			assertThat(descriptor.includeLocation()).isFalse();
			assertThat(descriptor.queueFullPolicy()).isEqualTo("block");
			assertThat(descriptor.discardThreshold()).isEqualTo("debug");
			assertThat(descriptor.shutdownTimeout()).isEqualTo("PT3S");
			assertThat(descriptor.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo(LogQueue.ASYNC_LOGGER);
				assertThat(queue.type()).isEqualTo(LogQueue.RING_BUFFER);
				assertThat(queue.capacity()).as("1000 rounded up to a power of two").isEqualTo(1024);
			});
			assertThat(descriptor.appenders()).anySatisfy((appender) -> {
				assertThat(appender.name()).isEqualTo("main");
				assertThat(appender.fileName()).isEqualTo(main.toString());
				assertThat(appender.immediateFlush()).isFalse();
				assertThat(appender.async()).isTrue();
				assertThat(appender.errors()).isZero();
			}).anySatisfy((appender) -> {
				assertThat(appender.name()).isEqualTo(Recorder.RECORDING);
				assertThat(appender.async()).isTrue();
			});
			Apps.awaitQueuesEmpty();
			assertThat(health.health(true)).extracting(Health::getStatus).isEqualTo(Status.UP);
			double lagCountBefore = lag(registry).count();
			long droppedBefore = DroppedEvents.total(LogQueue.ASYNC_LOGGER);

			Recorder recorder = Recorder.named(Recorder.RECORDING);
			recorder.hold();
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < HELD; i++) {
				log.info("held " + i);
			}
			// The event the held thread is stuck on still holds its slot.
			QueueDescriptor held = endpoint.asyncLog().queues().get(0);
			assertThat(held.used()).isEqualTo(HELD);
			assertThat(held.remaining()).isEqualTo(1024 - HELD);
			assertThat(gauge(registry, "asynclog.queue.remaining")).isEqualTo(1024 - HELD);
			assertThat(gauge(registry, "asynclog.queue.capacity")).isEqualTo(1024);
			await("health DOWN while the queue stays more than half full").atMost(PATIENCE).untilAsserted(() -> {
				Health down = health.health(true);
				assertThat(down.getStatus()).isEqualTo(Status.DOWN);
				assertThat(down.getDetails().get("reasons")).asString()
					.contains("queue 'async-logger' has been more than 50.0% full for");
			});
			recorder.release();
			Apps.awaitQueuesEmpty();

			QueueDescriptor drained = endpoint.asyncLog().queues().get(0);
			assertThat(drained.remaining()).isEqualTo(1024);
			assertThat(drained.peak()).as("the peak outlives the burst").isGreaterThanOrEqualTo(HELD);
			assertThat(gauge(registry, "asynclog.queue.peak")).isGreaterThanOrEqualTo(HELD);
			assertThat(drained.dropped()).as("dropped since the JVM started").isEqualTo(droppedBefore);
			assertThat(health.health(true).getStatus()).isEqualTo(Status.UP);
			assertThat(Apps.lines(main)).as("lines in %s", main).hasSize(HELD);
			await("one held event in " + DeliveryLag.SAMPLE_EVERY + " measured").atMost(PATIENCE)
				.untilAsserted(() -> assertThat(lag(registry).count() - lagCountBefore)
					.isEqualTo(HELD / DeliveryLag.SAMPLE_EVERY));
			// Every held event was logged before the queue went above the threshold's
			// duration, and written after the health saw it there that long.
			assertThat(lag(registry).max(TimeUnit.MILLISECONDS)).as("the longest delivery lag, ms")
				.isGreaterThanOrEqualTo(200);
		}
	}

	/**
	 * Drops are a trouble of log delivery: DEGRADED by default, DOWN with
	 * {@code asynclog.health.pipeline-status=down}; UP again once the drop window has passed.
	 */
	@ParameterizedTest(name = "pipeline-status={0}")
	@ValueSource(strings = { "degraded", "down" })
	void dropsTurnTheHealthToThePipelineStatusUntilTheDropWindowHasPassed(String pipelineStatus) {
		Status expected = pipelineStatus.equals("down") ? Status.DOWN : AsyncLogHealthIndicator.DEGRADED;
		long droppedBefore = DroppedEvents.total(LogQueue.ASYNC_LOGGER);
		try (ConfigurableApplicationContext context = Apps.runRecording(BACKEND,
				"management.endpoints.web.exposure.include=asynclog", "asynclog.ring-buffer-size=128",
				"asynclog.queue-full-policy=discard", "asynclog.health.drop-window=1s",
				"asynclog.health.pipeline-status=" + pipelineStatus, "logging.level.root=warn",
				"logging.level.test=info")) {
			AsyncLogEndpoint endpoint = context.getBean(AsyncLogEndpoint.class);
			AsyncLogHealthIndicator health = context.getBean(AsyncLogHealthIndicator.class);
			Apps.awaitQueuesEmpty();
			assertThat(health.health(true).getStatus()).isEqualTo(Status.UP);
			Recorder recorder = Recorder.named(Recorder.RECORDING);
			recorder.hold();
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < 300; i++) {
				log.info("info " + i);
			}
			long dropped = DroppedEvents.total(LogQueue.ASYNC_LOGGER) - droppedBefore;
			assertThat(dropped).as("300 lines into 128 held slots").isGreaterThanOrEqualTo(300 - 128);
			Health withDrops = health.health(true);
			assertThat(withDrops.getStatus()).isEqualTo(expected);
			assertThat(withDrops.getDetails().get("reasons")).asString().contains("queue 'async-logger' dropped events");
			assertThat(endpoint.asyncLog().queues()).singleElement()
				.satisfies((queue) -> assertThat(queue.dropped()).isEqualTo(DroppedEvents.total(LogQueue.ASYNC_LOGGER)));
			recorder.release();
			Apps.awaitQueuesEmpty();
			assertThat(recorder.count(org.springframework.boot.logging.LogLevel.INFO) + dropped).isEqualTo(300);
			await("health UP once the drop window has passed").atMost(PATIENCE)
				.until(() -> health.health(true).getStatus().equals(Status.UP));
		}
	}

	/**
	 * The meters of the one ring of async-logger mode and of the queue of the appender in
	 * async-appender mode: the same names and tags on both backends.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void queueMetersHaveTheSameNamesAndTagsOnBothBackends(String mode) {
		Path main = this.dir.resolve("main.log");
		try (ConfigurableApplicationContext context = Apps.run("asynclog.mode=" + mode,
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + main)) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			String queue = mode.equals("async-logger") ? LogQueue.ASYNC_LOGGER : "main";
			String type = Apps.queue(queue).type();
			await("the queue's meters").atMost(PATIENCE)
				.until(() -> registry.find("asynclog.queue.capacity").tag("queue", queue).gauge() != null);
			Set<String> meters = registry.getMeters()
				.stream()
				.map(Meter::getId)
				.filter((id) -> queue.equals(id.getTag("queue")))
				.map((id) -> id.getName() + id.getTags())
				.collect(Collectors.toCollection(TreeSet::new));
			String queueTags = "tag(queue=" + queue + "), tag(type=" + type + ")]";
			assertThat(meters).containsExactlyInAnyOrder("asynclog.delivery.lag[tag(queue=" + queue + ")]",
					"asynclog.events.dropped[tag(appender=none), tag(level=debug), tag(queue=" + queue + "), tag(reason=queue-full)]",
					"asynclog.events.dropped[tag(appender=none), tag(level=error), tag(queue=" + queue + "), tag(reason=queue-full)]",
					"asynclog.events.dropped[tag(appender=none), tag(level=fatal), tag(queue=" + queue + "), tag(reason=queue-full)]",
					"asynclog.events.dropped[tag(appender=none), tag(level=info), tag(queue=" + queue + "), tag(reason=queue-full)]",
					"asynclog.events.dropped[tag(appender=none), tag(level=trace), tag(queue=" + queue + "), tag(reason=queue-full)]",
					"asynclog.events.dropped[tag(appender=none), tag(level=warn), tag(queue=" + queue + "), tag(reason=queue-full)]",
					"asynclog.queue.capacity[" + queueTags, "asynclog.queue.peak[" + queueTags,
					"asynclog.queue.remaining[" + queueTags,
					"asynclog.thread.busy.time[tag(lane=none), tag(queue=" + queue + ")]");
			assertThat(registry.get("asynclog.thread.busy.time").tag("queue", queue).functionCounter().count())
				.as("busy seconds of the queue's thread, timed on both backends")
				.isGreaterThanOrEqualTo(0.0);
			assertThat(registry.find("asynclog.appender.errors").tag("appender", "main").functionCounter())
				.as("asynclog.appender.errors{appender=main}, at 0 before any failure")
				.satisfies((counter) -> assertThat(counter.count()).isZero());
		}
	}

	@Test
	void appenderFailuresAreCountedAndTurnTheHealthDegraded() throws IOException {
		Path healthy = this.dir.resolve("healthy.log");
		// Every write to /dev/full fails as on a full disk.
		Path full = Files.createSymbolicLink(this.dir.resolve("full.log"), Path.of("/dev/full"));
		try (ConfigurableApplicationContext context = Apps.run("logging.level.root=warn", "logging.level.test=info",
				"management.endpoints.web.exposure.include=asynclog", "asynclog.immediate-flush=true",
				"asynclog.appenders.full.type=file", "asynclog.appenders.full.file-name=" + full,
				"asynclog.appenders.healthy.type=file", "asynclog.appenders.healthy.file-name=" + healthy,
				"asynclog.appenders.healthy.pattern=%m%n")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < 50; i++) {
				log.info("line " + i);
			}
			Apps.awaitQueuesEmpty();
			await("every line in the healthy file").atMost(PATIENCE).until(() -> Apps.lines(healthy).size() == 50);
			// With immediate-flush each line is one write: one failure each, on both backends.
			await("every failed write counted").atMost(PATIENCE).until(() -> errors(registry, "full") >= 50);
			assertThat(errors(registry, "full")).isEqualTo(50);
			assertThat(errors(registry, "healthy")).isZero();
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((appender) -> {
				assertThat(appender.name()).isEqualTo("full");
				assertThat(appender.errors()).isEqualTo((long) errors(registry, "full"));
			}).anySatisfy((appender) -> {
				assertThat(appender.name()).isEqualTo("healthy");
				assertThat(appender.errors()).isZero();
			});
			Health health = context.getBean(AsyncLogHealthIndicator.class).health(true);
			assertThat(health.getStatus()).as("a failed write is a trouble of log delivery")
				.isEqualTo(AsyncLogHealthIndicator.DEGRADED);
			assertThat(health.getDetails().get("reasons")).asString()
				.contains("appender 'full' failed to write")
				.doesNotContain("healthy");
		}
	}

	/**
	 * Events of the root logger, of an additive child that Spring Boot configured, of an
	 * additive child with an appender of its own and of a non-additive logger with one:
	 * Spring Boot's events counter for the backend counts each once.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "sync", "async-appender", "async-logger" })
	void springBootsEventsCounterCountsEachEventOnce(String mode) {
		int perLogger = 40;
		try (ConfigurableApplicationContext context = Apps.run("asynclog.mode=" + mode, "logging.level.root=info",
				"logging.level.events.child=debug", "asynclog.appenders.side.type=file",
				"asynclog.appenders.side.file-name=" + this.dir.resolve("side.log"),
				"asynclog.appenders.audit.type=file",
				"asynclog.appenders.audit.file-name=" + this.dir.resolve("audit.log"),
				"asynclog.loggers[events.side].appenders=side", "asynclog.loggers[events.audit].appenders=audit",
				"asynclog.loggers[events.audit].additivity=false")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			double infoBefore = events(registry, "info");
			double debugBefore = events(registry, "debug");
			for (int i = 0; i < perLogger; i++) {
				LogFactory.getLog("events").info("root logger " + i);
				LogFactory.getLog("events.child.Service").debug("child set up by Spring Boot " + i);
				LogFactory.getLog("events.side.Service").info("child with its own appender " + i);
				LogFactory.getLog("events.audit.Service").info("non-additive " + i);
			}
			Apps.awaitQueuesEmpty();
			await().atMost(PATIENCE).untilAsserted(() -> {
				assertThat(events(registry, "info") - infoBefore).as("%s{level=info}", BACKEND.eventsMeter())
					.isEqualTo(3 * perLogger);
				assertThat(events(registry, "debug") - debugBefore).as("%s{level=debug}", BACKEND.eventsMeter())
					.isEqualTo(perLogger);
			});
		}
	}

	private static Timer lag(MeterRegistry registry) {
		return registry.get("asynclog.delivery.lag").tag("queue", LogQueue.ASYNC_LOGGER).timer();
	}

	private static double gauge(MeterRegistry registry, String name) {
		return registry.get(name).tag("queue", LogQueue.ASYNC_LOGGER).tag("type", LogQueue.RING_BUFFER).gauge().value();
	}

	private static double events(MeterRegistry registry, String level) {
		return Meters.count(registry, BACKEND.eventsMeter(), "level", level);
	}

	private static double errors(MeterRegistry registry, String appender) {
		return registry.get("asynclog.appender.errors").tag("appender", appender).functionCounter().count();
	}

}
