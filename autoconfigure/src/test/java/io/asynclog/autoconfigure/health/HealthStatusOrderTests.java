package io.asynclog.autoconfigure.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link HealthStatusOrder} gives Spring Boot's health order a rank for DEGRADED unless the
 * application set an order of its own.
 */
class HealthStatusOrderTests {

	@Test
	void ranksDegradedBetweenOutOfServiceAndUpByDefault() {
		StandardEnvironment environment = postProcessed();
		assertThat(order(environment)).containsExactly("DOWN", "OUT_OF_SERVICE", "DEGRADED", "UP", "UNKNOWN");
		assertThat(environment.getPropertySources().stream().reduce((first, second) -> second).orElseThrow().getName())
			.as("the default comes last, below every other source")
			.isEqualTo(HealthStatusOrder.PROPERTY_SOURCE);
	}

	@Test
	void keepsAnOrderTheApplicationSet() {
		assertThat(order(postProcessed("management.endpoint.health.status.order", "FATAL,DOWN,UP")))
			.containsExactly("FATAL", "DOWN", "UP");
		assertThat(order(postProcessed("management.endpoint.health.status.order[0]", "DOWN",
				"management.endpoint.health.status.order[1]", "UP")))
			.as("set in the indexed form of a YAML list")
			.containsExactly("DOWN", "UP");
	}

	@Test
	void addsNothingWhenAsynclogIsDisabled() {
		StandardEnvironment environment = postProcessed("asynclog.enabled", "false");
		assertThat(environment.getPropertySources().contains(HealthStatusOrder.PROPERTY_SOURCE)).isFalse();
	}

	@Test
	void addsNothingWithoutSpringBootsHealth() {
		StandardEnvironment environment = new StandardEnvironment();
		new HealthStatusOrder().postProcessEnvironment(environment, new SpringApplication() {
			@Override
			public ClassLoader getClassLoader() {
				return new FilteredClassLoader(Status.class);
			}
		});
		assertThat(environment.getPropertySources().contains(HealthStatusOrder.PROPERTY_SOURCE)).isFalse();
	}

	private static StandardEnvironment postProcessed(String... keysAndValues) {
		StandardEnvironment environment = new StandardEnvironment();
		Map<String, Object> properties = new LinkedHashMap<>();
		for (int i = 0; i < keysAndValues.length; i += 2) {
			properties.put(keysAndValues[i], keysAndValues[i + 1]);
		}
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		new HealthStatusOrder().postProcessEnvironment(environment, new SpringApplication());
		return environment;
	}

	private static List<String> order(StandardEnvironment environment) {
		return Binder.get(environment)
			.bind(HealthStatusOrder.ORDER_PROPERTY, Bindable.listOf(String.class))
			.orElse(List.of());
	}

}
