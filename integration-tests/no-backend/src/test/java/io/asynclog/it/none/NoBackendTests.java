package io.asynclog.it.none;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.java.JavaLoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.asynclog.core.config.AsyncLogConfigurationException;
import io.asynclog.it.AppRun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Starts {@link NoBackendApplication}, whose pom excludes spring-boot-starter-logging and adds
 * no other logging starter: Spring Boot falls back to java.util.logging, which asynclog has no
 * backend for, and the application stops before it logs, naming the starter to add.
 */
@ExtendWith(OutputCaptureExtension.class)
class NoBackendTests {

	private static final String DESCRIPTION = "asynclog makes Logback or Log4j2 asynchronous, but Spring Boot chose"
			+ " JavaLoggingSystem as the logging system: neither Logback (spring-boot-starter-logging) nor Log4j2"
			+ " (spring-boot-starter-log4j2) is on the classpath.";

	private static final String STARTER_TO_ADD = """
				<dependency>
					<groupId>org.springframework.boot</groupId>
					<artifactId>spring-boot-starter-logging</artifactId>
				</dependency>
			""";

	@TempDir
	Path dir;

	/**
	 * The application's own class path, without the test jars: commons-logging falls back to
	 * java.util.logging, and Spring Boot prints its failure analysis through it.
	 */
	@Test
	void stopsWithSpringBootsFailureAnalysisNamingTheStarterToAdd() throws Exception {
		AppRun run = AppRun.of(AppRun.without(AppRun.testClassPath(), "slf4j-api-"),
				NoBackendApplication.class.getName(), this.dir.resolve("no-backend.out"), "--server.port=0",
				"--server.address=127.0.0.1");
		assertThat(run.exitCode()).as(run.output()).isNotZero();
		assertThat(run.output()).contains("APPLICATION FAILED TO START")
			.contains(DESCRIPTION)
			.contains("For Logback, Spring Boot's default, remove your exclusions of spring-boot-starter-logging, or"
					+ " add it:\n\n" + STARTER_TO_ADD)
			.contains("For Log4j2, add spring-boot-starter-log4j2 instead")
			.doesNotContain("Starting NoBackendApplication")
			.doesNotContain(NoBackendApplication.READY);
	}

	/**
	 * The test class path has slf4j-api (json-path brings it) and no SLF4J provider: every
	 * commons-logging call goes nowhere, Spring Boot's failure analysis too, so asynclog prints
	 * the report itself.
	 */
	@Test
	void printsTheReportItselfWhenSpringBootsLoggingGoesNowhere(CapturedOutput output) {
		assertThat(LoggingSystem.get(getClass().getClassLoader())).isInstanceOf(JavaLoggingSystem.class);
		Throwable failure = catchThrowable(() -> SpringApplication.run(NoBackendApplication.class, "--server.port=0",
				"--server.address=127.0.0.1"));
		assertThat(failure).isInstanceOf(AsyncLogConfigurationException.class)
			.hasMessageContaining(DESCRIPTION)
			.hasMessageContaining(STARTER_TO_ADD);
		assertThat(output.getErr()).contains("APPLICATION FAILED TO START")
			.contains("Description:\n\n" + DESCRIPTION)
			.contains(STARTER_TO_ADD);
		assertThat(output).doesNotContain(NoBackendApplication.READY);
	}

}
