package io.asynclog.autoconfigure.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.RandomAccessFileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Health;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Appenders that write to {@code /dev/full}, where every write fails with ENOSPC as on a
 * full disk: each failure is counted once per appender, whoever declared the appender, and
 * the application, the other appenders, the endpoint and the health go on and say so.
 * <p>
 * The counts run since the JVM started, so each test names its appenders apart. Each
 * appender reaches {@code /dev/full} through a link of its own: Log4j2 shares one file
 * manager per file name, across configurations too, and refuses two appender types on one.
 */
class AppenderErrorsTests {

	private static final Path DEV_FULL = Path.of("/dev/full");

	private static final int LINES = 50;

	@TempDir
	Path dir;

	@Test
	void eachFailedFlushCountsOnceAndTheOtherAppendersKeepWriting() throws IOException {
		Path healthy = this.dir.resolve("healthy.log");
		try (ConfigurableApplicationContext context = TestApplications.run("logging.level.root=warn",
				"logging.level.test=info", "management.endpoints.web.exposure.include=asynclog",
				"asynclog.immediate-flush=true", "asynclog.appenders.full-a.type=file",
				"asynclog.appenders.full-a.file-name=" + devFull("full-a"), "asynclog.appenders.healthy-a.type=file",
				"asynclog.appenders.healthy-a.file-name=" + healthy, "asynclog.appenders.healthy-a.pattern=%m%n")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(errors(registry, "full-a")).as("registered at 0 before the first failure").isZero();
			TestApplications.logInfo("test", "line ", LINES);
			assertThat(TestApplications.awaitLines(healthy, LINES)).hasSize(LINES).endsWith("line " + (LINES - 1));
			// With immediate flush each event is one write to /dev/full, reported twice by Log4j2.
			await().atMost(Duration.ofSeconds(10)).until(() -> errors(registry, "full-a") == LINES);
			assertThat(errors(registry, "healthy-a")).isZero();
			assertThat(context.getBean(AsyncLogEndpoint.class).asyncLog().appenders())
				.anySatisfy((appender) -> {
					assertThat(appender.name()).isEqualTo("full-a");
					assertThat(appender.errors()).isEqualTo(LINES);
				})
				.anySatisfy((appender) -> {
					assertThat(appender.name()).isEqualTo("healthy-a");
					assertThat(appender.errors()).isZero();
				});
			Health health = context.getBean(AsyncLogHealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(AsyncLogHealthIndicator.DEGRADED);
			assertThat(health.getDetails().get("reasons")).asString()
				.contains("appender 'full-a' failed to write")
				.doesNotContain("healthy-a");
		}
	}

	@Test
	void theTargetOfAnAsyncAppenderCountsItsFailures() throws IOException {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=async-appender",
				"logging.level.root=warn", "logging.level.test=info", "asynclog.immediate-flush=true",
				"asynclog.appenders.full-b.type=rolling-file", "asynclog.appenders.full-b.file-name=" + devFull("full-b"))) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			TestApplications.logInfo("test", "line ", LINES);
			await().atMost(Duration.ofSeconds(10)).until(() -> errors(registry, "full-b") == LINES);
			assertThat(registry.find("asynclog.appender.errors").tag("appender", "Async-full-b").functionCounter())
				.as("the AsyncAppender queues, it does not write").isNull();
		}
	}

	@Test
	void appendersOfAUserFileAndAppendersAddedAtRunTimeCountTheirFailures() throws IOException {
		Path config = this.dir.resolve("log4j2-test-full.xml");
		Files.writeString(config, """
				<Configuration status="WARN">
				  <Appenders>
				    <File name="full-c" fileName="%s" immediateFlush="true"><PatternLayout pattern="%%m%%n"/></File>
				  </Appenders>
				  <Loggers>
				    <Root level="warn"><AppenderRef ref="full-c"/></Root>
				  </Loggers>
				</Configuration>
				""".formatted(devFull("full-c")));
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + config,
				"logging.level.test=info")) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			LoggerContext loggerContext = TestApplications.loggerContext();
			Configuration configuration = loggerContext.getConfiguration();
			RandomAccessFileAppender added = RandomAccessFileAppender.newBuilder()
				.setName("full-d")
				.setFileName(devFull("full-d").toString())
				.setImmediateFlush(true)
				.setLayout(PatternLayout.newBuilder().withPattern("%m%n").build())
				.setConfiguration(configuration)
				.build();
			added.start();
			configuration.addAppender(added);
			configuration.getRootLogger().addAppender(added, null, null);
			loggerContext.updateLoggers();
			TestApplications.logInfo("test", "line ", LINES);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> errors(registry, "full-c") == LINES && errors(registry, "full-d") == LINES);
		}
	}

	private Path devFull(String name) throws IOException {
		return Files.createSymbolicLink(this.dir.resolve(name + ".log"), DEV_FULL);
	}

	/**
	 * The failures an appender reported; -1 while it has no counter.
	 */
	private static double errors(MeterRegistry registry, String appender) {
		FunctionCounter counter = registry.find("asynclog.appender.errors").tag("appender", appender).functionCounter();
		return (counter != null) ? counter.count() : -1;
	}

}
