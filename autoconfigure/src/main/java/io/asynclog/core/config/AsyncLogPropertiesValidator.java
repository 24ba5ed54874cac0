package io.asynclog.core.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.logging.LogFile;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;

import io.asynclog.core.appender.UnopenedAppenders.Unopened;

/**
 * Checks {@code asynclog.*} before logging is configured, so that bad input stops start-up
 * with a message naming the property, the value and what is accepted. Type errors stop the
 * binding before this runs ({@code AsyncLogBindFailureAnalyzer}); the syntax of a layout
 * pattern is the backend's {@link PatternSyntax}.
 *
 * @author asynclog
 */
public final class AsyncLogPropertiesValidator {

	private static final List<String> APPENDER_SETTINGS = settingsOf(AsyncLogProperties.Appender.class);

	private static final List<String> LOGGER_SETTINGS = settingsOf(AsyncLogProperties.Logger.class);

	private final Environment environment;

	private final PatternSyntax patterns;

	private AsyncLogProperties.AppenderStartFailure appenderStartFailure;

	private final Map<String, Unopened> unopened = new LinkedHashMap<>();

	private final Map<AsyncLogProperties.AppenderType, DestinationCheck> destinations = new EnumMap<>(
			AsyncLogProperties.AppenderType.class);

	/**
	 * Creates a validator.
	 * @param environment the Spring environment the properties were bound from
	 */
	public AsyncLogPropertiesValidator(Environment environment, PatternSyntax patterns) {
		this.environment = environment;
		this.patterns = patterns;
		SpringFactoriesLoader.forDefaultResourceLocation(AsyncLogPropertiesValidator.class.getClassLoader())
			.load(DestinationCheck.class)
			.forEach((check) -> this.destinations.put(check.type(), check));
	}

	/**
	 * Checks every setting.
	 * @return the appenders whose file does not open and that start anyway
	 * ({@code asynclog.appender-start-failure=warn}), by name
	 * @throws AsyncLogConfigurationException naming the first bad property, its value and
	 * what is accepted
	 */
	public Map<String, Unopened> validate(AsyncLogProperties properties) {
		this.unopened.clear();
		this.appenderStartFailure = properties.getAppenderStartFailure();
		if (this.appenderStartFailure == null) {
			throw invalidValue("asynclog.appender-start-failure", "", "it says what start-up does when an"
					+ " appender cannot open its file", "fail (stop start-up) or warn (start with the health DOWN)");
		}
		if (properties.getRingBufferSize() != null
				&& properties.getRingBufferSize() < AsyncLogProperties.MIN_RING_BUFFER_SIZE) {
			throw invalidValue("asynclog.ring-buffer-size",
					properties.getRingBufferSize(), "a ring buffer needs at least 128 slots",
					"a whole number of at least 128; it is rounded up to a power of two");
		}
		Duration waitTimeout = properties.getWaitTimeout();
		if (waitTimeout == null || waitTimeout.toMillis() < 1) {
			throw invalidValue("asynclog.wait-timeout", waitTimeout,
					"the background thread needs a wait of at least one millisecond",
					"a duration of at least 1ms, such as 10ms");
		}
		Duration shutdownTimeout = properties.getShutdownTimeout();
		if (shutdownTimeout == null || shutdownTimeout.isNegative()) {
			throw invalidValue("asynclog.shutdown-timeout", shutdownTimeout,
					"shutdown cannot wait a negative time", "a duration of zero or more, such as 10s");
		}
		if (properties.getAsyncAppender().getBufferSize() < 1) {
			throw invalidValue("asynclog.async-appender.buffer-size",
					properties.getAsyncAppender().getBufferSize(), "an AsyncAppender needs at least one slot",
					"a whole number of at least 1");
		}
		validateMetricsAndHealth(properties);
		validateSettingNames("appenders", "an appender", APPENDER_SETTINGS);
		properties.getAppenders().forEach(this::validateAppender);
		// A dotted logger name splits into what looks like unknown settings: the bracket
		// advice is the more helpful message.
		validateLoggerNames();
		validateSettingNames("loggers", "a logger", LOGGER_SETTINGS);
		properties.getLoggers().forEach(this::validateLogger);
		validateSpringBootLogFile();
		return new LinkedHashMap<>(this.unopened);
	}

