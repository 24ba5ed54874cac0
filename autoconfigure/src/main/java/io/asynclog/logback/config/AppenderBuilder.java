package io.asynclog.logback.config;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeAndTimeBasedRollingPolicy;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.spi.ScanException;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import ch.qos.logback.core.util.OptionHelper;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.core.env.Environment;

import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties.AppenderType;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.lane.kafka.KafkaSender;
import io.asynclog.core.lane.otlp.OtlpSender;
import io.asynclog.core.lane.otlp.OtlpSettings;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.logback.appender.CountedFileAppender;
import io.asynclog.logback.appender.CountedFileStream;
import io.asynclog.logback.appender.CountedRollingFileAppender;
import io.asynclog.logback.appender.KafkaAppender;
import io.asynclog.logback.appender.OtlpAppender;
import io.asynclog.logback.appender.UnopenedFileAppender;

/**
 * Builds and starts the appenders declared under {@code asynclog.appenders}; the file
 * appenders write through a {@link CountedFileStream}, so that a failed write is counted.
 *
 * @author asynclog
 */
final class AppenderBuilder {

	/** How often a fixed-window rolling file checks its size (Logback's default is a minute). */
	private static final Duration SIZE_CHECK = Duration.buildByMilliseconds(100);

	private final LoggerContext context;

	private final AsyncLogProperties properties;

	private final Environment environment;

	private final ShutdownDeadline shutdown;

	AppenderBuilder(LoggerContext context, AsyncLogProperties properties, Environment environment,
			ShutdownDeadline shutdown) {
		this.context = context;
		this.properties = properties;
		this.environment = environment;
		this.shutdown = shutdown;
	}

	/**
	 * Builds and starts every asynclog appender; stops those it built if one fails.
	 * @return the started appenders by name
	 * @throws AsyncLogConfigurationException when Logback cannot start one
	 */
	Map<String, Appender<ILoggingEvent>> build() {
		Map<String, Appender<ILoggingEvent>> built = new LinkedHashMap<>();
		try {
			this.properties.getAppenders().forEach((name, appender) -> built.put(name, build(name, appender)));
		}
		catch (RuntimeException ex) {
			built.values().forEach(Appender::stop);
			throw ex;
		}
		return built;
	}

	private Appender<ILoggingEvent> build(String name, AsyncLogProperties.Appender settings) {
		if (settings.getType() == AppenderType.KAFKA) {
			return kafka(name, settings);
		}
		if (settings.getType() == AppenderType.OTLP) {
			return otlp(name, settings);
		}
		if (UnopenedAppenders.get(name) != null) {
			// Started anyway (appender-start-failure=warn): a stand-in counts what it receives.
			UnopenedFileAppender unopened = new UnopenedFileAppender(name, settings.getFileName());
			unopened.setContext(this.context);
			unopened.start();
			return unopened;
		}
		boolean console = settings.getType() == AppenderType.CONSOLE;
		List<OutputStreamAppender<ILoggingEvent>> started = new ArrayList<>(1);
		List<String> errors = watchingErrors(() -> started.add(start(name, settings)));
		OutputStreamAppender<ILoggingEvent> appender = started.get(0);
		if (!appender.isStarted()) {
			appender.stop();
			String property = "asynclog.appenders." + name + (console ? ".type" : ".file-name");
			throw AsyncLogConfigurationException.invalidValue(property,
					console ? "console" : settings.getFileName(),
					"Logback could not start the appender: " + String.join("; ", errors),
					console ? "console, file or rolling-file"
							: "the path of a file the application can create and write to");
		}
		return appender;
	}

	private OutputStreamAppender<ILoggingEvent> start(String name, AsyncLogProperties.Appender settings) {
		String kind = (settings.getType() == AppenderType.CONSOLE) ? "console" : "file";
		OutputStreamAppender<ILoggingEvent> appender = switch (settings.getType()) {
			case CONSOLE -> {
				ConsoleAppender<ILoggingEvent> consoleAppender = new ConsoleAppender<>();
				consoleAppender.setContext(this.context);
				consoleAppender.setTarget("System.out");
				yield consoleAppender;
			}
			case FILE -> {
				FileAppender<ILoggingEvent> file = new CountedFileAppender();
				file.setContext(this.context);
				file.setFile(settings.getFileName());
				yield file;
			}
			case ROLLING_FILE -> rollingFile(settings);
			case KAFKA, OTLP -> throw new IllegalArgumentException("a remote appender writes no stream");
		};
		appender.setName(name);
		appender.setImmediateFlush((settings.getImmediateFlush() != null) ? settings.getImmediateFlush()
				: this.properties.isImmediateFlush());
		appender.setEncoder(encoder(settings, kind));
		appender.start();
		return appender;
	}

	private KafkaAppender kafka(String name, AsyncLogProperties.Appender settings) {
		KafkaSender sender;
		try {
			sender = new KafkaSender(name, settings.getTopic(),
					KafkaSender.producerSettings(settings.getBootstrapServers(), settings.getProducer()));
		}
		catch (RuntimeException ex) {
			throw AsyncLogConfigurationException.invalidValue("asynclog.appenders." + name + ".bootstrap-servers",
					settings.getBootstrapServers(), "Kafka could not create the producer: " + ex.getMessage(),
					"host:port[,host:port...] of brokers, such as 127.0.0.1:9092");
		}
		Layout<ILoggingEvent> key = null;
		byte[] fixedKey = null;
		String keyPattern = settings.getKey();
		if (keyPattern != null && !keyPattern.isEmpty()) {
			if (keyPattern.indexOf('%') < 0 && keyPattern.indexOf('$') < 0) {
				fixedKey = keyPattern.getBytes(StandardCharsets.UTF_8);
			}
			else {
				key = patternLayout(keyPattern);
			}
		}
		KafkaAppender appender = new KafkaAppender(sender, settings.laneSettings(name), kafkaEncoder(settings), key,
				fixedKey, this.shutdown);
		appender.setContext(this.context);
		appender.setName(name);
		appender.start();
		return appender;
	}

