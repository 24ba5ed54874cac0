package io.asynclog.autoconfigure.health;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.asynclog.autoconfigure.AsyncLogAutoConfiguration;
import io.asynclog.bothbackends.BackendUnderTest;
import io.asynclog.core.backend.LoggingBackend;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions of the health indicator's auto-configuration, on either backend.
 */
class AsyncLogHealthContributorAutoConfigurationTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(AsyncLogAutoConfiguration.class, AsyncLogHealthContributorAutoConfiguration.class));

	@Test
	void healthIndicatorIsNamedAsynclogAndCanBeTurnedOff() {
		this.runner.run((context) -> {
			assertThat(context).hasBean("asynclogHealthIndicator").hasSingleBean(AsyncLogHealthIndicator.class);
			assertThat(context.getBean(LoggingBackend.class).name()).isEqualTo(BACKEND.backendName());
		});
		this.runner.withPropertyValues("management.health.asynclog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogHealthIndicator.class));
	}

	@Test
	void noHealthIndicatorWhenAsynclogIsDisabled() {
		this.runner.withPropertyValues("asynclog.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AsyncLogHealthIndicator.class));
	}

}
