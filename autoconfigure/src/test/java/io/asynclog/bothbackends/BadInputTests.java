package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.asynclog.FailureAnalyses;
import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Every kind of bad input stops start-up, on either backend, with a failure analysis that
 * names the property, the value and what is accepted. What only a backend can judge (its
 * pattern syntax, the modes it has) is asserted for the backend that runs.
 */
class BadInputTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final String APPENDER_SETTINGS = "bootstrap-servers, compression, endpoint, file-name,"
			+ " file-pattern, format, headers, immediate-flush, key, lane, max-file-size, max-history, pattern,"
			+ " producer, resource-attributes, spool, timeout, topic, transport, type";

	private static final String KAFKA = "asynclog.appenders.k.type=kafka";

	private static final String OTLP = "asynclog.appenders.o.type=otlp";

	private static final String KAFKA_TOPIC = "asynclog.appenders.k.topic=app-logs";

	private static final String KAFKA_SERVERS = "asynclog.appenders.k.bootstrap-servers=127.0.0.1:9092";

	private static final String LOGGER_SETTINGS = "additivity, appenders, mode";

	/**
	 * A pattern only Logback knows: Log4j2 has no {@code kvp} (key-value pairs) conversion.
	 */
	private static final String LOGBACK_ONLY_PATTERN = "%d %kvp %m%n";

	/**
	 * A pattern only Log4j2 knows: Logback has no {@code equals} conversion word.
	 */
	private static final String LOG4J2_ONLY_PATTERN = "%d %equals{%m}{secret}{***}%n";

	@TempDir
	Path dir;

	static Stream<BadInput> wrongTypes() {
		return Stream.of(badInput("asynclog.enabled", "sure", "true or false"),
				badInput("asynclog.mode", "turbo", "one of sync, async-appender, async-logger, all-async"),
				badInput("asynclog.ring-buffer-size", "lots", "a whole number"),
				badInput("asynclog.wait-strategy", "fast", "one of timeout, block, sleep, yield, busy-spin"),
				badInput("asynclog.wait-timeout", "soon", "a duration, such as 500ms"),
				badInput("asynclog.include-location", "perhaps", "true or false"),
				badInput("asynclog.immediate-flush", "maybe", "true or false"),
				badInput("asynclog.queue-full-policy", "drop", "one of block, discard"),
				badInput("asynclog.discard-threshold", "loud", "one of trace, debug, info, warn, error, fatal, off"),
				badInput("asynclog.async-appender.buffer-size", "big", "a whole number"),
				badInput("asynclog.shutdown-timeout", "later", "a duration, such as 500ms"),
				badInput("asynclog.metrics.peak-window", "forever", "a duration, such as 500ms"),
				badInput("asynclog.metrics.delivery-lag", "often", "true or false"),
				badInput("asynclog.health.fill-threshold", "high", "a number, such as 0.9"),
				badInput("asynclog.health.fill-duration", "long", "a duration, such as 500ms"),
				badInput("asynclog.health.drop-window", "wide", "a duration, such as 500ms"),
				badInput("asynclog.health.pipeline-status", "red", "one of degraded, down"),
				badInput("asynclog.appenders.x.type", "syslog", "one of console, file, rolling-file, kafka, otlp"),
				badInput("asynclog.appenders.x.transport", "udp", "one of http, grpc"),
				badInput("asynclog.appenders.x.timeout", "whenever", "a duration, such as 500ms"),
				badInput("asynclog.appenders.x.max-file-size", "huge", "a size, such as 512KB or 10MB"),
				badInput("asynclog.appenders.x.max-history", "many", "a whole number"),
				badInput("asynclog.appenders.x.immediate-flush", "maybe", "true or false"),
				badInput("asynclog.loggers[x].mode", "fast", "one of sync, async"),
				badInput("asynclog.loggers[x].additivity", "sometimes", "true or false"));
	}

	static Stream<BadInput> valuesOutOfRange() {
		return Stream.of(badInput("asynclog.ring-buffer-size", "64", "a whole number of at least 128"),
				badInput("asynclog.wait-timeout", "0ms", "a duration of at least 1ms"),
				badInput("asynclog.wait-timeout", "-5ms", "a duration of at least 1ms"),
				badInput("asynclog.shutdown-timeout", "-1s", "a duration of zero or more"),
				badInput("asynclog.async-appender.buffer-size", "0", "a whole number of at least 1"),
				badInput("asynclog.metrics.peak-window", "500ms", "a duration of at least 1s"),
				badInput("asynclog.metrics.peak-window", "-1m", "a duration of at least 1s"),
				badInput("asynclog.health.fill-threshold", "90", "a number above 0 and at most 1, such as 0.9"),
				badInput("asynclog.health.fill-threshold", "0", "a number above 0 and at most 1"),
				badInput("asynclog.health.fill-duration", "-1s", "a duration of zero or more"),
				badInput("asynclog.health.drop-window", "-5s", "a duration of zero or more, such as 1m; 0 ignores drops"),
				badInput("asynclog.health.shipping-stall", "-10s",
						"a duration of zero or more, such as 10s; 0 ignores records waiting for the broker"),
				badInput("asynclog.appenders.x.max-file-size", "0", "a positive size",
						"asynclog.appenders.x.type=console"),
				badInput("asynclog.appenders.x.max-history", "-1", "a whole number of 1 or more",
						"asynclog.appenders.x.type=console"),
				badInput("asynclog.appenders.x.max-history", "0", "a whole number of 1 or more",
						"asynclog.appenders.x.type=console"));
	}

	static Stream<BadInput> otlpSettings() {
		String endpoint = "asynclog.appenders.o.endpoint=http://127.0.0.1:4318/v1/logs";
		return Stream.of(badInput("asynclog.appenders.o.endpoint", "", "an http or https URL", OTLP),
				badInput("asynclog.appenders.o.endpoint", "127.0.0.1:4318", "an http or https URL", OTLP),
				badInput("asynclog.appenders.o.endpoint", "ftp://collector/v1/logs", "an http or https URL", OTLP),
				// Spring Boot's setting is the default, and checked as asynclog's.
				badInput("asynclog.appenders.o.endpoint", "collector:4317", "an http or https URL", OTLP,
						"management.opentelemetry.logging.export.otlp.endpoint=collector:4317"),
				badInput("asynclog.appenders.o.compression", "zstd", "gzip or none", OTLP, endpoint),
				badInput("asynclog.appenders.o.timeout", "0ms", "a positive duration", OTLP, endpoint),
				badInput("asynclog.appenders.o.headers.[bad header]", "x", "letters, digits", OTLP, endpoint),
				badInput("asynclog.appenders.o.pattern", "%m", "endpoint, transport, headers", OTLP, endpoint),
				badInput("asynclog.appenders.o.topic", "app-logs", "endpoint, transport, headers", OTLP, endpoint),
				badInput("asynclog.appenders.o.lane.capacity", "0", "a whole number of at least 1", OTLP, endpoint));
	}

	static Stream<BadInput> kafkaSettings() {
		return Stream.of(badInput("asynclog.appenders.k.topic", "", "a topic name", KAFKA, KAFKA_SERVERS),
				badInput("asynclog.appenders.k.topic", "app logs", "letters, digits, '.', '_' and '-'", KAFKA,
						KAFKA_SERVERS),
				badInput("asynclog.appenders.k.bootstrap-servers", "", "host:port[,host:port...]", KAFKA,
						KAFKA_TOPIC),
				badInput("asynclog.appenders.k.bootstrap-servers", "127.0.0.1:9092,127.0.0.1:99999",
						"host:port[,host:port...]", KAFKA, KAFKA_TOPIC),
				badInput("asynclog.appenders.k.bootstrap-servers", "127.0.0.1", "host:port[,host:port...]", KAFKA,
						KAFKA_TOPIC),
				// .invalid never resolves (RFC 2606).
				badInput("asynclog.appenders.k.bootstrap-servers", "broker.invalid:9092",
						"with at least one host that resolves", KAFKA, KAFKA_TOPIC),
				badInput("asynclog.appenders.k.format", "json", "ecs, logstash or gelf", KAFKA, KAFKA_TOPIC,
						KAFKA_SERVERS),
				badInput("asynclog.appenders.k.format", "ecs", "either format (ecs, logstash or gelf) or pattern",
						KAFKA, KAFKA_TOPIC, KAFKA_SERVERS, "asynclog.appenders.k.pattern=%m"),
				badInput("asynclog.appenders.k.producer.linger.ms", "soon", "a KafkaProducer setting by its Kafka name",
						KAFKA, KAFKA_TOPIC, KAFKA_SERVERS),
				badInput("asynclog.appenders.k.producer.linger-ms", "5", "a KafkaProducer setting by its Kafka name",
						KAFKA, KAFKA_TOPIC, KAFKA_SERVERS),
				badInput("asynclog.appenders.k.producer.acks", "some", "a KafkaProducer setting by its Kafka name",
						KAFKA, KAFKA_TOPIC, KAFKA_SERVERS),
				badInput("asynclog.appenders.k.producer.value.serializer", "x.Y",
						"any KafkaProducer setting other than bootstrap.servers, key.serializer, value.serializer",
						KAFKA, KAFKA_TOPIC, KAFKA_SERVERS),
				badInput("asynclog.appenders.k.producer.max.block.ms", "1000",
						"any KafkaProducer setting other than bootstrap.servers, key.serializer, value.serializer,"
								+ " max.block.ms",
						KAFKA, KAFKA_TOPIC, KAFKA_SERVERS),
				badInput("asynclog.appenders.k.lane.capacity", "0", "a whole number of at least 1", KAFKA, KAFKA_TOPIC,
						KAFKA_SERVERS),
				badInput("asynclog.appenders.k.lane.max-size", "0B", "a positive size", KAFKA, KAFKA_TOPIC,
						KAFKA_SERVERS),
				badInput("asynclog.appenders.k.spool.max-size", "100KB", "a size of at least 1MB", KAFKA, KAFKA_TOPIC,
						KAFKA_SERVERS),
				// A directory cannot be made where a file stands.
				badInput("asynclog.appenders.k.spool.directory", "pom.xml/spool",
						"a directory this application alone can create and write", KAFKA, KAFKA_TOPIC,
						KAFKA_SERVERS));
	}

	static Stream<BadInput> unknownSettings() {
		// The typo must be what is reported, not the missing file-name or type it causes.
		return Stream.of(
				badInput("asynclog.appenders.main.file-nme", "logs/app.log", APPENDER_SETTINGS,
						"asynclog.appenders.main.type=rolling-file"),
				badInput("asynclog.appenders.main.max-size", "10MB", APPENDER_SETTINGS,
						"asynclog.appenders.main.type=console"),
				badInput("asynclog.appenders.main.typ", "console", APPENDER_SETTINGS),
				badInput("asynclog.loggers[com.example.audit].mdoe", "sync", LOGGER_SETTINGS),
				badInput("asynclog.loggers[com.example.audit].level", "debug", LOGGER_SETTINGS,
						"asynclog.loggers[com.example.audit].mode=sync"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource({ "wrongTypes", "valuesOutOfRange", "kafkaSettings", "otlpSettings", "unknownSettings" })
	void badInput(BadInput input) {
		assertAnalysis(analysisOf(input.properties()), "'" + input.property() + "'", "'" + input.value() + "'",
				input.accepted());
	}

	@Test
	void appenderWithoutType() {
		assertAnalysis(analysisOf("asynclog.appenders.main.file-name=" + this.dir.resolve("a.log")),
				"'asynclog.appenders.main.type'", "''", "console, file, rolling-file, kafka or otlp");
	}

	@Test
	void fileAppenderWithoutFileName() {
		assertAnalysis(analysisOf("asynclog.appenders.main.type=rolling-file"), "'asynclog.appenders.main.file-name'",
				"a rolling-file appender needs a file", "the path of the log file");
	}

	/**
	 * The names known are those of Spring Boot's default configuration for the backend:
	 * its console appender only.
	 */
	@Test
	void loggerNamingAnUnknownAppender() {
		assertAnalysis(analysisOf("asynclog.loggers[com.example.audit].appenders=nope"),
				"'asynclog.loggers[com.example.audit].appenders'", "'nope'", "[" + BACKEND.springBootConsole() + "]");
	}

	@Test
	void dottedLoggerNameWithoutBrackets() {
		assertAnalysis(analysisOf("asynclog.loggers.com.example.audit.mode=sync"),
				"'asynclog.loggers.com.example.audit.mode'", "'sync'", "asynclog.loggers[com.example.audit].mode");
	}

	@Test
	void relaxedSpellingsOfASettingAreKnown() {
		String camelCase = this.dir.resolve("camel.log").toString();
		String runTogether = this.dir.resolve("together.log").toString();
		Apps.run("asynclog.appenders.camel.type=file", "asynclog.appenders.camel.fileName=" + camelCase,
				"asynclog.appenders.together.type=file", "asynclog.appenders.together.filename=" + runTogether,
				"asynclog.loggers[com.example.audit].ADDITIVITY=false")
			.close();
		assertThat(this.dir.resolve("camel.log")).exists();
		assertThat(this.dir.resolve("together.log")).exists();
	}

	@Test
	void aPatternTheBackendCannotParse() {
		assertPatternRejected("%d %q %m%n");
	}

	/**
	 * A pattern is checked in the syntax of the library that runs: each backend rejects a
	 * conversion only the other one has, and accepts its own.
	 */
	@Test
	void aPatternIsCheckedInTheSyntaxOfTheBackendThatRuns() {
		boolean log4j2 = BACKEND == BackendUnderTest.LOG4J2;
		assertPatternRejected(log4j2 ? LOGBACK_ONLY_PATTERN : LOG4J2_ONLY_PATTERN);
		Path file = this.dir.resolve("own-pattern.log");
		Apps.run("asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
				"asynclog.appenders.main.pattern=" + (log4j2 ? LOG4J2_ONLY_PATTERN : LOGBACK_ONLY_PATTERN))
			.close();
		assertThat(file).exists();
	}

	private void assertPatternRejected(String pattern) {
		FailureAnalysis analysis = analysisOf("asynclog.appenders.main.type=console",
				"asynclog.appenders.main.pattern=" + pattern);
		assertAnalysis(analysis, "'asynclog.appenders.main.pattern'", "'" + pattern + "'",
				"a " + BACKEND.library() + " PatternLayout pattern");
		assertThat(analysis.getDescription()).contains(BACKEND.library() + " rejects it");
	}

	/**
	 * all-async is Log4j2's context selector: on Log4j2 it needs the selector, on Logback
	 * it does not exist, and both point to async-logger.
	 */
	@Test
	void allAsync() {
		FailureAnalysis analysis = analysisOf("asynclog.mode=all-async");
		assertAnalysis(analysis, "'asynclog.mode'", "'all-async'", "async-logger");
		if (BACKEND == BackendUnderTest.LOG4J2) {
			assertThat(analysis.getAction())
				.contains("-Dlog4j2.contextSelector=org.apache.logging.log4j.core.async.AsyncLoggerContextSelector");
		}
		else {
			assertThat(analysis.getDescription()).as("why: all-async is Log4j2's").contains("Log4j2");
		}
	}

	@Test
	void nothingIsConfiguredWhenTheInputIsBad() {
		LoggingBackend backend = LoggingBackends.running(getClass().getClassLoader());
		List<String> appendersBefore = backend.appenders().stream().map(LogAppender::name).toList();
		Object modeBefore = backend.runningMode();
		analysisOf("asynclog.ring-buffer-size=64", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + this.dir.resolve("never.log"));
		assertThat(backend.appenders()).extracting(LogAppender::name).isEqualTo(appendersBefore);
		assertThat(backend.runningMode()).isEqualTo(modeBefore);
		assertThat(this.dir.resolve("never.log")).doesNotExist();
	}

	private static FailureAnalysis analysisOf(String... properties) {
		Throwable failure = catchThrowable(() -> Apps.run(properties).close());
		assertThat(failure).as("start-up should fail").isNotNull();
		return FailureAnalyses.analyze(failure);
	}

	private static void assertAnalysis(FailureAnalysis analysis, String property, String value, String accepted) {
		assertThat(analysis.getDescription()).contains(property).contains(value);
		assertThat(analysis.getAction()).contains(accepted);
	}

	private static BadInput badInput(String property, String value, String accepted, String... alongside) {
		return new BadInput(property, value, accepted, List.of(alongside));
	}

	/**
	 * One bad property, with the properties it needs alongside to reach its check.
	 */
	record BadInput(String property, String value, String accepted, List<String> alongside) {

		String[] properties() {
			List<String> properties = new ArrayList<>(this.alongside);
			properties.add(this.property + "=" + this.value);
			return properties.toArray(String[]::new);
		}

		@Override
		public String toString() {
			return this.property + "=" + this.value;
		}

	}

}
