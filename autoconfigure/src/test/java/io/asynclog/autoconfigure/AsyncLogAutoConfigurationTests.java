package io.asynclog.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;

import com.lmax.disruptor.RingBuffer;

import static org.assertj.core.api.Assertions.assertThat;
import io.asynclog.core.config.AsyncLogProperties;

class AsyncLogAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AsyncLogAutoConfiguration.class));

	@Test
	void bindsPropertiesWithDocumentedDefaults() {
		this.runner.run((context) -> {
			AsyncLogProperties properties = context.getBean(AsyncLogProperties.class);
			assertThat(properties.getMode()).isEqualTo(AsyncLogProperties.Mode.ASYNC_LOGGER);
			// Each backend has its own default (16384 on Log4j2, 4096 on Logback): unset here.
			assertThat(properties.getRingBufferSize()).isNull();
			assertThat(properties.ringBufferSize(16384)).isEqualTo(16384);
			assertThat(properties.getQueueFullPolicy()).isEqualTo(AsyncLogProperties.QueueFullPolicy.BLOCK);
			assertThat(properties.getHealth().getPipelineStatus())
				.isEqualTo(AsyncLogProperties.PipelineStatus.DEGRADED);
		});
	}

	@Test
	void bindsThePipelineStatus() {
		this.runner.withPropertyValues("asynclog.health.pipeline-status=down")
			.run((context) -> assertThat(context.getBean(AsyncLogProperties.class).getHealth().getPipelineStatus())
				.isEqualTo(AsyncLogProperties.PipelineStatus.DOWN));
	}

	@Test
	void bindsRelaxedNamesAndBracketedLoggerNames() {
		this.runner
			.withPropertyValues("asynclog.mode=async-appender", "asynclog.wait-strategy=busy-spin",
					"asynclog.loggers[com.example.audit].mode=sync", "asynclog.appenders.main.type=rolling-file",
					"asynclog.appenders.main.max-file-size=5MB")
			.run((context) -> {
				AsyncLogProperties properties = context.getBean(AsyncLogProperties.class);
				assertThat(properties.getMode()).isEqualTo(AsyncLogProperties.Mode.ASYNC_APPENDER);
				assertThat(properties.getWaitStrategy()).isEqualTo(AsyncLogProperties.WaitStrategy.BUSY_SPIN);
				assertThat(properties.getLoggers()).containsOnlyKeys("com.example.audit");
				assertThat(properties.getAppenders().get("main").getMaxFileSize().toMegabytes()).isEqualTo(5);
			});
	}

	@Test
	void backsOffWhenDisabled() {
		this.runner.withPropertyValues("asynclog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogProperties.class));
	}

	@Test
	void backsOffWithoutTheDisruptor() {
		this.runner.withClassLoader(new FilteredClassLoader(RingBuffer.class))
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogProperties.class));
	}

	@Test
	void ideMetadataDescribesEveryPropertyAndHintsItsValues() throws IOException {
		String metadata;
		try (InputStream in = new ClassPathResource("META-INF/spring-configuration-metadata.json").getInputStream()) {
			metadata = new String(in.readAllBytes());
		}
		List<Map<String, Object>> properties = JsonPath.read(metadata, "$.properties[?(@.name =~ /asynclog.*/)]");
		assertThat(properties).extracting((property) -> property.get("name"))
			.contains("asynclog.enabled", "asynclog.mode", "asynclog.ring-buffer-size", "asynclog.wait-strategy",
					"asynclog.wait-timeout", "asynclog.include-location", "asynclog.immediate-flush",
					"asynclog.queue-full-policy", "asynclog.discard-threshold", "asynclog.async-appender.buffer-size",
					"asynclog.shutdown-timeout", "asynclog.appenders", "asynclog.loggers",
					"asynclog.metrics.peak-window", "asynclog.metrics.delivery-lag", "asynclog.health.fill-threshold", "asynclog.health.fill-duration",
					"asynclog.health.drop-window", "asynclog.health.shipping-stall",
					"asynclog.health.pipeline-status", "asynclog.appender-start-failure");
		assertThat(properties).allSatisfy((property) -> assertThat(property.get("description")).isNotNull());
		List<Object> ringDefault = JsonPath.read(metadata,
				"$.properties[?(@.name == 'asynclog.ring-buffer-size')].defaultValue");
		assertThat(ringDefault).isEmpty();
		List<String> ringDescription = JsonPath.read(metadata,
				"$.properties[?(@.name == 'asynclog.ring-buffer-size')].description");
		assertThat(ringDescription).singleElement().asString().contains("16384 on Log4j2", "4096 on Logback");
		List<String> modeHints = JsonPath.read(metadata, "$.hints[?(@.name == 'asynclog.mode')].values[*].value");
		assertThat(modeHints).containsExactly("sync", "async-appender", "async-logger", "all-async");
		List<String> levelHints = JsonPath.read(metadata,
				"$.hints[?(@.name == 'asynclog.discard-threshold')].values[*].value");
		assertThat(levelHints).contains("info", "warn");
		List<String> startFailureHints = JsonPath.read(metadata,
				"$.hints[?(@.name == 'asynclog.appender-start-failure')].values[*].value");
		assertThat(startFailureHints).containsExactly("fail", "warn");
		List<String> pipelineStatusHints = JsonPath.read(metadata,
				"$.hints[?(@.name == 'asynclog.health.pipeline-status')].values[*].value");
		assertThat(pipelineStatusHints).containsExactly("degraded", "down");
		List<Object> pipelineStatusDefault = JsonPath.read(metadata,
				"$.properties[?(@.name == 'asynclog.health.pipeline-status')].defaultValue");
		assertThat(pipelineStatusDefault).containsExactly("degraded");
	}

}
