package io.asynclog.log4j2.config;

import java.nio.file.Path;
import java.time.Duration;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the starter and no asynclog.* keys, Spring Boot's own console and file output keep
 * their patterns, structured formats and levels, now asynchronous.
 */
@ExtendWith(OutputCaptureExtension.class)
class SpringBootDefaultsTests {

	@TempDir
	Path dir;

	@Test
	void consoleAndFileKeepSpringBootsPatternsAndLevels(CapturedOutput output) {
		Path file = this.dir.resolve("boot.log");
		try (ConfigurableApplicationContext context = TestApplications.run("logging.file.name=" + file,
				"logging.level.com.example=warn", "spring.application.name=defaults")) {
			Configuration configuration = TestApplications.loggerContext().getConfiguration();
			assertThat(configuration.getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			assertThat(TestApplications.writingAppenders(configuration.getRootLogger())).containsExactlyInAnyOrder("Console",
				"File");
			RecordingAppender recording = RecordingAppender.attachToRoot(TestApplications.loggerContext(),
					Duration.ZERO);
			LogFactory.getLog("com.example.Shop").warn("sold out");
			LogFactory.getLog("com.example.Shop").info("not at this level");
			String line = TestApplications.awaitLines(file, 1)
				.stream()
				.filter((candidate) -> candidate.contains("sold out"))
				.findFirst()
				.orElseThrow();
			// Spring Boot's file pattern: date, level, pid, application name, thread, logger, message.
			assertThat(line).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d) +WARN \\d+ --- "
					+ "\\[defaults\\] \\[" + Thread.currentThread().getName() + "\\] c\\.e\\.Shop +: sold out");
			assertThat(TestApplications.lines(file)).noneMatch((candidate) -> candidate.contains("not at this level"));
			assertThat(recording.events()).singleElement()
				.satisfies((event) -> assertThat(event.thread()).contains("AsyncLoggerConfig"));
			assertThat(output).contains("WARN").contains("c.e.Shop").contains("sold out");
		}
	}

	@Test
	void structuredFileFormatIsKept() {
		Path file = this.dir.resolve("boot.json");
		try (ConfigurableApplicationContext context = TestApplications.run("logging.file.name=" + file,
				"logging.structured.format.file=ecs", "logging.level.root=warn")) {
			assertThat(TestApplications.loggerContext().getConfiguration().getRootLogger())
				.isInstanceOf(AsyncLoggerConfig.class);
			LogFactory.getLog("com.example.Shop").warn("structured");
			assertThat(TestApplications.awaitLines(file, 1)).anySatisfy((line) -> assertThat(line).startsWith("{")
				.contains("\"message\":\"structured\"")
				.contains("\"log\":{\"level\":\"WARN\""));
		}
	}

}