	private OtlpAppender otlp(String name, AsyncLogProperties.Appender settings) {
		OtlpSender sender = new OtlpSender(name, OtlpSettings.of(settings));
		OtlpAppender appender = new OtlpAppender(sender, settings.laneSettings(name), this.shutdown);
		appender.setContext(this.context);
		appender.setName(name);
		appender.start();
		return appender;
	}

	private Encoder<ILoggingEvent> kafkaEncoder(AsyncLogProperties.Appender settings) {
		if (settings.getFormat() == null) {
			LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
			encoder.setContext(this.context);
			encoder.setLayout(patternLayout(resolve(pattern(settings, "file"))));
			encoder.setCharset(StandardCharsets.UTF_8);
			encoder.start();
			return encoder;
		}
		// Spring Boot's own encoder, so that logging.structured.* applies as it does to
		// Spring Boot's console and file.
		StructuredLogEncoder encoder = new StructuredLogEncoder();
		encoder.setContext(this.context);
		encoder.setFormat(settings.getFormat());
		encoder.setCharset(StandardCharsets.UTF_8);
		encoder.start();
		return encoder;
	}

	private PatternLayout patternLayout(String pattern) {
		PatternLayout layout = new PatternLayout();
		layout.setContext(this.context);
		SpringBootPatterns.addConversionWords(layout);
		layout.setPattern(pattern);
		layout.start();
		return layout;
	}

	private RollingFileAppender<ILoggingEvent> rollingFile(AsyncLogProperties.Appender settings) {
		RollingFileAppender<ILoggingEvent> rolling = new CountedRollingFileAppender();
		rolling.setContext(this.context);
		rolling.setFile(settings.getFileName());
		String pattern = (settings.getFilePattern() != null) ? settings.getFilePattern()
				: settings.getFileName() + SpringBootPatterns.ROLLED_FILE_SUFFIX;
		FileSize maxFileSize = new FileSize(settings.getMaxFileSize().toBytes());
		if (pattern.contains("%d")) {
			// Spring Boot's own rolling policy: by date and, within a day, by size; max-history
			// counts the periods (days with the default pattern) kept.
			SizeAndTimeBasedRollingPolicy<ILoggingEvent> policy = new SizeAndTimeBasedRollingPolicy<>();
			policy.setContext(this.context);
			policy.setParent(rolling);
			policy.setFileNamePattern(pattern);
			policy.setMaxFileSize(maxFileSize);
			policy.setMaxHistory(settings.getMaxHistory());
			policy.start();
			rolling.setRollingPolicy(policy);
		}
		else {
			// By size alone: max-history counts the rolled files kept, as Log4j2's max does.
			FixedWindowRollingPolicy policy = new FixedWindowRollingPolicy();
			policy.setContext(this.context);
			policy.setParent(rolling);
			policy.setFileNamePattern(pattern);
			policy.setMinIndex(1);
			policy.setMaxIndex(Math.max(1, settings.getMaxHistory()));
			policy.start();
			rolling.setRollingPolicy(policy);
			SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
			trigger.setContext(this.context);
			trigger.setMaxFileSize(maxFileSize);
			trigger.setCheckIncrement(SIZE_CHECK);
			trigger.start();
			rolling.setTriggeringPolicy(trigger);
		}
		return rolling;
	}

	private LayoutWrappingEncoder<ILoggingEvent> encoder(AsyncLogProperties.Appender settings, String kind) {
		LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
		encoder.setContext(this.context);
		encoder.setLayout(patternLayout(resolve(pattern(settings, kind))));
		encoder.setCharset(Charset.forName(resolve("${" + kind.toUpperCase() + "_LOG_CHARSET:-UTF-8}")));
		encoder.start();
		return encoder;
	}

	private String pattern(AsyncLogProperties.Appender settings, String kind) {
		if (settings.getPattern() != null) {
			return settings.getPattern();
		}
		String configured = this.environment.getProperty("logging.pattern." + kind);
		if (configured != null) {
			return configured;
		}
		return kind.equals("console") ? SpringBootPatterns.CONSOLE : SpringBootPatterns.FILE;
	}

	/** Substitutes {@code ${...}} as a Logback configuration file would. */
	private String resolve(String value) {
		try {
			return OptionHelper.substVars(value, this.context);
		}
		catch (ScanException ex) {
			throw new IllegalStateException("asynclog: cannot substitute the variables of '" + value + "'", ex);
		}
	}

	/** Runs an action and returns the errors Logback reported during it. */
	private List<String> watchingErrors(Runnable action) {
		List<String> errors = new ArrayList<>();
		StatusListener listener = (status) -> {
			if (status.getLevel() >= Status.ERROR) {
				Throwable cause = status.getThrowable();
				errors.add((cause != null) ? status.getMessage() + " (" + cause + ")" : status.getMessage());
			}
		};
		this.context.getStatusManager().add(listener);
		try {
			action.run();
		}
		finally {
			this.context.getStatusManager().remove(listener);
		}
		return errors;
	}

}
