package io.asynclog.log4j2.metrics;

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
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;

import static org.awaitility.Awaitility.await;

/**
 * On Log4j2 every appender counts its failures, whoever declared it: an appender of the
 * user's own configuration file and one added at run time through Log4j2's API, both
 * writing to {@code /dev/full}. (On Logback only asynclog's own file appenders count
 * theirs; the appenders of {@code asynclog.appenders} are in {@code AppenderErrorsTests}
 * and {@code ObservabilityParityTests}, on both backends.)
 * <p>
 * Each appender reaches {@code /dev/full} through a link of its own: Log4j2 shares one file
 * manager per file name, across configurations too, and refuses two appender types on one.
 */
class Log4j2AppenderErrorsTests {

	private static final Path DEV_FULL = Path.of("/dev/full");

	private static final int LINES = 50;

	@TempDir
	Path dir;

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
