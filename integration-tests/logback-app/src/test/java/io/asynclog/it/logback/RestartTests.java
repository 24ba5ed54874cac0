package io.asynclog.it.logback;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.it.RestartCheck;

/**
 * Five DevTools-style restarts in one JVM ({@link RestartCheck}): asynclog's jar stays in the
 * base loader, so its static state and Logback's context live across restarts.
 */
class RestartTests {

	@TempDir
	Path dir;

	@Test
	void fiveDevToolsStyleRestartsKeepOneRingAndWriteEveryRestartsLines() throws Exception {
		RestartCheck.assertFiveRestarts(LogbackApp.UNDER_TEST, this.dir.resolve("app.log"));
	}

}
