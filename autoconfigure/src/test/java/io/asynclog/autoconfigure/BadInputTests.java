package io.asynclog.autoconfigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.logging.log4j.core.config.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.asynclog.FailureAnalyses;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Every kind of bad input stops start-up with a failure analysis that names the property,
 * the value and what is accepted.
 */
class BadInputTests {

	@TempDir
	Path dir;

	@Test
	void ringBufferBelow128() {
		assertAnalysis(analysisOf("asynclog.ring-buffer-size=64"), "'asynclog.ring-buffer-size'", "'64'",
				"at least 128");
	}

	@Test
	void ringBufferSizeThatIsNotANumber() {
		assertAnalysis(analysisOf("asynclog.ring-buffer-size=lots"), "'asynclog.ring-buffer-size'", "'lots'",
				"a whole number");
	}

	@Test
	void unknownMode() {
		assertAnalysis(analysisOf("asynclog.mode=turbo"), "'asynclog.mode'", "'turbo'",
				"one of sync, async-appender, async-logger, all-async");
	}

	@Test
	void unknownWaitStrategy() {
		assertAnalysis(analysisOf("asynclog.wait-strategy=fast"), "'asynclog.wait-strategy'", "'fast'",
				"one of timeout, block, sleep, yield, busy-spin");
	}

	@Test
	void unknownQueueFullPolicy() {
		assertAnalysis(analysisOf("asynclog.queue-full-policy=drop"), "'asynclog.queue-full-policy'", "'drop'",
				"one of block, discard");
	}

	@Test
	void unknownDiscardThresholdLevel() {
		assertAnalysis(analysisOf("asynclog.discard-threshold=loud"), "'asynclog.discard-threshold'", "'loud'",
				"one of trace, debug, info, warn, error, fatal, off");
	}

	@Test
	void waitTimeoutBelowOneMillisecond() {
		assertAnalysis(analysisOf("asynclog.wait-timeout=0ms"), "'asynclog.wait-timeout'", "'PT0S'", "at least 1ms");
	}

	@Test
	void negativeShutdownTimeout() {
		assertAnalysis(analysisOf("asynclog.shutdown-timeout=-1s"), "'asynclog.shutdown-timeout'", "'PT-1S'",
				"zero or more");
	}

	@Test
	void appenderWithoutType() {
		assertAnalysis(analysisOf("asynclog.appenders.main.file-name=" + this.dir.resolve("a.log")),
				"'asynclog.appenders.main.type'", "''", "console, file or rolling-file");
	}

	@Test
	void fileAppenderWithoutFileName() {
		assertAnalysis(analysisOf("asynclog.appenders.main.type=rolling-file"), "'asynclog.appenders.main.file-name'",
				"a rolling-file appender needs a file", "the path of the log file");
	}

