package io.asynclog.log4j2.config;

import java.nio.file.Path;
import java.time.Duration;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.appender.RandomAccessFileAppender;
import org.apache.logging.log4j.core.appender.RollingRandomAccessFileAppender;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.queue.PipelineView;

/**
 * sync, async-appender, per-logger modes and asynclog.enabled=false, against the live Log4j2
 * objects.
 */
class ModesTests {

	@TempDir
	Path dir;

	@Test
	void syncModeWritesOnTheLoggingThread() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=sync",
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + this.dir.resolve("a.log"),
				"asynclog.immediate-flush=true")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			assertThat(loggerContext.getConfiguration().getRootLogger()).isNotInstanceOf(AsyncLoggerConfig.class);
			RecordingAppender recording = RecordingAppender.attachToRoot(loggerContext, Duration.ZERO);
			LogFactory.getLog("test").warn("sync");
			assertThat(recording.events()).singleElement()
				.satisfies((event) -> assertThat(event.thread()).isEqualTo(Thread.currentThread().getName()));
			assertThat(TestApplications.lines(this.dir.resolve("a.log"))).anyMatch((line) -> line.endsWith(": sync"));
			assertThat(PipelineView.queues(loggerContext)).isEmpty();
		}
	}

	@Test
	void asyncAppenderModeWrapsEveryAppenderInItsOwnQueue() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=async-appender",
				"asynclog.async-appender.buffer-size=512", "asynclog.appenders.one.type=file",
				"asynclog.appenders.one.file-name=" + this.dir.resolve("one.log"),
				"asynclog.appenders.two.type=rolling-file",
				"asynclog.appenders.two.file-name=" + this.dir.resolve("two.log"),
				"asynclog.appenders.one.pattern=%t|%m%n", "asynclog.appenders.two.pattern=%m%n")) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			LoggerConfig root = configuration.getRootLogger();
			assertThat(root).isNotInstanceOf(AsyncLoggerConfig.class);
			assertThat(root.getAppenders()).containsOnlyKeys("Async-Console", "Async-one", "Async-two");
			assertThat(configuration.<Appender>getAppender("one")).isInstanceOf(RandomAccessFileAppender.class);
			assertThat(configuration.<Appender>getAppender("two")).isInstanceOf(RollingRandomAccessFileAppender.class);
			assertThat(configuration.<AsyncAppender>getAppender("Async-one").getQueueCapacity()).isEqualTo(512);
			assertThat(PipelineView.queues(TestApplications.loggerContext())).extracting(LogQueue::name)
				.containsExactlyInAnyOrder("Console", "one", "two");
			LogFactory.getLog("test").warn("queued");
			assertThat(TestApplications.awaitLines(this.dir.resolve("two.log"), 1)).anyMatch("queued"::equals);
			assertThat(TestApplications.awaitLines(this.dir.resolve("one.log"), 1))
				.anyMatch((line) -> line.equals(Thread.currentThread().getName() + "|queued"));
		}
	}

	@Test
	void aSynchronousAuditLoggerSitsNextToAsynchronousEverythingElse() {
		Path audit = this.dir.resolve("audit.log");
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.appenders.audit.type=file",
				"asynclog.appenders.audit.file-name=" + audit, "asynclog.appenders.audit.pattern=%m%n",
				"asynclog.appenders.audit.immediate-flush=true", "asynclog.loggers[com.example.audit].mode=sync",
				"asynclog.loggers[com.example.audit].appenders=audit",
				"asynclog.loggers[com.example.audit].additivity=false")) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			LoggerConfig auditLogger = configuration.getLoggers().get("com.example.audit");
			assertThat(auditLogger).isNotInstanceOf(AsyncLoggerConfig.class);
			assertThat(auditLogger.isAdditive()).isFalse();
			assertThat(auditLogger.getAppenders()).containsOnlyKeys("audit");
			// Every asynclog appender is claimed by a logger: root keeps Spring Boot's console.
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			assertThat(TestApplications.writingAppenders(configuration.getRootLogger())).containsExactly("Console");
			LogFactory.getLog("com.example.audit").info("paid 10 EUR");
			// Written synchronously: on disk as soon as the call returns.
			assertThat(TestApplications.lines(audit)).containsExactly("paid 10 EUR");
		}
	}

	@Test
	void whenAsynclogAppendersAreSetTheRootWritesToExactlyThose() {
		try (ConfigurableApplicationContext context = TestApplications.run(
				"logging.file.name=" + this.dir.resolve("boot.log"), "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("main.log"), "asynclog.loggers.root.appenders=main")) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(TestApplications.writingAppenders(configuration.getRootLogger())).containsExactly("main");
			// Spring Boot's file appender has no writer left, so it is not built at all.
			assertThat(configuration.getAppenders()).doesNotContainKey("File");
			assertThat(this.dir.resolve("boot.log")).doesNotExist();
		}
	}

	@Test
	void disabledLeavesSpringBootLoggingAsItIs() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.enabled=false",
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + this.dir.resolve("x.log"))) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(configuration).isNotInstanceOf(AsyncLogConfiguration.class);
			assertThat(configuration.getRootLogger()).isNotInstanceOf(AsyncLoggerConfig.class);
			assertThat(TestApplications.writingAppenders(configuration.getRootLogger())).containsExactly("Console");
			assertThat(context.getBeanNamesForType(io.asynclog.core.config.AsyncLogProperties.class)).isEmpty();
			assertThat(this.dir.resolve("x.log")).doesNotExist();
		}
	}

}