	private void validateMetricsAndHealth(AsyncLogProperties properties) {
		Duration peakWindow = properties.getMetrics().getPeakWindow();
		if (peakWindow == null || peakWindow.compareTo(Duration.ofSeconds(1)) < 0) {
			throw invalidValue("asynclog.metrics.peak-window", peakWindow,
					"queues are sampled every 100 ms, so a shorter window would hold too few samples",
					"a duration of at least 1s, such as 1m");
		}
		AsyncLogProperties.Health health = properties.getHealth();
		if (!(health.getFillThreshold() > 0 && health.getFillThreshold() <= 1)) {
			throw invalidValue("asynclog.health.fill-threshold",
					health.getFillThreshold(), "the threshold is a share of the queue's slots",
					"a number above 0 and at most 1, such as 0.9 for 90%");
		}
		if (health.getFillDuration() == null || health.getFillDuration().isNegative()) {
			throw invalidValue("asynclog.health.fill-duration",
					health.getFillDuration(), "a queue cannot stay full for a negative time",
					"a duration of zero or more, such as 10s");
		}
		if (health.getDropWindow() == null || health.getDropWindow().isNegative()) {
			throw invalidValue("asynclog.health.drop-window", health.getDropWindow(),
					"a window cannot be negative", "a duration of zero or more, such as 1m; 0 ignores drops");
		}
		if (health.getShippingStall() == null || health.getShippingStall().isNegative()) {
			throw invalidValue("asynclog.health.shipping-stall", health.getShippingStall(),
					"records cannot wait for a negative time",
					"a duration of zero or more, such as 10s; 0 ignores records waiting for the broker");
		}
	}

