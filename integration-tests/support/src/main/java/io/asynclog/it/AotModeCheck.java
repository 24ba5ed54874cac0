package io.asynclog.it;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An application in Spring's AOT mode on the JVM: the build ran the spring-boot-maven-plugin's
 * {@code process-aot} goal before the tests, which generated the context's initializer, bean
 * definitions and runtime hints into {@code target/classes}, and the application starts from
 * them in a JVM of its own with {@code -Dspring.aot.enabled=true}. asynclog's auto-configuration
 * is then AOT-processed code, while its logging set-up (an application listener) runs as on a
 * plain start.
 *
 * <p>Immutable: each method that adds an expectation returns a copy.
 *
 * @author asynclog
 */
public final class AotModeCheck {

	private final AppUnderTest app;

	private final String artifactId;

	private final String reportedQueue;

	private final List<String> metadataContains;

	private final List<String> metadataDoesNotContain;

	private AotModeCheck(AppUnderTest app, String artifactId, String reportedQueue, List<String> metadataContains,
			List<String> metadataDoesNotContain) {
		this.app = app;
		this.artifactId = artifactId;
		this.reportedQueue = reportedQueue;
		this.metadataContains = List.copyOf(metadataContains);
		this.metadataDoesNotContain = List.copyOf(metadataDoesNotContain);
	}

	/**
	 * Describes the check of an application; {@link #reportsQueue} must follow.
	 * @param app the application and what its backend looks like
	 * @param artifactId the application module's artifact id, under which process-aot writes
	 * the reachability metadata
	 * @return the check
	 */
	public static AotModeCheck of(AppUnderTest app, String artifactId) {
		return new AotModeCheck(app, artifactId, null, List.of(), List.of());
	}

	/**
	 * Returns a copy that expects asynclog's start-up report to describe its queue so.
	 * @param pattern a regular expression the report's queue line must contain
	 * @return the copy
	 */
	public AotModeCheck reportsQueue(String pattern) {
		return new AotModeCheck(this.app, this.artifactId, pattern, this.metadataContains,
				this.metadataDoesNotContain);
	}

	/**
	 * Returns a copy that expects the generated reachability metadata to contain each text.
	 * @param texts the texts, literally as in the JSON file
	 * @return the copy
	 */
	public AotModeCheck metadataContains(String... texts) {
		List<String> all = new ArrayList<>(this.metadataContains);
		all.addAll(List.of(texts));
		return new AotModeCheck(this.app, this.artifactId, this.reportedQueue, all, this.metadataDoesNotContain);
	}

	/**
	 * Returns a copy that expects the generated reachability metadata to contain none of the texts.
	 * @param texts the texts, literally as in the JSON file
	 * @return the copy
	 */
	public AotModeCheck metadataDoesNotContain(String... texts) {
		List<String> all = new ArrayList<>(this.metadataDoesNotContain);
		all.addAll(List.of(texts));
		return new AotModeCheck(this.app, this.artifactId, this.reportedQueue, this.metadataContains, all);
	}

	/**
	 * Checks what process-aot generated, then starts the application in AOT mode and checks
	 * the start, asynclog's report, a request's line in the log file and the ring's thread.
	 * @param dir a directory for the log file and the JVM's output
	 * @throws Exception if a request or reading the metadata fails
	 */
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
		String queue = Objects.requireNonNull(this.reportedQueue, "no reportsQueue(...) given");
		Path log = dir.resolve("app.log");
		try (RunningApp running = RunningApp.start(AppRun.testClassPath(), List.of("-Dspring.aot.enabled=true"),
				application.getName(), dir.resolve("aot.out"), "--server.port=0", "--server.address=127.0.0.1",
				"--logging.file.name=" + log)) {
			// Spring Boot says so only when it uses the generated initializer (AotDetector).
			assertThat(running.output()).contains("Starting AOT-processed " + application.getSimpleName())
				// asynclog's start-up report, from its AOT-processed auto-configuration.
				.contains("asynclog: mode async-logger")
				.containsPattern(queue);
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
