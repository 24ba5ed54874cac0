package io.asynclog.it.logback;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.it.AppRun;
import io.asynclog.it.RunningApp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The application in Spring's AOT mode on the JVM: the build ran the spring-boot-maven-plugin's
 * {@code process-aot} goal before the tests, which generated the context's initializer and bean
 * definitions into {@code target/classes}, and the application starts from them in a JVM of its
 * own with {@code -Dspring.aot.enabled=true}. asynclog's auto-configuration is then AOT-processed
 * code, while its logging set-up (an application listener) runs as on a plain start.
 */
class AotModeTests {

	@TempDir
	Path dir;

	@Test
	void theAotProcessedApplicationRunsOnLogbacksRing() throws Exception {
		// What process-aot generated, without which AOT mode cannot start.
		assertThat(LogbackApplication.class.getResource("LogbackApplication__ApplicationContextInitializer.class"))
			.as("the initializer process-aot generates")
			.isNotNull();
		// process-aot ran asynclog's runtime hints registrars too; without log4j-core, Log4j2's add nothing
		// (Log4j2Detector is there: Spring registers what spring.factories lists).
		assertThat(generatedMetadata()).as("the hints process-aot wrote for a native image")
			.contains("\"io.asynclog.core.config.AsyncLogProperties\"")
			.doesNotContain("io.asynclog.log4j2.queue.")
			.doesNotContain("Log4j2Plugins.dat");
		Path log = this.dir.resolve("app.log");
		try (RunningApp app = RunningApp.start(AppRun.testClassPath(), List.of("-Dspring.aot.enabled=true"),
				LogbackApplication.class.getName(), this.dir.resolve("aot.out"), "--server.port=0",
				"--server.address=127.0.0.1", "--logging.file.name=" + log)) {
			// Spring Boot says so only when it uses the generated initializer (AotDetector).
			assertThat(app.output()).contains("Starting AOT-processed LogbackApplication")
				// asynclog's start-up report, from its AOT-processed auto-configuration.
				.contains("asynclog: mode async-logger")
				.containsPattern("asynclog: queue '[^']+' \\(ring-buffer\\) has \\d+ slots");
			HttpResponse<String> greeting = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/greet?name=ada")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertThat(greeting.body()).isEqualTo("hello ada\n");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> Files.exists(log) && Files.readString(log).contains("greeted ada"));
			assertThat(app.threadNames()).as("asynclog's ring thread")
				.anyMatch((name) -> name.startsWith("asynclog-logback-"));
			app.stop();
		}
	}

	private static String generatedMetadata() throws Exception {
		try (InputStream metadata = AotModeTests.class
			.getResourceAsStream("/META-INF/native-image/io.asynclog/asynclog-it-logback-app/reachability-metadata.json")) {
			assertThat(metadata).as("the reachability metadata process-aot generates").isNotNull();
			return new String(metadata.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
