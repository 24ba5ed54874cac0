package io.asynclog.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.mock.env.MockEnvironment;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;
import io.asynclog.core.config.AsyncLogPropertiesValidator.PatternSyntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Every rejection of the start-up check, with the whole message: what is wrong names the
 * property and the value as written, what to do says what the property accepts. No
 * Spring application runs: the properties are bound from an environment as at start-up,
 * and the pattern syntax is a stand-in. {@code bothbackends.BadInputTests} keeps a case
 * of each kind end to end, through Spring Boot's failure analysis, on both backends.
 */
class AsyncLogPropertiesValidatorTests {

	private static final String UPDATE = "Update your application's configuration. ";

	private static final String APPENDER_SETTINGS = "bootstrap-servers, compression, endpoint, file-name,"
			+ " file-pattern, format, headers, immediate-flush, key, lane, max-file-size, max-history, pattern,"
			+ " producer, resource-attributes, spool, timeout, topic, transport, type";

	private static final String OTLP = "asynclog.appenders.o.type=otlp";

	private static final String OTLP_ENDPOINT = "asynclog.appenders.o.endpoint=http://127.0.0.1:4318/v1/logs";

	/**
	 * A pattern syntax that rejects {@code %q} only.
	 */
	private static final PatternSyntax PATTERNS = new PatternSyntax() {

		@Override
		public String library() {
			return "Stub";
		}

		@Override
		public String problem(String pattern) {
			return pattern.contains("%q") ? "no converter for %q" : null;
		}

		@Override
		public String accepted() {
			return "a Stub pattern, such as %m%n";
		}

	};

	@TempDir
	Path dir;

	@Test
	void acceptsTheDefaults() {
		assertThat(validate(new MockEnvironment())).isEmpty();
	}

	@Test
	void acceptsAValidConfiguration() {
		assertThat(validate(environment("asynclog.ring-buffer-size=128", "asynclog.wait-timeout=1ms",
				"asynclog.shutdown-timeout=0s", "asynclog.async-appender.buffer-size=1",
				"asynclog.metrics.peak-window=1s", "asynclog.health.fill-threshold=1",
				"asynclog.health.fill-duration=0s", "asynclog.health.drop-window=0s",
				"asynclog.health.shipping-stall=0s", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("logs/app.log"),
				"asynclog.appenders.main.pattern=%m%n", "asynclog.appenders.main.max-history=1",
				"asynclog.appenders.main.max-file-size=1B", "asynclog.loggers[com.example.audit].mode=sync",
				"asynclog.loggers[com.example.audit].appenders=main")))
			.isEmpty();
		assertThat(this.dir.resolve("logs")).as("created as the appender would").isDirectory();
		assertThat(this.dir.resolve("logs/app.log")).as("opened, and deleted again").doesNotExist();
	}

	@Test
	void ringBufferSizeBelowTheMinimum() {
		assertRejected(environment("asynclog.ring-buffer-size=64"),
				"Invalid value '64' for property 'asynclog.ring-buffer-size': a ring buffer needs at least 128 slots.",
				"'asynclog.ring-buffer-size' accepts a whole number of at least 128; it is rounded up to a power of two.");
	}

	@Test
	void waitTimeoutBelowOneMillisecondIsShownAsWritten() {
		assertRejected(environment("asynclog.wait-timeout=-5ms"),
				"Invalid value '-5ms' for property 'asynclog.wait-timeout':"
						+ " the background thread needs a wait of at least one millisecond.",
				"'asynclog.wait-timeout' accepts a duration of at least 1ms, such as 10ms.");
		assertRejected(environment("asynclog.wait-timeout=0ms"),
				"Invalid value '0ms' for property 'asynclog.wait-timeout':"
						+ " the background thread needs a wait of at least one millisecond.",
				"'asynclog.wait-timeout' accepts a duration of at least 1ms, such as 10ms.");
	}

