package io.asynclog.it.log4j2;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.it.AotModeCheck;

/**
 * The application in Spring's AOT mode on the JVM ({@link AotModeCheck}), on Log4j2.
 */
class AotModeTests {

	@TempDir
	Path dir;

	@Test
	void theAotProcessedApplicationRunsOnLog4j2sRing() throws Exception {
		new AotModeCheck(Log4j2App.UNDER_TEST, "asynclog-it-log4j2-app",
				"asynclog: queue 'async-logger' \\([^)]+\\) has \\d+ slots",
				// asynclog's runtime hints registrars (META-INF/spring/aot.factories).
				List.of("\"io.asynclog.log4j2.queue.BlockingQueueFullPolicy\"",
						"\"io.asynclog.log4j2.appender.BatchingConsole$Builder\"",
						// JSON escapes the slashes of a resource's glob.
						"plugins\\/Log4j2Plugins.dat"),
				List.of())
			.run(this.dir);
	}

}
