package io.asynclog.autoconfigure.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.bothbackends.Apps;
import io.asynclog.bothbackends.BackendUnderTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An appender behind an AsyncAppender that writes to {@code /dev/full}, where every write
 * fails with ENOSPC as on a full disk, on either backend: the appender that writes counts
 * each failure, the AsyncAppender in front of it, which only queues, has no counter. How
 * the counts show in the meters, the endpoint and the health is in
 * {@code bothbackends.ObservabilityParityTests}; the appenders of a Log4j2 configuration
 * file and those added at run time in {@code log4j2.metrics.Log4j2AppenderErrorsTests}.
 */
class AppenderErrorsTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int LINES = 50;

	@TempDir
	Path dir;

	@Test
	void theTargetOfAnAsyncAppenderCountsItsFailures() throws IOException {
		Path full = Files.createSymbolicLink(this.dir.resolve("full-b.log"), Path.of("/dev/full"));
		// Logback's rolling appender rolls a file last changed in an earlier period at once: it
		// would move the link to /dev/full aside, write a new file, and compress /dev/full without end.
		String type = (BACKEND == BackendUnderTest.LOG4J2) ? "rolling-file" : "file";
		try (ConfigurableApplicationContext context = Apps.run("asynclog.mode=async-appender",
				"logging.level.root=warn", "logging.level.test=info", "asynclog.immediate-flush=true",
				"asynclog.appenders.full-b.type=" + type, "asynclog.appenders.full-b.file-name=" + full)) {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < LINES; i++) {
				log.info("line " + i);
			}
			// With immediate flush each line is one write to /dev/full: one failure each.
			await().atMost(Duration.ofSeconds(10)).until(() -> errors(registry, "full-b") == LINES);
			assertThat(registry.find("asynclog.appender.errors").tag("appender", "Async-full-b").functionCounter())
				.as("the AsyncAppender on %s queues, it does not write", BACKEND)
				.isNull();
		}
	}

	/**
	 * The failures an appender reported; -1 while it has no counter.
	 */
	private static double errors(MeterRegistry registry, String appender) {
		FunctionCounter counter = registry.find("asynclog.appender.errors").tag("appender", appender).functionCounter();
		return (counter != null) ? counter.count() : -1;
	}

}