	/**
	 * Without the property written in the environment the bound value is shown.
	 */
	@Test
	void aValueSetWithoutAPropertyIsShownAsBound() {
		AsyncLogProperties properties = new AsyncLogProperties();
		properties.setWaitTimeout(Duration.ofNanos(500));
		assertRejected(new MockEnvironment(), properties,
				"Invalid value 'PT0.0000005S' for property 'asynclog.wait-timeout':"
						+ " the background thread needs a wait of at least one millisecond.",
				"'asynclog.wait-timeout' accepts a duration of at least 1ms, such as 10ms.");
	}

	@Test
	void appenderStartFailureUnset() {
		AsyncLogProperties properties = new AsyncLogProperties();
		properties.setAppenderStartFailure(null);
		assertRejected(new MockEnvironment(), properties,
				"Invalid value '' for property 'asynclog.appender-start-failure':"
						+ " it says what start-up does when an appender cannot open its file.",
				"'asynclog.appender-start-failure' accepts fail (stop start-up) or warn (start with the health DOWN).");
	}

	@Test
	void negativeShutdownTimeout() {
		assertRejected(environment("asynclog.shutdown-timeout=-1s"),
				"Invalid value '-1s' for property 'asynclog.shutdown-timeout': shutdown cannot wait a negative time.",
				"'asynclog.shutdown-timeout' accepts a duration of zero or more, such as 10s.");
	}

	@Test
	void asyncAppenderBufferOfNoSlot() {
		assertRejected(environment("asynclog.async-appender.buffer-size=0"),
				"Invalid value '0' for property 'asynclog.async-appender.buffer-size':"
						+ " an AsyncAppender needs at least one slot.",
				"'asynclog.async-appender.buffer-size' accepts a whole number of at least 1.");
	}

	@Test
	void peakWindowShorterThanASecond() {
		String accepted = "'asynclog.metrics.peak-window' accepts a duration of at least 1s, such as 1m.";
		assertRejected(environment("asynclog.metrics.peak-window=500ms"),
				"Invalid value '500ms' for property 'asynclog.metrics.peak-window':"
						+ " queues are sampled every 100 ms, so a shorter window would hold too few samples.",
				accepted);
		assertRejected(environment("asynclog.metrics.peak-window=-1m"),
				"Invalid value '-1m' for property 'asynclog.metrics.peak-window':"
						+ " queues are sampled every 100 ms, so a shorter window would hold too few samples.",
				accepted);
	}

	@Test
	void fillThresholdOutsideZeroToOne() {
		String accepted = "'asynclog.health.fill-threshold' accepts a number above 0 and at most 1, such as 0.9 for 90%.";
		assertRejected(environment("asynclog.health.fill-threshold=90"),
				"Invalid value '90' for property 'asynclog.health.fill-threshold':"
						+ " the threshold is a share of the queue's slots.",
				accepted);
		assertRejected(environment("asynclog.health.fill-threshold=0"),
				"Invalid value '0' for property 'asynclog.health.fill-threshold':"
						+ " the threshold is a share of the queue's slots.",
				accepted);
	}

	@Test
	void negativeHealthDurations() {
		assertRejected(environment("asynclog.health.fill-duration=-1s"),
				"Invalid value '-1s' for property 'asynclog.health.fill-duration':"
						+ " a queue cannot stay full for a negative time.",
				"'asynclog.health.fill-duration' accepts a duration of zero or more, such as 10s.");
		assertRejected(environment("asynclog.health.drop-window=-5s"),
				"Invalid value '-5s' for property 'asynclog.health.drop-window': a window cannot be negative.",
				"'asynclog.health.drop-window' accepts a duration of zero or more, such as 1m; 0 ignores drops.");
		assertRejected(environment("asynclog.health.shipping-stall=-10s"),
				"Invalid value '-10s' for property 'asynclog.health.shipping-stall':"
						+ " records cannot wait for a negative time.",
				"'asynclog.health.shipping-stall' accepts a duration of zero or more, such as 10s;"
						+ " 0 ignores records waiting for the broker.");
	}

	@Test
	void appenderWithoutType() {
		assertRejected(environment("asynclog.appenders.main.file-name=" + this.dir.resolve("a.log")),
				"Invalid value '' for property 'asynclog.appenders.main.type': every appender needs a type.",
				"'asynclog.appenders.main.type' accepts console, file, rolling-file, kafka or otlp.");
	}

