package io.asynclog.it.logback;

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
 * A fresh web application, started from this module's class path (spring-boot-starter-web
 * and the asynclog starter, no exclusions): Spring Boot runs on Logback, and asynclog makes
 * Logback asynchronous.
 */
class LogbackApplicationTests {

	@TempDir
	Path dir;

	@Test
	void springBootsDefaultLogbackIsTheBackendAndRequestLinesReachTheFile() throws Exception {
		Path log = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = SpringApplication.run(LogbackApplication.class,
				AppUnderTest.webArgs(log))) {
			LogbackApp.UNDER_TEST.assertRunsOnItsBackend(context, context.getClassLoader());
			LogbackApp.UNDER_TEST.assertServes(context, "ada");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> Files.exists(log) && Files.readString(log).contains("greeted ada"));
		}
	}

}
