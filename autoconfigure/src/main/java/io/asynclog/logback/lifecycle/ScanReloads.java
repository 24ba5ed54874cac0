package io.asynclog.logback.lifecycle;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.spi.ConfigurationEvent;
import ch.qos.logback.core.spi.ConfigurationEvent.EventType;
import ch.qos.logback.core.spi.ConfigurationEventListener;
import ch.qos.logback.core.status.ErrorStatus;
import org.springframework.core.env.Environment;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.report.DrainReport;
import io.asynclog.logback.config.LogbackSetup;

/**
 * Applies {@code asynclog.*} again when Logback reloads a configuration file on its own
 * ({@code <configuration scan="true">}): Logback resets the context, which stops asynclog's
 * rings (each drains) and forgets the set-up, then reads the file again, without Spring Boot.
 * One listener per logger context, kept across resets (Logback keeps configuration event
 * listeners), holding the settings of the application that configured logging last.
 *
 * @author asynclog
 */
final class ScanReloads implements ConfigurationEventListener {

	private static final Map<LoggerContext, ScanReloads> BY_CONTEXT = Collections.synchronizedMap(new WeakHashMap<>());

	private final LoggerContext context;

	private volatile AsyncLogProperties properties;

	private volatile Environment environment;

	private volatile boolean changeDetected;

	private ScanReloads(LoggerContext context) {
		this.context = context;
	}

	/** Listens for Logback's own reloads of a context, with these settings. */
	static void watch(LoggerContext context, AsyncLogProperties properties, Environment environment) {
		ScanReloads reloads = BY_CONTEXT.computeIfAbsent(context, (key) -> {
			ScanReloads created = new ScanReloads(key);
			key.addConfigurationEventListener(created);
			return created;
		});
		reloads.properties = properties;
		reloads.environment = environment;
	}

	@Override
	public void listen(ConfigurationEvent event) {
		EventType type = event.getEventType();
		if (type == EventType.CHANGE_DETECTED) {
			this.changeDetected = true;
		}
		else if (type == EventType.CONFIGURATION_ENDED_SUCCESSFULLY && this.changeDetected) {
			this.changeDetected = false;
			if (LogbackSetup.of(this.context) == null) {
				applyAgain();
			}
		}
	}

	private void applyAgain() {
		try {
			LogbackInstallation.apply(this.context, this.properties, this.environment);
		}
		catch (AsyncLogConfigurationException ex) {
			// Nothing changed: the reloaded file runs as Logback read it, and the report says so.
			String message = "asynclog: the reloaded Logback configuration runs without asynclog: "
					+ ex.getDescription() + " " + ex.getAction();
			DrainReport.print(message);
			this.context.getStatusManager()
				.add(new ErrorStatus(message, this));
		}
	}

}
