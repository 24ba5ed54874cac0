package io.asynclog.autoconfigure.test;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.AsyncLogProperties.Mode;

/**
 * Makes a Spring test context log as it would without asynclog: mode {@code sync} with a
 * flush per line, so that a test checking a line right after the call that logged it (Spring
 * Boot's output capture, a list appender, a log file) sees it every time. Spring Boot does the
 * same for what behaves differently in tests (metrics export, tracing), and
 * {@link AutoConfigureAsyncLogging} switches it back, as {@code @AutoConfigureObservability}
 * does there.
 * <p>
 * Logging is configured before any context customizer of the test framework runs, so the
 * test context is recognised from its environment instead: the Spring TestContext framework
 * adds its inlined test properties (those of {@code @SpringBootTest} and
 * {@code @TestPropertySource}, and a marker Spring Boot's test bootstrapper always adds) as a
 * property source of a fixed name before the application starts. An application run outside
 * a test never has it.
 *
 * @author asynclog
 */
public final class TestContextLogging {

	/**
	 * The name of the property source the settings are added as, ahead of every other.
	 */
	public static final String PROPERTY_SOURCE_NAME = "asynclogTestContext";

	/**
	 * {@code TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME} of spring-test,
	 * which applications do not have at run time.
	 */
	static final String INLINED_TEST_PROPERTIES = "Inlined Test Properties";

	private TestContextLogging() {
	}

	/**
	 * In a test context that did not ask for asynclog's asynchronous path, sets mode
	 * {@code sync} and immediate flush ahead of every other property source, and turns each
	 * logger's own {@code mode} to {@code sync}. {@code all-async} is left as it is: Log4j2's
	 * context selector makes every logger asynchronous before Spring starts.
	 * @param environment the environment, before logging is configured
	 * @param properties {@code asynclog.*} as bound from it
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

	/**
	 * Says whether {@link #apply} set this environment's logging up for a test.
	 * @param environment the environment
	 * @return whether the test context's settings are in force
	 */
	public static boolean applied(ConfigurableEnvironment environment) {
		return environment.getPropertySources().contains(PROPERTY_SOURCE_NAME);
	}

}
