package io.asynclog.autoconfigure.endpoint;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.bothbackends.BackendUnderTest;
import io.asynclog.core.backend.LoggingBackend;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions of the endpoint's auto-configuration, on either backend.
 */
class AsyncLogEndpointAutoConfigurationTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(AsyncLogAutoConfiguration.class, AsyncLogEndpointAutoConfiguration.class));

	@Test
	void endpointOnlyOnceExposed() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogEndpoint.class));
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=asynclog").run((context) -> {
			assertThat(context).hasSingleBean(AsyncLogEndpoint.class);
			assertThat(context.getBean(LoggingBackend.class).name()).isEqualTo(BACKEND.backendName());
		});
	}

	@Test
	void noEndpointWhenAsynclogIsDisabled() {
		this.runner.withPropertyValues("asynclog.enabled=false", "management.endpoints.web.exposure.include=*")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogEndpoint.class));
	}

}
