package io.asynclog.log4j2.config;

import java.nio.file.Path;
import java.time.Duration;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.composite.CompositeConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.RecordingAppender;
import io.asynclog.SeparateJvm;
import io.asynclog.TestApplications;
import io.asynclog.bothbackends.DrainApp;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.metrics.ErrorCounter;
import io.asynclog.log4j2.queue.PipelineView;

/**
 * {@code logging.log4j2.config.override}: Spring Boot composes the main file and the
 * override files, and what runs is asynclog's configuration of them all, as for a single
 * file: asynchronous as configured, with asynclog's appenders, reported at start-up, levels
 * set at run time without location, and drained at shutdown.
 */
class ConfigOverrideTests {

	private static final String CONFIG = "classpath:io/asynclog/log4j2/config/";

	private static final int SHUTDOWN_LINES = 25_000;

	@TempDir
	Path dir;

	@Test
	void mainAndOverrideFilesRunAsOneAsynchronousConfiguration() {
		Path audit = this.dir.resolve("audit.log");
		Path main = this.dir.resolve("main.log");
		Path extra = this.dir.resolve("extra.log");
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + CONFIG + "override-main.xml",
				"logging.log4j2.config.override=" + CONFIG + "override-audit.xml", "override-test.dir=" + this.dir,
				"asynclog.appenders.extra.type=file", "asynclog.appenders.extra.file-name=" + extra,
				"asynclog.appenders.extra.pattern=%t|%m%n", "asynclog.loggers.root.appenders=Main,extra")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			Configuration configuration = loggerContext.getConfiguration();
			assertThat(configuration).isInstanceOf(AsyncLogConfiguration.class);
			LoggerConfig auditLogger = configuration.getLoggers().get("com.example.audit");
			assertThat(auditLogger).as("the override file's logger, made asynchronous").isInstanceOf(AsyncLoggerConfig.class);
			assertThat(auditLogger.getLevel()).as("the override file's level").isEqualTo(Level.INFO);
			assertThat(auditLogger.isIncludeLocation()).isFalse();
			assertThat(TestApplications.writingAppenders(auditLogger)).containsExactly("Audit");
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			assertThat(TestApplications.writingAppenders(configuration.getRootLogger())).containsExactlyInAnyOrder("Main",
					"extra");
			assertThat(configuration.getAppender("Audit").getHandler()).isInstanceOf(ErrorCounter.class);
			assertThat(PipelineView.queues(loggerContext)).extracting(LogQueue::type).containsExactly(LogQueue.RING_BUFFER);

