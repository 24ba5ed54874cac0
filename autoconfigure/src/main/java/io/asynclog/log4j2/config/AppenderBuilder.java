package io.asynclog.log4j2.config;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.logging.log4j.core.config.Node;
import org.springframework.core.env.Environment;

import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.config.AsyncLogProperties.AppenderType;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.lane.otlp.OtlpSettings;
import io.asynclog.log4j2.appender.KafkaAppender;
import io.asynclog.log4j2.appender.OtlpAppender;
import io.asynclog.log4j2.appender.UnopenedFileAppender;

/**
 * Builds the configuration nodes of the appenders declared under {@code asynclog.appenders}.
 *
 * @author asynclog
 */
final class AppenderBuilder {

	/**
	 * Spring Boot's console pattern, with the defaults of its packaged log4j2.xml inlined so
	 * that it also works inside a user's own configuration file.
	 */
	static final String DEFAULT_CONSOLE_PATTERN = "%clr{%d{${sys:LOG_DATEFORMAT_PATTERN:-yyyy-MM-dd'T'HH:mm:ss.SSSXXX}}}{faint} "
			+ "%clr{${sys:LOG_LEVEL_PATTERN:-%5p}} %clr{%pid}{magenta} "
			+ "%clr{--- %esb{${sys:APPLICATION_NAME:-}}%esb{${sys:APPLICATION_GROUP:-}}[%15.15t] "
			+ "${sys:LOG_CORRELATION_PATTERN:-}}{faint}%clr{%-40.40c{1.}}{cyan} %clr{:}{faint} "
			+ "%m%n${sys:LOG_EXCEPTION_CONVERSION_WORD:-%xwEx}";

	/** Spring Boot's file pattern, inlined as {@link #DEFAULT_CONSOLE_PATTERN} is. */
	static final String DEFAULT_FILE_PATTERN = "%d{${sys:LOG_DATEFORMAT_PATTERN:-yyyy-MM-dd'T'HH:mm:ss.SSSXXX}} "
			+ "${sys:LOG_LEVEL_PATTERN:-%5p} %pid --- %esb{${sys:APPLICATION_NAME:-}}%esb{${sys:APPLICATION_GROUP:-}}"
			+ "[%t] ${sys:LOG_CORRELATION_PATTERN:-}%-40.40c{1.} : %m%n${sys:LOG_EXCEPTION_CONVERSION_WORD:-%xwEx}";

	/** Suffix Spring Boot gives rolled files. */
	static final String ROLLED_FILE_SUFFIX = ".%d{yyyy-MM-dd}.%i.gz";

	private final Nodes nodes;

	private final AsyncLogProperties properties;

	private final Environment environment;

	AppenderBuilder(Nodes nodes, AsyncLogProperties properties, Environment environment) {
		this.nodes = nodes;
		this.properties = properties;
		this.environment = environment;
	}

	void add(Node appenders, String name, AsyncLogProperties.Appender appender) {
		boolean immediateFlush = (appender.getImmediateFlush() != null) ? appender.getImmediateFlush()
				: this.properties.isImmediateFlush();
		Map<String, String> attributes = new LinkedHashMap<>();
		attributes.put("name", name);
		if (appender.getType() == AppenderType.KAFKA) {
			addKafka(appenders, attributes, appender);
			return;
		}
		if (appender.getType() == AppenderType.OTLP) {
			addOtlp(appenders, attributes, appender);
			return;
		}
		attributes.put("immediateFlush", String.valueOf(immediateFlush));
		if (appender.getType() == AppenderType.CONSOLE) {
			attributes.put("target", "SYSTEM_OUT");
			addLayout(this.nodes.add(appenders, "Console", attributes), appender, "console");
			return;
		}
		attributes.put("fileName", appender.getFileName());
		if (UnopenedAppenders.get(name) != null) {
			// Started anyway (appender-start-failure=warn): a stand-in counts what it receives.
			this.nodes.add(appenders, UnopenedFileAppender.PLUGIN_NAME, Map.of("name", name, "fileName",
					appender.getFileName()));
			return;
		}
		if (appender.getType() == AppenderType.FILE) {
			addLayout(this.nodes.add(appenders, "RandomAccessFile", attributes), appender, "file");
			return;
		}
		attributes.put("filePattern", filePattern(appender));
		Node rolling = this.nodes.add(appenders, "RollingRandomAccessFile", attributes);
		addLayout(rolling, appender, "file");
		Node policies = this.nodes.add(rolling, "Policies", Map.of());
		this.nodes.add(policies, "SizeBasedTriggeringPolicy",
				Map.of("size", String.valueOf(appender.getMaxFileSize().toBytes())));
		this.nodes.add(rolling, "DefaultRolloverStrategy", Map.of("max", String.valueOf(appender.getMaxHistory())));
	}

