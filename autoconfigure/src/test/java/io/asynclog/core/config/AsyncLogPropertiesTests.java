package io.asynclog.core.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.util.unit.DataSize;

import io.asynclog.core.config.AsyncLogProperties.Appender;
import io.asynclog.core.config.AsyncLogProperties.AppenderType;
import io.asynclog.core.config.AsyncLogProperties.LoggerMode;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties.Transport;
import io.asynclog.core.lane.Lane;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the properties model derives beyond its plain values: names as properties write them,
 * the ring's size against the backend's default, the appenders the root logger writes to, a
 * remote appender's lane settings and spool directory, the kinds of appender, an empty logger
 * entry, and Spring Boot's OpenTelemetry defaults applied to otlp appenders alone.
 */
class AsyncLogPropertiesTests {

	@Test
	void anEnumIsWrittenAsPropertiesWriteIt() {
		assertThat(AsyncLogProperties.kebabCase(Mode.ASYNC_LOGGER)).isEqualTo("async-logger");
		assertThat(AsyncLogProperties.kebabCase(Mode.SYNC)).isEqualTo("sync");
		assertThat(AsyncLogProperties.kebabCase(LogLevel.INFO)).isEqualTo("info");
	}

	@Test
	void anEnumIsWrittenTheSameWhateverTheDefaultLocale() {
		Locale before = Locale.getDefault();
		// Turkish lower-cases a dotted capital I to a dotless one.
		Locale.setDefault(Locale.forLanguageTag("tr-TR"));
		try {
			assertThat(AsyncLogProperties.kebabCase(AppenderType.ROLLING_FILE)).isEqualTo("rolling-file");
		}
		finally {
			Locale.setDefault(before);
		}
	}

	@Test
	void theRingHasTheBackendsDefaultSizeUnlessOneIsSet() {
		AsyncLogProperties properties = new AsyncLogProperties();
		assertThat(properties.ringBufferSize(4096)).isEqualTo(4096);
		properties.setRingBufferSize(256);
		assertThat(properties.ringBufferSize(4096)).isEqualTo(256);
	}

	@Test
	void theRootWritesToTheAppendersNoOtherLoggerClaimsInDeclarationOrder() {
		AsyncLogProperties properties = new AsyncLogProperties();
		for (String name : List.of("main", "audit", "ship", "json")) {
			properties.getAppenders().put(name, new Appender());
		}
		properties.getLoggers().put("com.example.audit", logger(List.of("audit")));
		properties.getLoggers().put("com.example.ship", logger(List.of("ship", "Console")));
		// The root's own list is its exact set, not a claim that takes appenders from it.
		properties.getLoggers().put("ROOT", logger(List.of("main", "json")));
		AsyncLogProperties.Logger modeOnly = new AsyncLogProperties.Logger();
		modeOnly.setMode(LoggerMode.SYNC);
		properties.getLoggers().put("com.example.sync", modeOnly);
		assertThat(properties.appendersNoLoggerClaims()).containsExactly("main", "json");
	}

	@Test
	void withoutLoggersTheRootWritesToEveryAppender() {
		AsyncLogProperties properties = new AsyncLogProperties();
		properties.getAppenders().put("main", new Appender());
		properties.getAppenders().put("audit", new Appender());
		assertThat(properties.appendersNoLoggerClaims()).containsExactly("main", "audit");
	}

	@Test
	void aRemoteAppendersLaneSettingsComeFromItsLaneAndSpool() {
		Appender appender = new Appender();
		appender.getLane().setCapacity(1000);
		appender.getLane().setMaxSize(DataSize.ofKilobytes(64));
		appender.getSpool().setMaxSize(DataSize.ofMegabytes(2));
		assertThat(appender.laneSettings("ship"))
			.isEqualTo(new Lane.Settings(1000, 64 * 1024, Path.of("asynclog-spool/ship"), 2 * 1024 * 1024));
		appender.getSpool().setDirectory("/var/spool/app");
		assertThat(appender.laneSettings("ship").spoolDirectory()).isEqualTo(Path.of("/var/spool/app"));
	}

