package io.asynclog.logback.lifecycle;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.GenericApplicationListener;
import org.springframework.core.ResolvableType;

import io.asynclog.core.config.AsyncLogProperties;

/**
 * Applies {@code asynclog.*} to Logback right after Spring Boot has configured it, on
 * {@link ApplicationEnvironmentPreparedEvent} just after Spring Boot's
 * {@link LoggingApplicationListener}; before any bean exists. When Spring Boot configures
 * logging again it resets the context first (the rings drain and the set-up is forgotten), and
 * this applies the settings anew; a configuration left in place is left alone. Logback's own
 * scan reloads are {@link ScanReloads}'. Loads no Logback class unless Spring Boot runs Logback.
 *
 * @author asynclog
 */
public final class Installer implements GenericApplicationListener {

	/** Just after Spring Boot's {@link LoggingApplicationListener}. */
	public static final int ORDER = LoggingApplicationListener.DEFAULT_ORDER + 1;

	@Override
	public boolean supportsEventType(ResolvableType eventType) {
		return ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(eventType.toClass());
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		if (!(event instanceof ApplicationEnvironmentPreparedEvent prepared)) {
			return;
		}
		ClassLoader classLoader = prepared.getSpringApplication().getClassLoader();
		if (!LogbackDetector.chosen(classLoader)) {
			return;
		}
		AsyncLogProperties properties = AsyncLogProperties.bind(prepared.getEnvironment());
		if (properties.isEnabled()) {
			LogbackInstallation.install(properties, prepared.getEnvironment());
		}
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
