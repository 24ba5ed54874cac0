package io.asynclog.bothbackends;

import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.logging.LogLevel;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.LiveQueueFullSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What outlives a change made through the {@code asynclog} endpoint, on both backends: not
 * a new start of logging, which runs under the configured values; and the write operations
 * exist only where Spring Boot's access to the endpoint is unrestricted. One application, to
 * keep the class short: the change it starts after is set directly, as an earlier
 * application's endpoint would have set it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LiveControlAccessTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	@Test
	void loggingConfiguredAgainRunsUnderTheConfiguredValuesAndReadOnlyAccessRefusesWrites() throws Exception {
		// As an earlier application of this JVM left it, through its endpoint.
		LiveQueueFullSettings.change(new LiveQueueFullSettings.Values(QueueFullPolicy.DISCARD, LogLevel.WARN));

		try (ConfigurableApplicationContext readOnly = Apps.runWeb(BACKEND.recordingConfig(),
				"management.endpoints.web.exposure.include=asynclog", "management.endpoint.asynclog.access=read-only")) {
			assertThat(LiveQueueFullSettings.live()).as("the change once asynclog configured logging again").isNull();
			HttpResponse<String> view = LiveControlTests.get(readOnly);
			assertThat(view.statusCode()).isEqualTo(200);
			assertThat(view.body()).contains("\"queueFullPolicy\":\"block\"",
					"\"changedAtRunTime\":{\"settings\":{},\"pausedAppenders\":[]}");

			HttpResponse<String> refused = LiveControlTests.post(readOnly, "queue-full-policy",
					"{\"value\":\"discard\"}");
			assertThat(refused.statusCode()).as("a write under read-only access").isEqualTo(404);
			assertThat(LiveControlTests.post(readOnly, "flush", "{}").statusCode()).as("a flush under read-only access")
				.isEqualTo(404);
			assertThat(LiveQueueFullSettings.live()).as("nothing changed").isNull();
		}
	}

}
