package io.asynclog.it;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application in Spring's AOT mode on the JVM: the build ran the spring-boot-maven-plugin's
 * {@code process-aot} goal before the tests, which generated the context's initializer, bean
 * definitions and runtime hints into {@code target/classes}, and the application starts from
 * them in a JVM of its own with {@code -Dspring.aot.enabled=true}. asynclog's auto-configuration
 * is then AOT-processed code, while its logging set-up (an application listener) runs as on a
 * plain start. process-aot writes the reachability metadata under the module's {@code artifactId};
 * {@code reportedQueue} is a regular expression for the start-up report's queue line, and the
 * metadata must hold each of {@code metadataContains} and none of {@code metadataDoesNotContain}.
 *
 * @author asynclog
 */
public record AotModeCheck(AppUnderTest app, String artifactId, String reportedQueue, List<String> metadataContains,
		List<String> metadataDoesNotContain) {

	public void run(Path dir) throws Exception {
		Class<?> application = this.app.application();
		// What process-aot generated, without which AOT mode cannot start.
		assertThat(application.getResource(application.getSimpleName() + "__ApplicationContextInitializer.class"))
			.as("the initializer process-aot generates")
			.isNotNull();
		// process-aot ran asynclog's runtime hints registrars too: what they wrote differs per backend.
		String metadata = generatedMetadata();
		for (String text : this.metadataContains) {
			assertThat(metadata).as("the hints process-aot wrote for a native image").contains(text);
		}
		for (String text : this.metadataDoesNotContain) {
			assertThat(metadata).as("the hints process-aot wrote for a native image").doesNotContain(text);
		}
		Path log = dir.resolve("app.log");
		try (RunningApp running = RunningApp.start(AppRun.testClassPath(), List.of("-Dspring.aot.enabled=true"),
				application.getName(), dir.resolve("aot.out"), "--server.port=0", "--server.address=127.0.0.1",
				"--logging.file.name=" + log)) {
			// Spring Boot says so only when it uses the generated initializer (AotDetector).
			assertThat(running.output()).contains("Starting AOT-processed " + application.getSimpleName())
				// asynclog's start-up report, from its AOT-processed auto-configuration.
				.contains("asynclog: mode async-logger")
				.containsPattern(this.reportedQueue);
			HttpResponse<String> greeting = AppUnderTest.get(running.port(), "/greet?name=ada");
			assertThat(greeting.body()).isEqualTo("hello ada\n");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> Files.exists(log) && Files.readString(log).contains("greeted ada"));
			assertThat(running.threadNames()).as(this.app.ringThreadDescription()).anyMatch(this.app.ringThread());
			running.stop();
		}
	}

	private String generatedMetadata() throws Exception {
		try (InputStream metadata = this.app.application()
			.getResourceAsStream("/META-INF/native-image/io.asynclog/" + this.artifactId
					+ "/reachability-metadata.json")) {
			assertThat(metadata).as("the reachability metadata process-aot generates").isNotNull();
			return new String(metadata.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
