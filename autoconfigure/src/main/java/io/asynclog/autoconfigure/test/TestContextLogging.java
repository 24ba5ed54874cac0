package io.asynclog.autoconfigure.test;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogProperties.Mode;

/**
 * Makes a Spring test context log as it would without asynclog: mode {@code sync} with a
 * flush per line, so that a test checking a line right after the call that logged it sees it
 * every time. {@link AutoConfigureAsyncLogging} switches it back, as
 * {@code @AutoConfigureObservability} does for metrics export and tracing.
 * <p>
 * Logging is configured before any context customizer runs, so the test context is
 * recognised from its environment: the TestContext framework adds its inlined test
 * properties (Spring Boot's test bootstrapper always adds one) as a property source of a
 * fixed name before the application starts.
 *
 * @author asynclog
 */
public final class TestContextLogging {

	/** The name of the property source the settings are added as, ahead of every other. */
	public static final String PROPERTY_SOURCE_NAME = "asynclogTestContext";

	/** {@code TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME} of spring-test. */
	static final String INLINED_TEST_PROPERTIES = "Inlined Test Properties";

	private TestContextLogging() {
	}

	/**
	 * In a test context that did not ask for asynclog's asynchronous path, sets mode
	 * {@code sync} and immediate flush ahead of every other property source, and turns each
	 * logger's own {@code mode} to {@code sync}. {@code all-async} is left as it is: Log4j2's
	 * context selector makes every logger asynchronous before Spring starts.
	 * @return whether the environment changed, so that the properties must be bound again
	 */
	public static boolean apply(ConfigurableEnvironment environment, AsyncLogProperties properties) {
		if (!environment.getPropertySources().contains(INLINED_TEST_PROPERTIES) || properties.isAsyncInTests()
				|| properties.getMode() == Mode.ALL_ASYNC || applied(environment)) {
			return false;
		}
		Map<String, Object> synchronous = new LinkedHashMap<>();
		synchronous.put(AsyncLogProperties.PREFIX + ".mode", "sync");
		synchronous.put(AsyncLogProperties.PREFIX + ".immediate-flush", "true");
		properties.getLoggers().forEach((logger, overrides) -> {
			if (overrides.getMode() != null) {
				synchronous.put(AsyncLogProperties.PREFIX + ".loggers[" + logger + "].mode", "sync");
			}
		});
		environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, synchronous));
		return true;
	}

	/** Whether {@link #apply} set this environment's logging up for a test. */
	public static boolean applied(ConfigurableEnvironment environment) {
		return environment.getPropertySources().contains(PROPERTY_SOURCE_NAME);
	}

}
