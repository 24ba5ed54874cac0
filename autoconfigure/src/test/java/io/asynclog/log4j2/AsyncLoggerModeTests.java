package io.asynclog.log4j2;

import java.nio.file.Path;
import java.util.List;

import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;

class AsyncLoggerModeTests {

	@TempDir
	Path dir;

	@Test
	void rootLoggerBecomesAnAsyncLoggerAndLinesReachTheFile() {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%t|%m%n")) {
			LoggerContext loggerContext = TestApplications.loggerContext();
			assertThat(loggerContext.getConfiguration().getRootLogger()).isInstanceOf(AsyncLoggerConfig.class);
			LogFactory.getLog("test").info("hello");
			List<String> lines = TestApplications.awaitLines(file, 1);
			assertThat(lines).anyMatch((line) -> line.equals(Thread.currentThread().getName() + "|hello"));
		}
	}

}