	@Test
	void fileAppenderWithoutFileName() {
		assertRejected(environment("asynclog.appenders.main.type=rolling-file"),
				"Invalid value '' for property 'asynclog.appenders.main.file-name':"
						+ " a rolling-file appender needs a file.",
				"'asynclog.appenders.main.file-name' accepts the path of the log file, such as logs/app.log.");
		assertRejected(environment("asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name= "),
				"Invalid value '' for property 'asynclog.appenders.main.file-name': a file appender needs a file.",
				"'asynclog.appenders.main.file-name' accepts the path of the log file, such as logs/app.log.");
	}

	@Test
	void maxFileSizeOfNoByte() {
		assertRejected(environment("asynclog.appenders.x.type=console", "asynclog.appenders.x.max-file-size=0"),
				"Invalid value '0' for property 'asynclog.appenders.x.max-file-size':"
						+ " a file must be allowed to hold at least one byte.",
				"'asynclog.appenders.x.max-file-size' accepts a positive size, such as 10MB.");
	}

	@Test
	void maxHistoryBelowOne() {
		for (String history : new String[] { "0", "-1" }) {
			assertRejected(environment("asynclog.appenders.x.type=console", "asynclog.appenders.x.max-history=" + history),
					"Invalid value '" + history + "' for property 'asynclog.appenders.x.max-history':"
							+ " at least one rolled file must be kept.",
					"'asynclog.appenders.x.max-history' accepts a whole number of 1 or more.");
		}
	}

	@Test
	void aPatternTheBackendRejects() {
		assertRejected(environment("asynclog.appenders.main.type=console", "asynclog.appenders.main.pattern=%d %q %m%n"),
				"Invalid value '%d %q %m%n' for property 'asynclog.appenders.main.pattern':"
						+ " Stub rejects it: no converter for %q.",
				"'asynclog.appenders.main.pattern' accepts a Stub pattern, such as %m%n.");
	}

	/**
	 * The typo is reported, not the missing file-name it causes.
	 */
	@Test
	void anUnknownAppenderSetting() {
		assertRejected(environment("asynclog.appenders.main.type=rolling-file",
				"asynclog.appenders.main.file-nme=logs/app.log"),
				"Unknown property 'asynclog.appenders.main.file-nme' with value 'logs/app.log':"
						+ " an appender has no setting 'file-nme', so it would be ignored.",
				"The settings under 'asynclog.appenders.main' are " + APPENDER_SETTINGS + ".");
	}

	@Test
	void anUnknownLoggerSetting() {
		assertRejected(environment("asynclog.loggers[com.example.audit].mode=sync",
				"asynclog.loggers[com.example.audit].level=debug"),
				"Unknown property 'asynclog.loggers[com.example.audit].level' with value 'debug':"
						+ " a logger has no setting 'level', so it would be ignored.",
				"The settings under 'asynclog.loggers[com.example.audit]' are additivity, appenders, mode.");
	}

	@Test
	void relaxedSpellingsOfASettingAreKnown() {
		assertThat(validate(environment("asynclog.appenders.camel.type=console", "asynclog.appenders.camel.maxHistory=3",
				"asynclog.appenders.together.type=console", "asynclog.appenders.together.maxhistory=3",
				"asynclog.loggers[com.example.audit].ADDITIVITY=false")))
			.isEmpty();
	}

	@Test
	void aDottedLoggerNameWithoutBrackets() {
		assertRejected(environment("asynclog.loggers.com.example.audit.mode=sync"),
				"Invalid value 'sync' for property 'asynclog.loggers.com.example.audit.mode':"
						+ " a logger name with dots must be written in brackets.",
				"'asynclog.loggers.com.example.audit.mode' accepts the logger's name in brackets:"
						+ " asynclog.loggers[com.example.audit].mode (in YAML, a key \"[com.example.audit]\").");
	}

