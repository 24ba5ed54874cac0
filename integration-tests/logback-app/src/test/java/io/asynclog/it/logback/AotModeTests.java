package io.asynclog.it.logback;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.it.AotModeCheck;

/**
 * The application in Spring's AOT mode on the JVM ({@link AotModeCheck}), on Logback.
 */
class AotModeTests {

	@TempDir
	Path dir;

	@Test
	void theAotProcessedApplicationRunsOnLogbacksRing() throws Exception {
		new AotModeCheck(LogbackApp.UNDER_TEST, "asynclog-it-logback-app",
				"asynclog: queue '[^']+' \\(ring-buffer\\) has \\d+ slots",
				List.of("\"io.asynclog.core.config.AsyncLogProperties\""),
				// Without log4j-core, Log4j2's hints registrars add nothing (Log4j2Detector is there: Spring
				// registers what spring.factories lists).
				List.of("io.asynclog.log4j2.queue.", "Log4j2Plugins.dat"))
			.run(this.dir);
	}

}
