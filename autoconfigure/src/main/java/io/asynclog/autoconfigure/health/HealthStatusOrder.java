package io.asynclog.autoconfigure.health;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;

import io.asynclog.autoconfigure.AsyncLogEnvironmentPostProcessor;
import io.asynclog.core.config.AsyncLogProperties;

/**
 * Ranks {@link AsyncLogHealthIndicator#DEGRADED} in the aggregate health: sets
 * {@value #ORDER_PROPERTY} to {@value #DEFAULT_ORDER}, Spring Boot's default order with
 * DEGRADED between OUT_OF_SERVICE and UP, as a default of the lowest precedence, unless the
 * application sets the order itself.
 * <p>
 * Why: Spring Boot's {@code SimpleStatusAggregator} leaves out every status its order does
 * not name, so {@code /actuator/health} would answer UP while {@code asynclog} is DEGRADED.
 * The health groups use the same order unless one sets its own. An application that sets
 * {@value #ORDER_PROPERTY} keeps its own list, whole.
 *
 * @author asynclog
 */
public class HealthStatusOrder implements EnvironmentPostProcessor, Ordered {

	/** Spring Boot's property for the order of health statuses, most severe first. */
	public static final String ORDER_PROPERTY = "management.endpoint.health.status.order";

	/** The order set when the application sets none. */
	public static final String DEFAULT_ORDER = "DOWN,OUT_OF_SERVICE,DEGRADED,UP,UNKNOWN";

	public static final String PROPERTY_SOURCE = "asynclogHealthStatusOrder";

	private static final String HEALTH_STATUS = "org.springframework.boot.health.contributor.Status";

	@Override
	public int getOrder() {
		// After the config data (application.yml, profiles), and after asynclog.* is checked.
		return AsyncLogEnvironmentPostProcessor.ORDER + 1;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!ClassUtils.isPresent(HEALTH_STATUS, application.getClassLoader())) {
			return;
		}
		Binder binder = Binder.get(environment);
		if (!binder.bind(AsyncLogProperties.PREFIX + ".enabled", Boolean.class).orElse(true)) {
			return;
		}
		// A list set anywhere, in any form (comma-separated or indexed), is the application's.
		if (binder.bind(ORDER_PROPERTY, Bindable.listOf(String.class)).isBound()) {
			return;
		}
		environment.getPropertySources()
			.addLast(new MapPropertySource(PROPERTY_SOURCE, Map.of(ORDER_PROPERTY, DEFAULT_ORDER)));
	}

}
