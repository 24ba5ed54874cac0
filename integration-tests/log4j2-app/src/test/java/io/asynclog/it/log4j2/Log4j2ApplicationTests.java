package io.asynclog.it.log4j2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.it.AppUnderTest;

import static org.awaitility.Awaitility.await;

/**
 * A web application switched to Log4j2 the documented way, started from this module's class
 * path: asynclog makes Log4j2 asynchronous, as before the starter followed the backend.
 */
class Log4j2ApplicationTests {

	@TempDir
	Path dir;

	@Test
	void log4j2IsTheBackendAndRequestLinesGoThroughItsRing() throws Exception {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = SpringApplication.run(Log4j2Application.class,
				AppUnderTest.webArgs(log))) {
			Log4j2App.UNDER_TEST.assertRunsOnItsBackend(context, context.getClassLoader());
			Log4j2App.UNDER_TEST.assertServes(context, "grace");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> Files.exists(log) && Files.readString(log).contains("greeted grace"));
		}
	}

}
