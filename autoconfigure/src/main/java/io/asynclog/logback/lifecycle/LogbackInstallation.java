package io.asynclog.logback.lifecycle;

import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.Environment;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.logback.config.ConfigurationWriter;
import io.asynclog.logback.config.LogbackSetup;
import io.asynclog.logback.metrics.ErrorCounter;
import io.asynclog.logback.queue.QueueDrain;
import io.asynclog.logback.queue.QueueProbe;

/**
 * The Logback side of {@link Installer}, in a class of its own so that the listener
 * loads no Logback class when Logback is absent.
 *
 * @author asynclog
 */
final class LogbackInstallation {

	private LogbackInstallation() {
	}

	static void install(AsyncLogProperties properties, Environment environment) {
		LoggerContext context = LogbackBackend.loggerContext();
		if (context.getObject(LoggingSystem.class.getName()) == null || LogbackSetup.of(context) != null) {
			// Spring Boot did not configure this context (its logging system is off), or left the
			// configuration asynclog already set up in place.
			return;
		}
		apply(context, properties, environment);
		ScanReloads.watch(context, properties, environment);
	}

	static void apply(LoggerContext context, AsyncLogProperties properties, Environment environment) {
		ConfigurationWriter.apply(context, properties, environment,
				List.of(new QueueProbe(properties.getMetrics().isDeliveryLag()), new QueueDrain()));
		ErrorCounter.install(context);
	}

}
