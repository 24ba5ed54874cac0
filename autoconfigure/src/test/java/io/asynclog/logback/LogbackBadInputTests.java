package io.asynclog.logback;

import java.nio.file.Path;

import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.asynclog.FailureAnalyses;
import io.asynclog.logback.config.LogbackSetup;
import io.asynclog.logback.queue.LogRing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What only Logback refuses stops start-up with a failure analysis that names the property,
 * the value and what to do instead, before anything of Logback is half-configured.
 */
class LogbackBadInputTests {

	@TempDir
	Path dir;

	@Test
	void allAsyncIsLog4jsAndNamesTheModeToUseInstead() {
		FailureAnalysis analysis = failure("asynclog.mode=all-async");
		assertThat(analysis.getDescription()).contains("'asynclog.mode'")
			.contains("'all-async'")
			.contains("Log4j2's AsyncLoggerContextSelector")
			.contains("Logback");
		assertThat(analysis.getAction()).contains("asynclog.mode to async-logger");
	}

	@Test
	void aPatternLogbackCannotParseNamesThePropertyAndLogbacksComplaint() {
		FailureAnalysis analysis = failure("asynclog.appenders.main.type=console",
				"asynclog.appenders.main.pattern=%d %nosuchword %m%n");
		assertThat(analysis.getDescription()).contains("'asynclog.appenders.main.pattern'")
			.contains("'%d %nosuchword %m%n'")
			.contains("Logback rejects it")
			.contains("nosuchword");
		assertThat(analysis.getAction()).contains("a Logback PatternLayout pattern");
		FailureAnalysis unclosed = failure("asynclog.appenders.main.type=console",
				"asynclog.appenders.main.pattern=%d{yyyy %m%n");
		assertThat(unclosed.getDescription()).contains("'asynclog.appenders.main.pattern'").contains("Logback rejects it");
	}

	@Test
	void springBootsConversionWordsAreAcceptedInAPattern() {
		try (var context = LogbackApps.run("asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("boot.log"),
				"asynclog.appenders.main.pattern=%clr(%5p) %esb{APPLICATION_NAME}%m%wEx%n")) {
			assertThat(LogbackApps.setup().rings()).hasSize(1);
		}
	}

	@Test
	void aRollingFilePatternWithoutAnIndexIsRefused() {
		FailureAnalysis analysis = failure("asynclog.appenders.main.type=rolling-file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("app.log"),
				"asynclog.appenders.main.file-pattern=" + this.dir.resolve("app.%d{yyyy-MM-dd}.log"));
		assertThat(analysis.getDescription()).contains("'asynclog.appenders.main.file-pattern'").contains("%i");
		assertThat(analysis.getAction()).contains("%i");
	}

	@Test
	void anUnknownAppenderNameFailsBeforeLogbackIsChanged() {
		FailureAnalysis analysis = failure("asynclog.appenders.main.type=console",
				"asynclog.loggers[com.example].appenders=main,nosuch");
		assertThat(analysis.getDescription()).contains("'asynclog.loggers[com.example].appenders'").contains("'nosuch'");
		assertThat(analysis.getAction()).contains("[CONSOLE, main]");
		// Spring Boot's configuration, as Spring Boot left it.
		assertThat(LogbackSetup.of(LogbackApps.context())).isNull();
		Logger root = LogbackApps.context().getLogger(Logger.ROOT_LOGGER_NAME);
		assertThat(root.getAppender("CONSOLE")).isNotNull();
		root.iteratorForAppenders().forEachRemaining((appender) -> assertThat(appender).isNotInstanceOf(LogRing.class));
	}

	private static FailureAnalysis failure(String... properties) {
		Throwable failure = catchThrowable(() -> LogbackApps.run(properties).close());
		assertThat(failure).as("start-up failure").isNotNull();
		return FailureAnalyses.analyze(failure);
	}

}
