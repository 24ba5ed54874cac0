package io.asynclog.core.lane.otlp;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogProperties.Transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An otlp appender's settings as the sender gets them: gRPC only when asked for, the rest as
 * bound, and headers and resource attributes fixed when the appender is built.
 */
class OtlpSettingsTests {

	@Test
	void theSettingsAreTheAppendersAsBound() {
		AsyncLogProperties.Appender appender = appender(Transport.HTTP);
		assertThat(OtlpSettings.of(appender)).isEqualTo(new OtlpSettings("http://127.0.0.1:4318/v1/logs", false,
				Map.of("authorization", "Bearer abc"), "gzip", Duration.ofSeconds(3), Map.of("service.name", "shop")));
	}

	@Test
	void grpcOnlyWhenItsTransportIsGrpc() {
		assertThat(OtlpSettings.of(appender(Transport.GRPC)).grpc()).isTrue();
		assertThat(OtlpSettings.of(appender(Transport.HTTP)).grpc()).isFalse();
		assertThat(OtlpSettings.of(appender(null)).grpc()).as("no transport set").isFalse();
	}

	@Test
	void headersAndResourceAttributesAreFixedWhenTheSettingsAreMade() {
		AsyncLogProperties.Appender appender = appender(Transport.HTTP);
		OtlpSettings settings = OtlpSettings.of(appender);
		appender.getHeaders().put("x-later", "later");
		appender.getResourceAttributes().put("service.version", "2");
		assertThat(settings.headers()).containsOnlyKeys("authorization");
		assertThat(settings.resourceAttributes()).containsOnlyKeys("service.name");
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> settings.headers().put("x-other", "other"));
	}

	private static AsyncLogProperties.Appender appender(Transport transport) {
		AsyncLogProperties.Appender appender = new AsyncLogProperties.Appender();
		appender.setType(AsyncLogProperties.AppenderType.OTLP);
		appender.setEndpoint("http://127.0.0.1:4318/v1/logs");
		appender.setTransport(transport);
		appender.getHeaders().put("authorization", "Bearer abc");
		appender.setCompression("gzip");
		appender.setTimeout(Duration.ofSeconds(3));
		appender.getResourceAttributes().put("service.name", "shop");
		return appender;
	}

}
