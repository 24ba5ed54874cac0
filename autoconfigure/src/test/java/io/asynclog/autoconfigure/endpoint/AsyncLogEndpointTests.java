package io.asynclog.autoconfigure.endpoint;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.TestApplications;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AsyncLogDescriptor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 'asynclog' endpoint of a real application on Log4j2 in async-appender mode: one queue per
 * appender, named after it (Log4j2's own AsyncAppender, a blocking queue). What both backends
 * show alike is tested in {@code bothbackends.ObservabilityParityTests}.
 */
class AsyncLogEndpointTests {

	@Test
	void asyncAppenderQueuesAreNamedAfterTheAppenderTheyFeed() {
		try (ConfigurableApplicationContext context = TestApplications.run(
				"management.endpoints.web.exposure.include=asynclog", "asynclog.mode=async-appender",
				"asynclog.async-appender.buffer-size=256")) {
			AsyncLogDescriptor descriptor = context.getBean(AsyncLogEndpoint.class).asyncLog();
			assertThat(descriptor.mode()).isEqualTo("async-appender");
			assertThat(descriptor.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo("Console");
				assertThat(queue.type()).isEqualTo("blocking-queue");
				assertThat(queue.capacity()).isEqualTo(256);
			});
			assertThat(descriptor.appenders()).singleElement().satisfies((appender) -> {
				assertThat(appender.name()).isEqualTo("Console");
				assertThat(appender.async()).isTrue();
			});
		}
	}

}
