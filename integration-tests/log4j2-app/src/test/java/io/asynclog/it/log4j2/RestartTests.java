package io.asynclog.it.log4j2;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.it.RestartCheck;

/**
 * Five DevTools-style restarts in one JVM ({@link RestartCheck}): asynclog's jar stays in the
 * base loader, so its static state and Log4j2's logger context live across restarts; each
 * restart configures that context again, which replaces the async-logger ring.
 */
class RestartTests {

	@TempDir
	Path dir;

	@Test
	void fiveDevToolsStyleRestartsKeepOneRingAndWriteEveryRestartsLines() throws Exception {
		RestartCheck.assertFiveRestarts(Log4j2App.UNDER_TEST, this.dir.resolve("app.log"));
	}

}
