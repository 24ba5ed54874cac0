package io.asynclog.autoconfigure;

import java.util.concurrent.atomic.AtomicBoolean;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.SpringApplication;

import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.report.DrainReport;

/**
 * Adds a Spring Boot shutdown handler that drains asynclog's queues just before Spring Boot's
 * logging shutdown handler stops the logging library: handlers run in the reverse order they
 * were added, and the logging one is added before any bean exists. The handler finds the
 * backend that runs at shutdown, so one handler serves the JVM, however many contexts start.
 *
 * @author asynclog
 */
final class DrainBeforeLoggingStops implements SmartInitializingSingleton {

	private static final AtomicBoolean ADDED = new AtomicBoolean();

	private final ClassLoader classLoader;

	DrainBeforeLoggingStops(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (ADDED.compareAndSet(false, true)) {
			SpringApplication.getShutdownHandlers().add(this::drain);
		}
	}

	private void drain() {
		try {
			LoggingBackends.running(this.classLoader).drainBeforeLoggingStops();
		}
		catch (RuntimeException ex) {
			// Spring Boot's logging handler still has to run: the stop drains on its own then.
			DrainReport.print("asynclog: the drain before logging stops failed: " + ex);
		}
	}

}