	private void addKafka(Node appenders, Map<String, String> attributes, AsyncLogProperties.Appender appender) {
		attributes.put("topic", appender.getTopic());
		attributes.put("bootstrapServers", appender.getBootstrapServers());
		if (appender.getKey() != null) {
			attributes.put("key", appender.getKey());
		}
		putLane(attributes, appender);
		Node kafka = this.nodes.add(appenders, KafkaAppender.PLUGIN_NAME, attributes);
		if (appender.getFormat() != null) {
			// Spring Boot's own layout, so that logging.structured.* applies as it does to
			// Spring Boot's console and file.
			this.nodes.add(kafka, "StructuredLogLayout", Map.of("format", appender.getFormat(), "charset", "UTF-8"));
		}
		else {
			this.nodes.add(kafka, "PatternLayout", Map.of("pattern", pattern(appender, "file"), "charset", "UTF-8"));
		}
		appender.getProducer()
			.forEach((setting, value) -> this.nodes.add(kafka, "Property", Map.of("name", setting, "value", value)));
	}

	private void addOtlp(Node appenders, Map<String, String> attributes, AsyncLogProperties.Appender appender) {
		OtlpSettings settings = OtlpSettings.of(appender);
		attributes.put("endpoint", settings.endpoint());
		attributes.put("grpc", String.valueOf(settings.grpc()));
		attributes.put("compression", settings.compression());
		attributes.put("timeoutMillis", String.valueOf(settings.timeout().toMillis()));
		putLane(attributes, appender);
		Node otlp = this.nodes.add(appenders, OtlpAppender.PLUGIN_NAME, attributes);
		settings.headers()
			.forEach((name, value) -> this.nodes.add(otlp, "Property",
					Map.of("name", OtlpAppender.HEADER + name, "value", value)));
		settings.resourceAttributes()
			.forEach((key, value) -> this.nodes.add(otlp, "Property",
					Map.of("name", OtlpAppender.RESOURCE + key, "value", value)));
	}

	/** The attributes of a remote appender's lane and spool, and how long its stop may send. */
	private void putLane(Map<String, String> attributes, AsyncLogProperties.Appender appender) {
		attributes.put("closeTimeoutMillis", String.valueOf(this.properties.getShutdownTimeout().toMillis()));
		attributes.put("lane", appender.laneSettings(attributes.get("name")).asText());
	}

	private static String filePattern(AsyncLogProperties.Appender appender) {
		return (appender.getFilePattern() != null) ? appender.getFilePattern()
				: appender.getFileName() + ROLLED_FILE_SUFFIX;
	}

	private void addLayout(Node appender, AsyncLogProperties.Appender properties,
			String kind) {
		this.nodes.add(appender, "PatternLayout",
				Map.of("pattern", pattern(properties, kind), "charset", "${sys:" + kind.toUpperCase() + "_LOG_CHARSET:-UTF-8}"));
	}

	private String pattern(AsyncLogProperties.Appender appender, String kind) {
		if (appender.getPattern() != null) {
			return appender.getPattern();
		}
		String configured = this.environment.getProperty("logging.pattern." + kind);
		if (configured != null) {
			return configured;
		}
		return kind.equals("console") ? DEFAULT_CONSOLE_PATTERN : DEFAULT_FILE_PATTERN;
	}

}
