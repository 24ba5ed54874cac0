package io.asynclog.autoconfigure.endpoint;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AsyncLogDescriptor;
import io.asynclog.bothbackends.Apps;
import io.asynclog.bothbackends.BackendUnderTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 'asynclog' endpoint of a real application in async-appender mode, on either backend:
 * one queue per appender, named after it, of the configured size: Log4j2's own
 * AsyncAppender, a blocking queue, or asynclog's ring on Logback (docs/observability.md).
 * What else both backends show alike is tested in
 * {@code bothbackends.ObservabilityParityTests}.
 */
class AsyncLogEndpointTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	@Test
	void asyncAppenderQueuesAreNamedAfterTheAppenderTheyFeed() {
		try (ConfigurableApplicationContext context = Apps.run("management.endpoints.web.exposure.include=asynclog",
				"asynclog.mode=async-appender", "asynclog.async-appender.buffer-size=256")) {
			AsyncLogDescriptor descriptor = context.getBean(AsyncLogEndpoint.class).asyncLog();
			assertThat(descriptor.backend()).isEqualTo(BACKEND.backendName());
			assertThat(descriptor.mode()).isEqualTo("async-appender");
			assertThat(descriptor.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo(BACKEND.springBootConsole());
				assertThat(queue.type()).isEqualTo((BACKEND == BackendUnderTest.LOG4J2) ? "blocking-queue" : "ring-buffer");
				assertThat(queue.capacity()).isEqualTo(256);
			});
			assertThat(descriptor.appenders()).singleElement().satisfies((appender) -> {
				assertThat(appender.name()).isEqualTo(BACKEND.springBootConsole());
				assertThat(appender.async()).isTrue();
			});
		}
	}

}
