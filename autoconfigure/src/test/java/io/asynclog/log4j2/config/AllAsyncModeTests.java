package io.asynclog.log4j2.config;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContextSelector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import io.asynclog.TestApplications;
import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.appender.BatchingConsole;
import io.asynclog.log4j2.queue.PipelineView;

/**
 * all-async mode. Surefire runs every test class in a JVM of its own, and this class chooses
 * the context selector before anything in that JVM logs, as a user must.
 */
class AllAsyncModeTests {

	static {
		System.setProperty("log4j2.contextSelector", AsyncLoggerContextSelector.class.getName());
	}

	@TempDir
	Path dir;

	@Test
	void selectorMakesEveryLoggerAsyncWithoutASecondHop() {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=all-async",
				"asynclog.ring-buffer-size=4096", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%m%n")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			assertThat(loggerContext).isInstanceOf(AsyncLoggerContext.class);
			assertThat(loggerContext.getConfiguration().getRootLogger()).isNotInstanceOf(AsyncLoggerConfig.class);
			assertThat(loggerContext.getConfiguration().getLoggers().values())
				.noneMatch((logger) -> logger instanceof AsyncLoggerConfig);
			assertThat(PipelineView.queues(loggerContext)).extracting(LogQueue::name).containsExactly("async-logger");
			LogFactory.getLog("test").warn("all async");
			// The start-up report went to the asynclog appender, which replaced the console.
			assertThat(TestApplications.awaitLines(file, 1)).contains("all async")
				.anyMatch((line) -> line.startsWith("asynclog: mode all-async"))
				.anyMatch((line) -> line.contains("asynclog.ring-buffer-size was not applied")
						&& line.contains("-Dlog4j2.asyncLoggerRingBufferSize"))
				.anyMatch((line) -> line.contains("Log4j2's own queue-full policy") && line
					.contains("-Dlog4j2.asyncQueueFullPolicy=io.asynclog.log4j2.queue.BlockingQueueFullPolicy"));
		}
	}

	@Test
	void springBootsConsoleWritesAtTheEndOfEachBatchOfTheContextsRing() throws IOException {
		Path out = this.dir.resolve("out.log");
		PrintStream original = System.out;
		try (PrintStream redirected = new PrintStream(new FileOutputStream(out.toFile()), false)) {
			System.setOut(redirected);
			try (ConfigurableApplicationContext context = TestApplications.run("asynclog.mode=all-async",
					"logging.pattern.console=%m%n", "logging.level.root=warn", "logging.level.test=info")) {
				LoggerContext loggerContext = TestApplications.loggerContext();
				assertThat(loggerContext.getConfiguration().getAppenders().get("Console"))
					.isInstanceOf(BatchingConsole.class);
				TestApplications.logInfo("test", "line ", 1_000);
				TestApplications.awaitQueuesEmpty(loggerContext);
				assertThat(Files.readAllLines(out)).filteredOn((line) -> line.startsWith("line "))
					.hasSize(1_000)
					.endsWith("line 999");
			}
		}
		finally {
			System.setOut(original);
		}
	}

	@Test
	void syncModeCannotRunUnderTheSelector() {
		assertThatExceptionOfType(AsyncLogConfigurationException.class)
			.isThrownBy(() -> TestApplications.run("asynclog.mode=sync"))
			.withMessageContaining("'asynclog.mode'")
			.withMessageContaining("'sync'")
			.satisfies((ex) -> assertThat(ex.getAction()).contains("all-async or async-logger"));
	}

}
