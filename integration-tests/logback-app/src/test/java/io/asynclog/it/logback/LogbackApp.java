package io.asynclog.it.logback;

import org.springframework.boot.logging.logback.LogbackLoggingSystem;

import io.asynclog.it.AppUnderTest;

/**
 * This module's application as its tests expect it to run: on Logback, asynclog's ring in
 * front of it.
 */
final class LogbackApp {

	static final AppUnderTest UNDER_TEST = new AppUnderTest(LogbackApplication.class, "logback",
			LogbackLoggingSystem.class, "$.queues[0].type", "ring-buffer", "asynclog's ring thread",
			(name) -> name.startsWith("asynclog-logback-"), () -> {
			});

	private LogbackApp() {
	}

}
