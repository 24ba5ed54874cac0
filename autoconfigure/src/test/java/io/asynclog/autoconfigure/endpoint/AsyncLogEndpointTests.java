package io.asynclog.autoconfigure.endpoint;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.RecordingAppender;
import io.asynclog.TestApplications;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AppenderDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.AsyncLogDescriptor;
import io.asynclog.autoconfigure.endpoint.AsyncLogEndpoint.QueueDescriptor;
import io.asynclog.autoconfigure.health.AsyncLogHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The 'asynclog' endpoint and health of real applications: the settings that run, the
 * appenders with their files, and queues whose reading follows a queue that fills.
 */
class AsyncLogEndpointTests {

	@TempDir
	Path dir;

	@Test
	void describesTheSettingsQueuesAndAppendersThatRun() {
		Path main = this.dir.resolve("main.log");
		Path audit = this.dir.resolve("audit.log");
		try (ConfigurableApplicationContext context = TestApplications.run(
				"management.endpoints.web.exposure.include=asynclog", "asynclog.ring-buffer-size=512",
				"asynclog.wait-strategy=block", "asynclog.queue-full-policy=discard", "asynclog.discard-threshold=debug",
				"asynclog.shutdown-timeout=3s", "asynclog.appenders.main.type=rolling-file",
				"asynclog.appenders.main.file-name=" + main, "asynclog.appenders.audit.type=file",
				"asynclog.appenders.audit.file-name=" + audit, "asynclog.appenders.audit.immediate-flush=true",
				"asynclog.loggers[com.example.audit].appenders=audit", "asynclog.loggers[com.example.audit].mode=sync",
				"asynclog.loggers[com.example.audit].additivity=false")) {
			AsyncLogDescriptor descriptor = context.getBean(AsyncLogEndpoint.class).asyncLog();
			assertThat(descriptor.backend()).isEqualTo("log4j2");
			assertThat(descriptor.mode()).isEqualTo("async-logger");
			assertThat(descriptor.waitStrategy()).isEqualTo("block");
			assertThat(descriptor.includeLocation()).isFalse();
			assertThat(descriptor.queueFullPolicy()).isEqualTo("discard");
			assertThat(descriptor.discardThreshold()).isEqualTo("debug");
			assertThat(descriptor.shutdownTimeout()).isEqualTo("PT3S");
			assertThat(descriptor.queues()).singleElement().satisfies((queue) -> {
				assertThat(queue.name()).isEqualTo("async-logger");
				assertThat(queue.type()).isEqualTo("ring-buffer");
				assertThat(queue.capacity()).isEqualTo(512);
			});
			assertThat(descriptor.appenders()).containsExactlyInAnyOrder(
					new AppenderDescriptor("main", "RollingRandomAccessFile", main.toString(), false, true, 0),
					new AppenderDescriptor("audit", "RandomAccessFile", audit.toString(), true, false, 0));
		}
	}

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
