package io.asynclog.log4j2.config;

import java.nio.file.Path;
import java.time.Duration;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Setting a level at run time, as the actuator's loggers endpoint does, keeps the logger
 * asynchronous and does not turn on location capture.
 */
class RuntimeLevelTests {

	@TempDir
	Path dir;

	@Test
	void levelSetAtRunTimeStaysAsynchronousWithoutLocation() {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=[%C:%L]%m%n",
				"logging.level.root=warn")) {
			LoggingSystem loggingSystem = context.getBean(LoggingSystem.class);
			loggingSystem.setLogLevel("com.example.orders", LogLevel.DEBUG);
			LoggerContext loggerContext = TestApplications.loggerContext();
			LoggerConfig config = loggerContext.getConfiguration().getLoggers().get("com.example.orders");
			assertThat(config).isInstanceOf(RuntimeLevelLoggerConfig.class);
			assertThat(config.isIncludeLocation()).isFalse();
			assertThat(loggingSystem.getLoggerConfiguration("com.example.orders").getConfiguredLevel())
				.isEqualTo(LogLevel.DEBUG);
			RecordingAppender recording = RecordingAppender.attachToRoot(loggerContext, Duration.ZERO);
			LogFactory.getLog("com.example.orders").debug("now visible");
			assertThat(TestApplications.awaitLines(file, 1)).containsExactly("[?:]now visible");
			assertThat(recording.events()).singleElement()
				.satisfies((event) -> assertThat(event.thread()).contains("AsyncLoggerConfig"));
			loggingSystem.setLogLevel("com.example.orders", null);
			assertThat(loggerContext.getConfiguration().getLoggers()).doesNotContainKey("com.example.orders");
			assertThat(loggingSystem.getLoggerConfiguration("com.example.orders").getConfiguredLevel()).isNull();
		}
	}

}
