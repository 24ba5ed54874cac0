package io.asynclog.logback;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.logging.LogbackMetrics;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.health.contributor.Health;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.logback.lifecycle.LogbackBackend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the Spring side reads of Logback through {@link LogbackBackend}: queues, appenders,
 * the start-up report, the endpoint, delivery lag, appender errors and health, and Spring
 * Boot's own {@code logback.events} counter, which must count each event once in every mode.
 */
class LogbackBackendTests {

	private static final int PER_LOGGER = 40;

	@TempDir
	Path dir;

	@Test
	void theAsyncLoggerRingHas4096SlotsByDefaultAndTheConfiguredNumberOtherwise() {
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.mode=async-logger")) {
			assertThat(context.getBean(LoggingBackend.class).queues()).singleElement()
				.satisfies((queue) -> assertThat(queue.capacity()).isEqualTo(4096));
		}
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.mode=async-logger",
				"asynclog.ring-buffer-size=16384")) {
			assertThat(context.getBean(LoggingBackend.class).queues()).singleElement()
				.satisfies((queue) -> assertThat(queue.capacity()).isEqualTo(16384));
		}
	}

	@Test
	void asyncAppenderModeHasOneQueuePerAppenderNamedAfterIt() {
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.mode=async-appender",
				"asynclog.async-appender.buffer-size=1000")) {
			LoggingBackend backend = context.getBean(LoggingBackend.class);
			assertThat(backend.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo("CONSOLE");
				assertThat(queue.type()).isEqualTo("ring-buffer");
				assertThat(queue.capacity()).isEqualTo(1024);
			});
			assertThat(backend.appenders()).singleElement().satisfies((appender) -> {
				assertThat(appender.name()).isEqualTo("CONSOLE");
				assertThat(appender.type()).isEqualTo("ConsoleAppender");
				assertThat(appender.async()).isTrue();
				assertThat(appender.immediateFlush()).isFalse();
			});
		}
	}

	@Test
	void aLogbackAsyncAppenderOfTheUsersFileIsAQueueAndIsNotWrappedAgain() throws IOException {
		Path config = this.dir.resolve("logback-async.xml");
		Path file = this.dir.resolve("behind-async.log");
		Files.writeString(config, """
				<configuration>
				  <appender name="F" class="ch.qos.logback.core.FileAppender">
				    <file>%s</file>
				    <encoder><pattern>%%m%%n</pattern></encoder>
				  </appender>
				  <appender name="ASYNC" class="ch.qos.logback.classic.AsyncAppender">
				    <queueSize>300</queueSize>
				    <appender-ref ref="F"/>
				  </appender>
				  <root level="INFO"><appender-ref ref="ASYNC"/></root>
				</configuration>
				""".formatted(file));
		try (ConfigurableApplicationContext context = LogbackApps.run("logging.config=" + config.toUri(),
				"asynclog.mode=async-appender")) {
			LoggingBackend backend = context.getBean(LoggingBackend.class);
			assertThat(LogbackApps.setup().rings()).isEmpty();
			assertThat(backend.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo("F");
				assertThat(queue.type()).isEqualTo("blocking-queue");
				assertThat(queue.capacity()).isEqualTo(300);
			});
			assertThat(backend.appenders()).singleElement().satisfies((appender) -> {
				assertThat(appender.name()).isEqualTo("F");
				assertThat(appender.async()).isTrue();
				assertThat(appender.fileName()).isEqualTo(file.toString());
			});
		}
	}

	@Test
	void deliveryLagIsMeasuredForOneEventInSixtyFour() {
		try (ConfigurableApplicationContext context = LogbackApps.run("logging.level.root=warn",
				"logging.level.test=info", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("lag.log"))) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> registry.find("asynclog.delivery.lag").tag("queue", "async-logger").timer() != null);
			Timer lag = registry.get("asynclog.delivery.lag").tag("queue", "async-logger").timer();
			long before = lag.count();
			LogbackTestLogs.info("test", "line ", 64 * 20);
			LogbackApps.awaitRingsEmpty();
			assertThat(lag.count() - before).isBetween(19L, 21L);
		}
	}

	@Test
	void eachFailedWriteIsCountedForItsAppenderAndTheOthersKeepWriting() throws IOException {
		Path healthy = this.dir.resolve("healthy.log");
		Path full = Files.createSymbolicLink(this.dir.resolve("full.log"), Path.of("/dev/full"));
		try (ConfigurableApplicationContext context = LogbackApps.run("logging.level.root=warn",
				"logging.level.test=info", "management.endpoints.web.exposure.include=asynclog",
				"asynclog.immediate-flush=true", "asynclog.appenders.logback-full.type=file",
				"asynclog.appenders.logback-full.file-name=" + full, "asynclog.appenders.logback-healthy.type=file",
				"asynclog.appenders.logback-healthy.file-name=" + healthy,
				"asynclog.appenders.logback-healthy.pattern=%m%n")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(errors(registry, "logback-full")).as("registered at 0 before the first failure").isZero();
			LogbackTestLogs.info("test", "line ", 50);
			assertThat(LogbackApps.awaitLines(healthy, 50)).hasSize(50).endsWith("line 49");
			await().atMost(Duration.ofSeconds(10)).until(() -> errors(registry, "logback-full") > 0);
			assertThat(errors(registry, "logback-healthy")).isZero();
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders()).anySatisfy((appender) -> {
				assertThat(appender.name()).isEqualTo("logback-full");
				assertThat(appender.errors()).isPositive();
			});
			Health health = context.getBean(AsyncLogHealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(AsyncLogHealthIndicator.DEGRADED);
			assertThat(health.getDetails().get("reasons")).asString()
				.contains("appender 'logback-full' failed to write")
				.doesNotContain("logback-healthy");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "sync", "async-appender", "async-logger" })
	void springBootsLogbackEventsCounterCountsEachEventOnce(String mode) {
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.mode=" + mode,
				"logging.level.root=info", "logging.level.events.child=debug", "asynclog.appenders.side.type=file",
				"asynclog.appenders.side.file-name=" + this.dir.resolve(mode + "-side.log"),
				"asynclog.appenders.audit.type=file",
				"asynclog.appenders.audit.file-name=" + this.dir.resolve(mode + "-audit.log"),
				"asynclog.loggers[events.side].appenders=side", "asynclog.loggers[events.audit].appenders=audit",
				"asynclog.loggers[events.audit].additivity=false")) {
			assertThat(context.getBean(LogbackMetrics.class)).isNotNull();
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			Map<String, Double> before = counts(registry);
			for (int i = 0; i < PER_LOGGER; i++) {
				LogFactory.getLog("events").info("root logger " + i);
				LogFactory.getLog("events.child.Service").debug("child set up by Spring Boot " + i);
				LogFactory.getLog("events.side.Service").info("child with its own appender " + i);
				LogFactory.getLog("events.audit.Service").info("non-additive " + i);
			}
			LogbackApps.awaitRingsEmpty();
			Map<String, Double> after = counts(registry);
			assertThat(after.get("info") - before.get("info")).isEqualTo(3 * PER_LOGGER);
			assertThat(after.get("debug") - before.get("debug")).isEqualTo(PER_LOGGER);
			if (!mode.equals("sync")) {
				// Written too, once: the non-additive logger's own appender, behind a ring.
				assertThat(LogbackApps.awaitLines(this.dir.resolve(mode + "-audit.log"), PER_LOGGER)).hasSize(PER_LOGGER);
			}
		}
	}

	private static Map<String, Double> counts(MeterRegistry registry) {
		return Map.of("info", registry.get("logback.events").tag("level", "info").functionCounter().count(), "debug",
				registry.get("logback.events").tag("level", "debug").functionCounter().count());
	}

	private static double errors(MeterRegistry registry, String appender) {
		List<FunctionCounter> counters = List
			.copyOf(registry.find("asynclog.appender.errors").tag("appender", appender).functionCounters());
		return counters.stream().mapToDouble(FunctionCounter::count).sum();
	}

}