	@Test
	void unwritableLogDirectory() throws IOException {
		Path notADirectory = Files.createFile(this.dir.resolve("plain-file"));
		String fileName = notADirectory.resolve("logs/app.log").toString();
		assertAnalysis(
				analysisOf("asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + fileName),
				"'asynclog.appenders.main.file-name'", "'" + fileName + "'", "a directory the application can write to");
	}

	@Test
	void unwritableSpringBootLogFile() throws IOException {
		Path notADirectory = Files.createFile(this.dir.resolve("plain-file"));
		String fileName = notADirectory.resolve("app.log").toString();
		assertAnalysis(analysisOf("logging.file.name=" + fileName), "'logging.file.name'", "'" + fileName + "'",
				"a directory the application can write to");
	}

	@Test
	void patternLog4j2Rejects() {
		assertAnalysis(
				analysisOf("asynclog.appenders.main.type=console", "asynclog.appenders.main.pattern=%d %q %m%n"),
				"'asynclog.appenders.main.pattern'", "'%d %q %m%n'", "a Log4j2 PatternLayout pattern");
	}

	@Test
	void loggerNamingAnUnknownAppender() {
		assertAnalysis(analysisOf("asynclog.loggers[com.example.audit].appenders=nope"),
				"'asynclog.loggers[com.example.audit].appenders'", "'nope'", "[Console]");
	}

	@Test
	void dottedLoggerNameWithoutBrackets() {
		assertAnalysis(analysisOf("asynclog.loggers.com.example.audit.mode=sync"),
				"'asynclog.loggers.com.example.audit.mode'", "'sync'", "asynclog.loggers[com.example.audit].mode");
	}

	@Test
	void unknownAppenderSetting() {
		FailureAnalysis analysis = analysisOf("asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-nme=" + this.dir.resolve("a.log"));
		assertAnalysis(analysis, "'asynclog.appenders.main.file-nme'", "'" + this.dir.resolve("a.log") + "'",
				"file-name, file-pattern, immediate-flush, max-file-size, max-history, pattern, type");
	}

	@Test
	void unknownLoggerSetting() {
		assertAnalysis(analysisOf("asynclog.loggers[com.example.audit].mdoe=sync"),
				"'asynclog.loggers[com.example.audit].mdoe'", "'sync'", "additivity, appenders, mode");
	}

	@Test
	void relaxedSpellingsOfASettingAreKnown() {
		String camelCase = this.dir.resolve("camel.log").toString();
		String runTogether = this.dir.resolve("together.log").toString();
		TestApplications
			.run("asynclog.appenders.camel.type=file", "asynclog.appenders.camel.fileName=" + camelCase,
					"asynclog.appenders.together.type=file", "asynclog.appenders.together.filename=" + runTogether,
					"asynclog.loggers[com.example.audit].ADDITIVITY=false")
			.close();
		assertThat(this.dir.resolve("camel.log")).exists();
		assertThat(this.dir.resolve("together.log")).exists();
	}

	@Test
	void allAsyncWithoutTheContextSelector() {
		assertAnalysis(analysisOf("asynclog.mode=all-async"), "'asynclog.mode'", "'all-async'",
				"-Dlog4j2.contextSelector=org.apache.logging.log4j.core.async.AsyncLoggerContextSelector");
	}

	@Test
	void nothingIsConfiguredWhenTheInputIsBad() {
		Configuration before = TestApplications.loggerContext().getConfiguration();
		analysisOf("asynclog.ring-buffer-size=64", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("never.log"));
		assertThat(TestApplications.loggerContext().getConfiguration()).isSameAs(before);
		assertThat(this.dir.resolve("never.log")).doesNotExist();
	}

	@Test
	void peakWindowShorterThanASecond() {
		assertAnalysis(analysisOf("asynclog.metrics.peak-window=500ms"), "'asynclog.metrics.peak-window'", "'PT0.5S'",
				"at least 1s");
	}

	@Test
	void fillThresholdAboveOne() {
		assertAnalysis(analysisOf("asynclog.health.fill-threshold=90"), "'asynclog.health.fill-threshold'", "'90.0'",
				"at most 1, such as 0.9");
	}

	@Test
	void negativeFillDuration() {
		assertAnalysis(analysisOf("asynclog.health.fill-duration=-1s"), "'asynclog.health.fill-duration'",
				"'PT-1S'", "zero or more");
	}

	@Test
	void negativeDropWindow() {
		assertAnalysis(analysisOf("asynclog.health.drop-window=-5s"), "'asynclog.health.drop-window'", "'PT-5S'",
				"0 ignores drops");
	}

	private static FailureAnalysis analysisOf(String... properties) {
		Throwable failure = catchThrowable(() -> TestApplications.run(properties).close());
		assertThat(failure).as("start-up should fail").isNotNull();
		return FailureAnalyses.analyze(failure);
	}

	private static void assertAnalysis(FailureAnalysis analysis, String property, String value, String accepted) {
		assertThat(analysis.getDescription()).contains(property).contains(value);
		assertThat(analysis.getAction()).contains(accepted);
	}

}
