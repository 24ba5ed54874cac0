package io.asynclog.bothbackends;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.LiveQueueFullSettings;
import io.asynclog.fixtures.LoopbackOtlp;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What outlives a change made through the {@code asynclog} endpoint, on both backends: not
 * a new start of logging, which runs under the configured values; and the write operations
 * exist only once the endpoint's access is granted: exposing it is not enough. One application, to
 * keep the class short: the change it starts after is set directly, as an earlier
 * application's endpoint would have set it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LiveControlAccessTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	@Test
	void loggingConfiguredAgainRunsUnderTheConfiguredValuesAndAnExposedEndpointRefusesWrites() throws Exception {
		// As an earlier application of this JVM left it, through its endpoint.
		LiveQueueFullSettings.change(new LiveQueueFullSettings.Values(QueueFullPolicy.DISCARD, LogLevel.WARN));

		Path spools = Files.createTempDirectory("live-control-access");
		try (LoopbackOtlp receiver = LoopbackOtlp.http();
				ConfigurableApplicationContext exposed = Apps.runWeb(BACKEND.recordingConfig(),
						"asynclog.appenders.ship.type=otlp", "asynclog.appenders.ship.endpoint=" + receiver.endpoint(),
						"asynclog.appenders.ship.spool.directory=" + spools.resolve("ship"),
						"asynclog.loggers.shipping.appenders=ship", "asynclog.loggers.shipping.additivity=false",
						"management.endpoints.web.exposure.include=asynclog")) {
			assertThat(LiveQueueFullSettings.live()).as("the change once asynclog configured logging again").isNull();
			assertThat(LiveControlTests.get(exposed).statusCode()).isEqualTo(200);

			// Exposed and nothing else set: reading only, as for Spring Boot's shutdown endpoint.
			Map<String, String> writes = Map.of("queue-full-policy", "{\"value\":\"discard\"}", "discard-threshold",
					"{\"value\":\"error\"}", "flush", "{}", "appenders/ship", "{\"shipping\":\"paused\"}");
			writes.forEach((path, body) -> assertThat(post(exposed, path, body)).as("POST %s", path).isEqualTo(404));

			assertThat(LiveQueueFullSettings.live()).as("nothing changed").isNull();
			HttpResponse<String> view = LiveControlTests.get(exposed);
			assertThat(view.body()).contains("\"queueFullPolicy\":\"block\"", "\"discardThreshold\":\"info\"",
					"\"changedAtRunTime\":{\"settings\":{},\"pausedAppenders\":[]}");
		}
	}

	private static int post(ConfigurableApplicationContext application, String path, String json) {
		try {
			return LiveControlTests.post(application, path, json).statusCode();
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