	private void validateAppender(String name, AsyncLogProperties.Appender appender) {
		String prefix = "asynclog.appenders." + name + ".";
		if (appender.getType() == null) {
			throw AsyncLogConfigurationException.invalidValue(prefix + "type", "",
					"every appender needs a type", "console, file, rolling-file, kafka or otlp");
		}
		DestinationCheck destination = this.destinations.get(appender.getType());
		if (destination != null) {
			destination.check(prefix, appender, this.patterns);
			validateLane(prefix, appender);
		}
		if (appender.isFileType()) {
			if (appender.getFileName() == null || appender.getFileName().isBlank()) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "file-name", "",
						"a " + AsyncLogProperties.kebabCase(appender.getType()) + " appender needs a file",
						"the path of the log file, such as logs/app.log");
			}
			checkFileOpens(name, appender);
		}
		if (appender.getMaxFileSize() == null || appender.getMaxFileSize().toBytes() < 1) {
			throw invalidValue(prefix + "max-file-size", appender.getMaxFileSize(),
					"a file must be allowed to hold at least one byte", "a positive size, such as 10MB");
		}
		if (appender.getMaxHistory() < 1) {
			// 0 meant three things: Log4j2 replaces it with 7, Logback keeps every file with %d, one with %i.
			throw invalidValue(prefix + "max-history", appender.getMaxHistory(),
					"at least one rolled file must be kept", "a whole number of 1 or more");
		}
		if (appender.getPattern() != null) {
			String problem = this.patterns.problem(appender.getPattern());
			if (problem != null) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "pattern", appender.getPattern(),
						this.patterns.library() + " rejects it: " + problem, this.patterns.accepted());
			}
		}
	}

	/**
	 * Spring Boot's binder ignores a key that matches no setting, so a typo such as
	 * {@code asynclog.appenders.main.file-nme} would vanish without a word, or surface later
	 * as a misleading 'needs a file'.
	 */
	private void validateSettingNames(String group, String owner, List<String> settings) {
		List<String> known = settings.stream()
			.map((setting) -> ConfigurationPropertyName.of(setting).getElement(0, Form.UNIFORM))
			.toList();
		forEachPropertyUnder(AsyncLogProperties.PREFIX + "." + group, (name, value) -> {
			// asynclog . group . [name] . setting
			if (name.getNumberOfElements() >= 4 && !known.contains(name.getElement(3, Form.UNIFORM))) {
				String setting = name.getElement(3, Form.ORIGINAL);
				throw AsyncLogConfigurationException.unknownProperty(name.toString(), value,
						owner + " has no setting '" + setting + "', so it would be ignored",
						"The settings under '" + name.chop(3) + "' are " + String.join(", ", settings));
			}
		});
	}

	private void validateLane(String prefix, AsyncLogProperties.Appender appender) {
		AsyncLogProperties.Lane lane = appender.getLane();
		if (lane.getCapacity() < 1) {
			throw invalidValue(prefix + "lane.capacity", lane.getCapacity(), "a lane needs room for one record",
					"a whole number of at least 1, such as 8192");
		}
		if (lane.getMaxSize() == null || lane.getMaxSize().toBytes() < 1) {
			throw invalidValue(prefix + "lane.max-size", lane.getMaxSize(), "a lane needs room for one record",
					"a positive size, such as 8MB");
		}
		AsyncLogProperties.Spool spool = appender.getSpool();
		if (spool.getMaxSize() == null || spool.getMaxSize().toMegabytes() < 1) {
			throw invalidValue(prefix + "spool.max-size", spool.getMaxSize(),
					"a spool smaller than a megabyte holds too little of an outage to be worth its files",
					"a size of at least 1MB, such as 1GB");
		}
		if (spool.isEnabled()) {
			String name = prefix.substring("asynclog.appenders.".length(), prefix.length() - 1);
			Path directory = spool.directory(name);
			String problem = SpoolDirectoryCheck.problem(directory);
			if (problem != null) {
				throw AsyncLogConfigurationException.invalidValue(prefix + "spool.directory", directory.toString(),
						directory.toAbsolutePath() + ": " + problem,
						"a directory this application alone can create and write, or " + prefix
								+ "spool.enabled=false to keep no records on disk");
			}
		}
	}

	/**
	 * Spring Boot binds {@code asynclog.loggers.com.example.audit.mode} to a logger named
	 * 'com' with no settings, which it then drops: without this check the override would
	 * vanish without a word.
	 */
	private void validateLoggerNames() {
		forEachPropertyUnder(AsyncLogProperties.PREFIX + ".loggers", (name, value) -> {
			// asynclog . loggers . [name] . field, and an index for an appenders list
			int elements = name.getNumberOfElements();
			boolean indexed = name.isNumericIndex(elements - 1);
			if (elements > 5 || (elements == 5 && !indexed)) {
				int fieldIndex = indexed ? elements - 2 : elements - 1;
				StringBuilder loggerName = new StringBuilder();
				for (int i = 2; i < fieldIndex; i++) {
					loggerName.append((i > 2) ? "." : "").append(name.getElement(i, Form.ORIGINAL));
				}
				throw AsyncLogConfigurationException.invalidValue(name.toString(), value,
						"a logger name with dots must be written in brackets",
						"the logger's name in brackets: asynclog.loggers[" + loggerName + "]."
								+ name.getElement(fieldIndex, Form.ORIGINAL)
								+ " (in YAML, a key \"[" + loggerName + "]\")");
			}
		});
	}

	/**
	 * Calls the action for every property set under the prefix, with its value as written.
	 * The bound properties cannot tell what was set but ignored.
	 */
	private void forEachPropertyUnder(String prefix, BiConsumer<ConfigurationPropertyName, Object> action) {
		ConfigurationPropertyName parent = ConfigurationPropertyName.of(prefix);
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(this.environment)) {
			if (source instanceof IterableConfigurationPropertySource iterable) {
				iterable.filter(parent::isAncestorOf)
					.forEach((name) -> action.accept(name, source.getConfigurationProperty(name).getValue()));
			}
		}
	}

	private void validateLogger(String name, AsyncLogProperties.Logger logger) {
		if (logger.isEmpty()) {
			throw AsyncLogConfigurationException.invalidValue("asynclog.loggers." + name, "(nothing)",
					"no mode, appenders or additivity is set for logger '" + name + "'",
					"mode, appenders and additivity under the logger's name, such as"
							+ " asynclog.loggers[com.example.audit].mode=sync");
		}
	}

	/**
	 * Creates the exception with the value as the user wrote it: a bound Duration shows
	 * as 'PT-0.005S' where '-5ms' was written.
	 */
	private AsyncLogConfigurationException invalidValue(String property, Object bound, String problem,
			String accepted) {
		ConfigurationPropertyName name = ConfigurationPropertyName.adapt(property, '.');
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(this.environment)) {
			ConfigurationProperty written = source.getConfigurationProperty(name);
			if (written != null) {
				return AsyncLogConfigurationException.invalidValue(property, written.getValue(), problem, accepted);
			}
		}
		return AsyncLogConfigurationException.invalidValue(property, bound, problem, accepted);
	}

	/**
	 * Opens the file as the appender will; with {@code appender-start-failure=warn} a file
	 * that does not open is remembered for the backend and the health instead of stopping
	 * start-up.
	 */
	private void checkFileOpens(String name, AsyncLogProperties.Appender appender) {
		String reason = FileTargetCheck.whyCannotOpen(appender.getFileName());
		if (reason == null) {
			return;
		}
		String property = "asynclog.appenders." + name + ".file-name";
		String type = AsyncLogProperties.kebabCase(appender.getType());
		if (this.appenderStartFailure == AsyncLogProperties.AppenderStartFailure.WARN) {
			this.unopened.put(name, new Unopened(name, type, property, appender.getFileName(), reason));
			return;
		}
		throw AsyncLogConfigurationException.cannotOpen(property, type + " appender '" + name + "'",
				appender.getFileName(), reason, "asynclog.appender-start-failure=warn");
	}

	/**
	 * Spring Boot's own file always stops start-up when it cannot open: on Logback Spring
	 * Boot stops it itself, and asynclog keeps both backends alike.
	 */
	private void validateSpringBootLogFile() {
		LogFile logFile = LogFile.get(this.environment);
		if (logFile != null) {
			String property = this.environment.containsProperty(LogFile.FILE_NAME_PROPERTY) ? LogFile.FILE_NAME_PROPERTY
					: LogFile.FILE_PATH_PROPERTY;
			String reason = FileTargetCheck.whyCannotOpen(logFile.toString());
			if (reason != null) {
				throw AsyncLogConfigurationException.cannotOpen(property, "Spring Boot file appender", logFile.toString(),
						reason, null);
			}
		}
	}

	/** The keys Spring Boot binds to the given class: its properties with a setter, in kebab-case. */
	private static List<String> settingsOf(Class<?> type) {
		return Arrays.stream(BeanUtils.getPropertyDescriptors(type))
			// Nested groups (an appender's lane and spool) have a getter only.
			.filter((property) -> property.getWriteMethod() != null
					|| property.getPropertyType().getEnclosingClass() == AsyncLogProperties.class)
			.map((property) -> DataObjectPropertyName.toDashedForm(property.getName()))
			.sorted()
			.toList();
	}

	/** Checks a layout pattern in the syntax of the logging library that runs. */
	public interface PatternSyntax {

		/** The library's name for messages, such as {@code Log4j2}. */
		String library();

		/** The library's complaint about a pattern, or {@code null} if it accepts it. */
		String problem(String pattern);

		/** Describes what is accepted, with an example. */
		String accepted();

	}

}
