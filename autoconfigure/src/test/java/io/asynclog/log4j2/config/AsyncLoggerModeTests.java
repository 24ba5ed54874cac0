package io.asynclog.log4j2.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.util.PropertiesUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.util.ReflectionTestUtils;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.TimeoutBlockingWaitStrategy;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.disruptor.TimedWaitStrategy;
import io.asynclog.log4j2.queue.FullRingRouting;
import io.asynclog.log4j2.queue.HaltedRingSnapshot;
import io.asynclog.log4j2.queue.PipelineView;

/**
 * The default mode, async-logger, against real Log4j2 objects and real files.
 */
class AsyncLoggerModeTests {

	@TempDir
	Path dir;

	@Test
	void everyLoggerBecomesAnAsyncLoggerServedByOneBackgroundThread() {
		try (ConfigurableApplicationContext context = runWithFile("%t|%m%n")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			assertThat(loggerContext.getConfiguration().getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			// Spring Boot's packaged loggers; 'test' only has a level, so it hands off through the root.
			assertThat(loggerContext.getConfiguration().getLoggers().values())
				.filteredOn((logger) -> !logger.getName().equals("test"))
				.isNotEmpty()
				.allMatch((logger) -> logger instanceof AsyncLoggerConfig);
			RecordingAppender recording = RecordingAppender.attachToRoot(loggerContext, Duration.ZERO);
			LogFactory.getLog("test").info("hello");
			List<String> lines = TestApplications.awaitLines(file(), 1);
			// The layout prints the calling thread; the appender is called on the background thread.
			assertThat(lines).contains(Thread.currentThread().getName() + "|hello");
			assertThat(recording.events()).singleElement()
				.satisfies((event) -> assertThat(event.thread()).contains("AsyncLoggerConfig")
					.isNotEqualTo(Thread.currentThread().getName()));
		}
	}

	@Test
	void ringBufferSizeIsRoundedUpToAPowerOfTwo() {
		try (ConfigurableApplicationContext context = runWithFile("%m%n", "asynclog.ring-buffer-size=1000")) {
			assertThat(PipelineView.queues(TestApplications.loggerContext()))
				.containsExactly(new LogQueue("async-logger", "ring-buffer", 1024, 1024));
		}
	}

	@Test
	void defaultRingBufferHas16384SlotsAndWaitsWithATimeout() {
		try (ConfigurableApplicationContext context = runWithFile("%m%n")) {
			assertThat(PipelineView.queues(TestApplications.loggerContext())).singleElement()
				.satisfies((queue) -> assertThat(queue.capacity()).isEqualTo(16384));
			assertThat(waitStrategy()).isInstanceOf(TimeoutBlockingWaitStrategy.class);
			assertThat(TestApplications.loggerContext().getConfiguration().getRootLogger().getReliabilityStrategy())
				.as("counts the halted ring at shutdown").isInstanceOf(HaltedRingSnapshot.class);
		}
	}

	@Test
	void waitStrategyIsTheConfiguredOneAndWinsOverASystemProperty() {
		System.setProperty("AsyncLoggerConfig.WaitStrategy", "Yield");
		try (ConfigurableApplicationContext context = runWithFile("%m%n", "asynclog.wait-strategy=block")) {
			assertThat(waitStrategy()).isInstanceOf(BlockingWaitStrategy.class);
			assertThat(PropertiesUtil.getProperties().getStringProperty("AsyncLoggerConfig.WaitStrategy"))
				.isEqualTo("Block");
		}
		finally {
			System.clearProperty("AsyncLoggerConfig.WaitStrategy");
		}
	}

	@Test
	void withoutIncludeLocationNoCallerIsCaptured() {
		try (ConfigurableApplicationContext context = runWithFile("[%C.%M:%L]%m%n")) {
			assertThat(TestApplications.loggerContext().getConfiguration().getRootLogger().isIncludeLocation())
				.isFalse();
			LogFactory.getLog("test").info("where");
			assertThat(TestApplications.awaitLines(file(), 1)).singleElement()
				.satisfies((line) -> assertThat(line).doesNotContain(getClass().getName()).endsWith("where"));
		}
	}

	@Test
	void withIncludeLocationTheCallerIsShownNotTheBackgroundThread() {
		try (ConfigurableApplicationContext context = runWithFile("%C.%M:%L|%m%n", "asynclog.include-location=true")) {
			int line = new Throwable().getStackTrace()[0].getLineNumber() + 1;
			LogFactory.getLog("test").info("here");
			assertThat(TestApplications.awaitLines(file(), 1)).containsExactly(
					getClass().getName() + ".withIncludeLocationTheCallerIsShownNotTheBackgroundThread:" + line + "|here");
		}
	}

	@Test
	void bufferedFileHoldsEveryLineAfterAShortIdleWithoutShutdown() {
		try (ConfigurableApplicationContext context = runWithFile("%m%n", "asynclog.immediate-flush=false")) {
			Log log = LogFactory.getLog("test");
			IntStream.rangeClosed(1, 5000).forEach((i) -> log.info("line " + i));
			// Nothing closes the context or flushes: the end of the batch does.
			List<String> lines = TestApplications.awaitLines(file(), 5000);
			assertThat(lines).hasSize(5000).startsWith("line 1").endsWith("line 5000");
		}
	}

	@Test
	void closingTheContextWritesEveryEventLoggedBeforeTheClose() {
		ConfigurableApplicationContext context = runWithFile("%m%n");
		Log log = LogFactory.getLog("test");
		IntStream.rangeClosed(1, 100_000).forEach((i) -> log.info("line " + i));
		context.close();
		TestApplications.loggerContext().stop();
		assertThat(TestApplications.lines(file())).hasSize(100_000).endsWith("line 100000");
	}

	private Object waitStrategy() {
		FullRingRouting routing = (FullRingRouting) TestApplications.loggerContext()
			.getConfiguration()
			.getAsyncLoggerConfigDelegate();
		Object strategy = ReflectionTestUtils.getField(ReflectionTestUtils.getField(routing, "ring"), "waitStrategy");
		assertThat(strategy).as("the ring's strategy, timed for the busy meter").isInstanceOf(TimedWaitStrategy.class);
		return ((TimedWaitStrategy) strategy).strategy();
	}

	private Path file() {
		return this.dir.resolve("app.log");
	}

	private ConfigurableApplicationContext runWithFile(String pattern, String... more) {
		// Spring Boot's own start-up lines stay out of the file: only the 'test' logger logs at INFO.
		// The root writes to the file alone, not to Spring Boot's console beside it.
		String[] properties = new String[more.length + 6];
		properties[0] = "asynclog.appenders.main.type=file";
		properties[1] = "asynclog.appenders.main.file-name=" + file();
		properties[2] = "asynclog.appenders.main.pattern=" + pattern;
		properties[3] = "logging.level.root=warn";
		properties[4] = "logging.level.test=info";
		properties[5] = "asynclog.loggers.root.appenders=main";
		System.arraycopy(more, 0, properties, 6, more.length);
		return TestApplications.run(properties);
	}

}
