package io.asynclog.core.lane.otlp;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogPropertiesValidator.PatternSyntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * An {@code otlp} appender's start-up check, one rejection at a time, with the message a user
 * reads. The settings are as binding leaves them, with Spring Boot's defaults applied
 * (compression and timeout set). No collector: OpenTelemetry's builder only checks them.
 */
class OtlpSettingsCheckTests {

	private static final String PREFIX = "asynclog.appenders.o.";

	private static final PatternSyntax NO_PATTERNS = new PatternSyntax() {

		@Override
		public String library() {
			return "Log4j2";
		}

		@Override
		public String problem(String pattern) {
			return null;
		}

		@Override
		public String accepted() {
			return "a pattern";
		}

	};

	private final OtlpSettingsCheck check = new OtlpSettingsCheck();

	@Test
	void anHttpEndpointIsEnough() {
		assertThatNoException().isThrownBy(() -> this.check.check(PREFIX, valid(), NO_PATTERNS));
		AsyncLogProperties.Appender appender = valid();
		appender.setCompression("gzip");
		appender.getHeaders().put("authorization", "Bearer abc");
		assertThatNoException().isThrownBy(() -> this.check.check(PREFIX, appender, NO_PATTERNS));
	}

	@Test
	void theEndpointMustBeAnHttpUrlWithAHost() {
		AsyncLogProperties.Appender appender = valid();
		appender.setEndpoint(null);
		assertThat(rejection(appender)).isEqualTo("Invalid value '' for property 'asynclog.appenders.o.endpoint':"
				+ " an otlp appender needs the endpoint its records go to, and"
				+ " management.opentelemetry.logging.export.otlp.endpoint is not set either.");
		appender.setEndpoint("ftp://collector/v1/logs");
		assertThat(rejection(appender)).isEqualTo("Invalid value 'ftp://collector/v1/logs' for property"
				+ " 'asynclog.appenders.o.endpoint': it is not an http or https URL with a host.");
	}

	@Test
	void aKafkaSettingHasNoMeaningHere() {
		AsyncLogProperties.Appender appender = valid();
		appender.setTopic("app-logs");
		AsyncLogConfigurationException exception = exception(appender);
		assertThat(exception.getMessage()).startsWith("Invalid value 'app-logs' for property 'asynclog.appenders.o.topic':")
			.endsWith("and has no topic.");
		assertThat(exception.getAction()).contains("endpoint, transport, headers, compression, timeout");
	}

	@Test
	void compressionTimeoutAndHeaderNamesAreChecked() {
		AsyncLogProperties.Appender appender = valid();
		appender.setCompression("zstd");
		assertThat(rejection(appender)).isEqualTo("Invalid value 'zstd' for property"
				+ " 'asynclog.appenders.o.compression': OpenTelemetry's exporter does not know it.");
		appender.setCompression("none");
		appender.setTimeout(Duration.ZERO);
		assertThat(rejection(appender)).isEqualTo("Invalid value '0ms' for property 'asynclog.appenders.o.timeout':"
				+ " an export needs time to be answered.");
		appender.setTimeout(Duration.ofSeconds(10));
		appender.getHeaders().put("x api key", "secret");
		assertThat(rejection(appender)).isEqualTo("Invalid value 'secret' for property"
				+ " 'asynclog.appenders.o.headers.[x api key]': 'x api key' is not an HTTP header name.");
	}

	private static AsyncLogProperties.Appender valid() {
		AsyncLogProperties.Appender appender = new AsyncLogProperties.Appender();
		appender.setType(AsyncLogProperties.AppenderType.OTLP);
		appender.setEndpoint("http://127.0.0.1:4318/v1/logs");
		appender.setCompression("none");
		appender.setTimeout(Duration.ofSeconds(10));
		return appender;
	}

	private String rejection(AsyncLogProperties.Appender appender) {
		return exception(appender).getMessage();
	}

	private AsyncLogConfigurationException exception(AsyncLogProperties.Appender appender) {
		AsyncLogConfigurationException exception = catchThrowableOfType(AsyncLogConfigurationException.class,
				() -> this.check.check(PREFIX, appender, NO_PATTERNS));
		assertThat(exception).as("a rejection").isNotNull();
		return exception;
	}

}
