package io.asynclog.logback.lifecycle;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.GenericApplicationListener;
import org.springframework.core.ResolvableType;

import io.asynclog.core.config.AsyncLogProperties;

/**
 * Applies {@code asynclog.*} to Logback right after Spring Boot has configured it: on
 * {@link ApplicationEnvironmentPreparedEvent}, ordered just after Spring Boot's
 * {@link LoggingApplicationListener}, which configures logging on that same event. Registered in
 * {@code META-INF/spring.factories}, so it runs before any bean exists.
 * <p>
 * Spring Boot's own set-up is wrapped, not replaced: its appenders, {@code logback-spring.xml}
 * with its {@code <springProfile>}s, structured formats and levels stay. When Spring Boot
 * configures logging again in the same JVM (a second application, after the first closed), it
 * resets the context first, which stops asynclog's rings (each drains) and forgets the set-up;
 * this listener then applies the settings to the new configuration. When Spring Boot leaves a
 * configuration in place (it is still initialised for another application), so does this. When
 * Logback reloads a scanned file on its own, {@link ScanReloads} applies them again.
 * <p>
 * Loads nothing of Logback unless Spring Boot runs Logback.
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