	@Test
	void aDottedLoggerNameWithoutBracketsInAnAppendersList() {
		assertRejected(environment("asynclog.loggers.com.example.appenders[0]=main"),
				"Invalid value 'main' for property 'asynclog.loggers.com.example.appenders[0]':"
						+ " a logger name with dots must be written in brackets.",
				"'asynclog.loggers.com.example.appenders[0]' accepts the logger's name in brackets:"
						+ " asynclog.loggers[com.example].appenders (in YAML, a key \"[com.example]\").");
	}

	@Test
	void aLoggerWithNothingSet() {
		AsyncLogProperties properties = new AsyncLogProperties();
		properties.getLoggers().put("com.example.audit", new AsyncLogProperties.Logger());
		assertRejected(new MockEnvironment(), properties,
				"Invalid value '(nothing)' for property 'asynclog.loggers.com.example.audit':"
						+ " no mode, appenders or additivity is set for logger 'com.example.audit'.",
				"'asynclog.loggers.com.example.audit' accepts mode, appenders and additivity under the logger's"
						+ " name, such as asynclog.loggers[com.example.audit].mode=sync.");
	}

	@Test
	void aFileThatCannotOpenStopsStartUp() throws IOException {
		Path file = Files.createFile(this.dir.resolve("not-a-directory"));
		String fileName = file.resolve("app.log").toString();
		assertRejected(environment("asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + fileName),
				"The file appender 'main' cannot open its file '" + fileName + "' (property"
						+ " 'asynclog.appenders.main.file-name'): " + file
						+ " is a file, not a directory, so the log directory cannot be created.",
				cannotOpenAction("asynclog.appenders.main.file-name")
						+ " To start anyway, with the health DOWN and every event meant for this appender counted"
						+ " as one of its errors, set asynclog.appender-start-failure=warn.");
	}

	@Test
	void aFileThatCannotOpenIsReturnedWithWarn() throws IOException {
		Path file = Files.createFile(this.dir.resolve("not-a-directory"));
		String fileName = file.resolve("app.log").toString();
		Map<String, Unopened> unopened = validate(environment("asynclog.appender-start-failure=warn",
				"asynclog.appenders.main.type=rolling-file", "asynclog.appenders.main.file-name=" + fileName,
				"asynclog.appenders.other.type=file",
				"asynclog.appenders.other.file-name=" + this.dir.resolve("other.log")));
		assertThat(unopened).containsExactly(Map.entry("main",
				new Unopened("main", "rolling-file", "asynclog.appenders.main.file-name", fileName,
						file + " is a file, not a directory, so the log directory cannot be created")));
	}

	@Test
	void springBootsOwnFileAlwaysStopsStartUp() throws IOException {
		Path file = Files.createFile(this.dir.resolve("not-a-directory"));
		String fileName = file.resolve("spring.log").toString();
		assertRejected(environment("asynclog.appender-start-failure=warn", "logging.file.name=" + fileName),
				"The Spring Boot file appender cannot open its file '" + fileName
						+ "' (property 'logging.file.name'): " + file
						+ " is a file, not a directory, so the log directory cannot be created.",
				cannotOpenAction("logging.file.name"));
		assertRejected(environment("logging.file.path=" + file),
				"The Spring Boot file appender cannot open its file '" + file.resolve("spring.log")
						+ "' (property 'logging.file.path'): " + file
						+ " is a file, not a directory, so the log directory cannot be created.",
				cannotOpenAction("logging.file.path"));
	}

	@Test
	void laneOfNoRecord() {
		assertRejected(environment(OTLP, OTLP_ENDPOINT, "asynclog.appenders.o.lane.capacity=0"),
				"Invalid value '0' for property 'asynclog.appenders.o.lane.capacity': a lane needs room for one record.",
				"'asynclog.appenders.o.lane.capacity' accepts a whole number of at least 1, such as 8192.");
		assertRejected(environment(OTLP, OTLP_ENDPOINT, "asynclog.appenders.o.lane.max-size=0B"),
				"Invalid value '0B' for property 'asynclog.appenders.o.lane.max-size': a lane needs room for one record.",
				"'asynclog.appenders.o.lane.max-size' accepts a positive size, such as 8MB.");
	}

	@Test
	void spoolSmallerThanAMegabyte() {
		assertRejected(environment(OTLP, OTLP_ENDPOINT, "asynclog.appenders.o.spool.max-size=100KB"),
				"Invalid value '100KB' for property 'asynclog.appenders.o.spool.max-size':"
						+ " a spool smaller than a megabyte holds too little of an outage to be worth its files.",
				"'asynclog.appenders.o.spool.max-size' accepts a size of at least 1MB, such as 1GB.");
	}

	@Test
	void spoolDirectoryThatCannotBeCreated() throws IOException {
		Path file = Files.createFile(this.dir.resolve("not-a-directory"));
		Path spool = file.resolve("spool");
		AsyncLogConfigurationException failure = rejection(environment(OTLP, OTLP_ENDPOINT,
				"asynclog.appenders.o.spool.directory=" + spool));
		assertThat(failure.getDescription()).isEqualTo("Invalid value '" + spool
				+ "' for property 'asynclog.appenders.o.spool.directory': " + spool.toAbsolutePath()
				+ ": the directory cannot be created: java.nio.file.FileSystemException: " + spool
				+ ": Not a directory.");
		assertThat(failure.getAction()).isEqualTo(UPDATE + "'asynclog.appenders.o.spool.directory' accepts a directory"
				+ " this application alone can create and write, or asynclog.appenders.o.spool.enabled=false to keep"
				+ " no records on disk.");
	}

	@Test
	void noSpoolIsCheckedWhenItIsOff() throws IOException {
		Path file = Files.createFile(this.dir.resolve("not-a-directory"));
		assertThat(validate(environment(OTLP, OTLP_ENDPOINT, "asynclog.appenders.o.spool.enabled=false",
				"asynclog.appenders.o.spool.directory=" + file.resolve("spool"))))
			.isEmpty();
	}

	/**
	 * The checks run in a fixed order, and the first bad property is the one reported.
	 */
	@Test
	void theFirstBadPropertyIsReported() {
		assertThat(rejection(environment("asynclog.health.fill-threshold=2", "asynclog.ring-buffer-size=1"))
			.getDescription()).contains("'asynclog.ring-buffer-size'");
		assertThat(rejection(environment("asynclog.appenders.x.type=console", "asynclog.appenders.x.max-history=0",
				"asynclog.metrics.peak-window=1ms"))
			.getDescription()).contains("'asynclog.metrics.peak-window'");
	}

	private static String cannotOpenAction(String property) {
		return "Make the directory exist and be writable by the user the application runs as, with space left,"
				+ " or point '" + property + "' at a regular file the application can create and write to.";
	}

	private static MockEnvironment environment(String... properties) {
		MockEnvironment environment = new MockEnvironment();
		for (String property : properties) {
			int equals = property.indexOf('=');
			environment.setProperty(property.substring(0, equals), property.substring(equals + 1));
		}
		return environment;
	}

	private static Map<String, Unopened> validate(MockEnvironment environment) {
		return new AsyncLogPropertiesValidator(environment, PATTERNS).validate(AsyncLogProperties.bind(environment));
	}

	private static AsyncLogConfigurationException rejection(MockEnvironment environment) {
		return rejection(environment, AsyncLogProperties.bind(environment));
	}

	private static AsyncLogConfigurationException rejection(MockEnvironment environment,
			AsyncLogProperties properties) {
		AsyncLogConfigurationException failure = catchThrowableOfType(
				() -> new AsyncLogPropertiesValidator(environment, PATTERNS).validate(properties),
				AsyncLogConfigurationException.class);
		assertThat(failure).as("rejected").isNotNull();
		return failure;
	}

	private static void assertRejected(MockEnvironment environment, String description, String action) {
		assertRejected(environment, AsyncLogProperties.bind(environment), description, action);
	}

	private static void assertRejected(MockEnvironment environment, AsyncLogProperties properties, String description,
			String action) {
		AsyncLogConfigurationException failure = rejection(environment, properties);
		assertThat(failure.getDescription()).isEqualTo(description);
		assertThat(failure.getAction()).isEqualTo(action.startsWith("Make ") ? action : UPDATE + action);
	}

}