			RecordingAppender recording = recordAt(loggerContext, auditLogger);
			LogFactory.getLog("com.example.audit.Payments").info("paid");
			LogFactory.getLog("com.example.Shop").info("opened");
			assertThat(TestApplications.awaitLines(audit, 1)).containsExactly("main|?|paid");
			assertThat(recording.events()).singleElement()
				.satisfies((event) -> assertThat(event.thread()).as("the thread that appended").contains("AsyncLoggerConfig"));
			assertThat(TestApplications.awaitLines(extra, 1)).contains("main|opened");
			// The start-up report goes where the root logger writes: the main file's appender.
			String mainFile = String.join("\n", TestApplications.awaitLines(main, 1));
			assertThat(mainFile).contains("main|com.example.Shop|opened")
				.contains("asynclog: mode async-logger,")
				.contains("asynclog: queue 'async-logger' (ring-buffer)")
				.contains("override-main.xml with logging.log4j2.config.override")
				.contains("override-audit.xml, set up as one")
				.doesNotContain("is not the one asynclog set up");
		}
	}

	@Test
	void levelsSetAtRunTimeKeepTheOverridesLoggersAsynchronousWithoutLocation() {
		Path audit = this.dir.resolve("audit.log");
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + CONFIG + "override-main.xml",
				"logging.log4j2.config.override=" + CONFIG + "override-audit.xml", "override-test.dir=" + this.dir)) {
			LoggingSystem loggingSystem = context.getBean(LoggingSystem.class);
			loggingSystem.setLogLevel("com.example.audit.orders", LogLevel.DEBUG);
			loggingSystem.setLogLevel("com.example.audit", LogLevel.WARN);
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			LoggerConfig orders = configuration.getLoggers().get("com.example.audit.orders");
			assertThat(orders).isInstanceOf(RuntimeLevelLoggerConfig.class);
			assertThat(orders.isIncludeLocation()).isFalse();
			assertThat(configuration.getLoggers().get("com.example.audit")).isInstanceOf(AsyncLoggerConfig.class)
				.satisfies((logger) -> assertThat(logger.getLevel()).isEqualTo(Level.WARN));
			RecordingAppender recording = recordAt(TestApplications.loggerContext(),
					configuration.getLoggers().get("com.example.audit"));
			LogFactory.getLog("com.example.audit.orders").debug("order debug");
			LogFactory.getLog("com.example.audit.Payments").info("below warn now");
			LogFactory.getLog("com.example.audit.Payments").warn("payment warn");
			assertThat(TestApplications.awaitLines(audit, 2)).containsExactly("main|?|order debug",
					"main|?|payment warn");
			assertThat(recording.events()).hasSize(2)
				.allSatisfy((event) -> assertThat(event.thread()).contains("AsyncLoggerConfig"));
			loggingSystem.setLogLevel("com.example.audit.orders", null);
			assertThat(configuration.getLoggers()).doesNotContainKey("com.example.audit.orders");
		}
	}

	@Test
	void anOverrideOfSpringBootsDefaultConfigurationIsSetUpWithIt() {
		Path audit = this.dir.resolve("audit.log");
		// Named, since this JVM's earlier tests leave their file in the logger context, and
		// Spring Boot takes a configuration Log4j2 already runs for one it found itself.
		try (ConfigurableApplicationContext context = TestApplications.run(
				"logging.config=classpath:org/springframework/boot/logging/log4j2/log4j2.xml",
				"logging.log4j2.config.override=" + CONFIG + "override-audit.xml", "override-test.dir=" + this.dir)) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			Configuration configuration = loggerContext.getConfiguration();
			assertThat(configuration).isInstanceOf(AsyncLogConfiguration.class);
			assertThat(configuration.getConfigurationSource().getLocation())
				.contains("org/springframework/boot/logging/log4j2/");
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			assertThat(TestApplications.writingAppenders(configuration.getRootLogger())).containsExactly("Console");
			LoggerConfig auditLogger = configuration.getLoggers().get("com.example.audit");
			assertThat(auditLogger).isInstanceOf(AsyncLoggerConfig.class);
			RecordingAppender recording = recordAt(loggerContext, auditLogger);
			LogFactory.getLog("com.example.audit.Payments").info("paid");
			assertThat(TestApplications.awaitLines(audit, 1)).containsExactly("main|?|paid");
			assertThat(recording.events()).singleElement()
				.satisfies((event) -> assertThat(event.thread()).contains("AsyncLoggerConfig"));
		}
	}

	@Test
	void aMissingOptionalOverrideLeavesTheMainFileAsynchronous() {
		try (ConfigurableApplicationContext context = TestApplications.run("logging.config=" + CONFIG + "override-main.xml",
				"logging.log4j2.config.override=optional:classpath:io/asynclog/nothing-here.xml",
				"override-test.dir=" + this.dir)) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(configuration).isInstanceOf(AsyncLogConfiguration.class);
			assertThat(configuration.getConfigurationSource().getLocation()).endsWith("override-main.xml");
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
		}
	}

	@Test
	void withAsynclogDisabledSpringBootsCompositeRunsAsItIs() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.enabled=false",
				"logging.config=" + CONFIG + "override-main.xml",
				"logging.log4j2.config.override=" + CONFIG + "override-audit.xml", "override-test.dir=" + this.dir)) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(configuration).isExactlyInstanceOf(CompositeConfiguration.class);
			assertThat(configuration.getLoggers().get("com.example.audit")).isExactlyInstanceOf(LoggerConfig.class);
		}
	}

	/**
	 * A backlog that takes longer to write than Log4j2's own ring drain at shutdown allows
	 * (10 seconds): asynclog's drain waits within asynclog.shutdown-timeout, so every line
	 * reaches the override file's appender.
	 */
	@Test
	void sigtermWritesEveryQueuedLineOfTheOverrideFile() throws Exception {
		Path file = this.dir.resolve("drained.log");
		try (SeparateJvm app = heldBurst(5, "asynclog.shutdown-timeout=60s")) {
			assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(SHUTDOWN_LINES);
			app.sigterm();
			assertThat(app.awaitExit(Duration.ofMinutes(2))).isEqualTo(SeparateJvm.EXIT_ON_SIGTERM);
			assertThat(app.stderr()).as("standard error").noneMatch((line) -> line.contains("asynclog:"));
		}
		assertThat(DrainApp.linesInOrder(file)).as("lines 0 to %d in order", SHUTDOWN_LINES - 1).isEqualTo(SHUTDOWN_LINES);
	}

	@Test
	void linesOfTheOverrideFileThatCannotBeWrittenInTimeAreCountedAndReported() throws Exception {
		Path file = this.dir.resolve("drained.log");
		try (SeparateJvm app = heldBurst(2, "asynclog.shutdown-timeout=1s")) {
			assertThat(app.awaitReady(Duration.ofMinutes(2))).isEqualTo(SHUTDOWN_LINES);
			DrainApp.assertCutOffAfterOneSecond(app, file, SHUTDOWN_LINES);
		}
	}

	/**
	 * Adds a recording appender to a logger, once start-up's events are written, to see
	 * which thread appends its events.
	 */
	private static RecordingAppender recordAt(LoggerContext context, LoggerConfig logger) {
		TestApplications.awaitQueuesEmpty(context);
		RecordingAppender recording = RecordingAppender.addTo(context.getConfiguration(), "recording", Duration.ZERO);
		logger.addAppender(recording, null, null);
		context.updateLoggers();
		return recording;
	}

	/**
	 * The recording configuration is the main file, its recording appender on the root the
	 * sink held back; the override file sends the 'test' logger's lines to a file as well.
	 */
	private SeparateJvm heldBurst(int sinkPerMillisecond, String shutdownTimeout) {
		return SeparateJvm.start(DrainApp.class.getName(), this.dir, "held-burst", "lines=" + SHUTDOWN_LINES,
				"sink-per-ms=" + sinkPerMillisecond, shutdownTimeout, "asynclog.ring-buffer-size=131072",
				"logging.log4j2.config.override=" + CONFIG + "override-drain.xml", "override-test.dir=" + this.dir,
				"logging.level.root=warn", "logging.level.test=info");
	}

}