	@Test
	void aRemoteAppenderWithItsSpoolOffHasNoSpoolDirectory() {
		Appender appender = new Appender();
		appender.getSpool().setEnabled(false);
		appender.getSpool().setDirectory("/var/spool/app");
		Lane.Settings settings = appender.laneSettings("ship");
		assertThat(settings.spoolDirectory()).isNull();
		assertThat(settings.capacity()).isEqualTo(65536);
		assertThat(settings.maxBytes()).isEqualTo(16 * 1024 * 1024);
	}

	@Test
	void theSpoolDirectoryIsNamedAfterTheAppenderUnlessOneIsSet() {
		AsyncLogProperties.Spool spool = new AsyncLogProperties.Spool();
		assertThat(spool.directory("ship")).isEqualTo(Path.of("asynclog-spool", "ship"));
		spool.setDirectory("spools/shared");
		assertThat(spool.directory("ship")).isEqualTo(Path.of("spools/shared"));
	}

	@Test
	void kafkaAndOtlpAppendersAreRemoteAndFileAppendersWriteFiles() {
		assertThat(List.of(AppenderType.values())).filteredOn((type) -> appender(type).isRemoteType())
			.containsExactlyInAnyOrder(AppenderType.KAFKA, AppenderType.OTLP);
		assertThat(List.of(AppenderType.values())).filteredOn((type) -> appender(type).isFileType())
			.containsExactlyInAnyOrder(AppenderType.FILE, AppenderType.ROLLING_FILE);
		assertThat(new Appender().isRemoteType()).as("no type set").isFalse();
		assertThat(new Appender().isFileType()).as("no type set").isFalse();
	}

	@Test
	void aLoggerIsEmptyOnlyWithNothingSet() {
		assertThat(new AsyncLogProperties.Logger().isEmpty()).isTrue();
		AsyncLogProperties.Logger mode = new AsyncLogProperties.Logger();
		mode.setMode(LoggerMode.ASYNC);
		AsyncLogProperties.Logger additivity = new AsyncLogProperties.Logger();
		additivity.setAdditivity(false);
		assertThat(mode.isEmpty()).isFalse();
		assertThat(logger(List.of()).isEmpty()).as("an empty list of appenders is set").isFalse();
		assertThat(additivity.isEmpty()).isFalse();
	}

	@Test
	void bindingNothingGivesTheDefaults() {
		AsyncLogProperties properties = AsyncLogProperties.bind(new MockEnvironment());
		assertThat(properties.isEnabled()).isTrue();
		assertThat(properties.getMode()).isEqualTo(Mode.ASYNC_LOGGER);
		assertThat(properties.getAppenders()).isEmpty();
	}

	@Test
	void bindingAppliesSpringBootsOpenTelemetryDefaultsToOtlpAppendersAlone() {
		MockEnvironment environment = new MockEnvironment()
			.withProperty("management.opentelemetry.logging.export.otlp.endpoint", "http://collector:4318/v1/logs")
			.withProperty("spring.application.name", "shop")
			.withProperty("asynclog.appenders.otel.type", "otlp")
			.withProperty("asynclog.appenders.traces.type", "otlp")
			.withProperty("asynclog.appenders.traces.endpoint", "http://own:4318/v1/logs")
			.withProperty("asynclog.appenders.ship.type", "kafka")
			.withProperty("asynclog.appenders.ship.topic", "logs");
		AsyncLogProperties properties = AsyncLogProperties.bind(environment);
		Appender otel = properties.getAppenders().get("otel");
		assertThat(otel.getEndpoint()).isEqualTo("http://collector:4318/v1/logs");
		assertThat(otel.getTransport()).isEqualTo(Transport.HTTP);
		assertThat(otel.getResourceAttributes()).containsEntry("service.name", "shop");
		assertThat(properties.getAppenders().get("traces").getEndpoint()).isEqualTo("http://own:4318/v1/logs");
		assertThat(properties.getAppenders().get("traces").getTransport()).isEqualTo(Transport.HTTP);
		Appender ship = properties.getAppenders().get("ship");
		assertThat(ship.getEndpoint()).isNull();
		assertThat(ship.getTransport()).isNull();
		assertThat(ship.getResourceAttributes()).isEmpty();
	}

	private static AsyncLogProperties.Logger logger(List<String> appenders) {
		AsyncLogProperties.Logger logger = new AsyncLogProperties.Logger();
		logger.setAppenders(appenders);
		return logger;
	}

	private static Appender appender(AppenderType type) {
		Appender appender = new Appender();
		appender.setType(type);
		return appender;
	}

}
