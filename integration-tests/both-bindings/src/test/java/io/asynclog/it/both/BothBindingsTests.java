package io.asynclog.it.both;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.it.AppRun;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starts {@link BothBindingsApplication} in a JVM of its own from this module's class path,
 * once in Maven's order (Logback's SLF4J binding first) and once with Log4j2's binding moved
 * to the front, as a pom that declares spring-boot-starter-log4j2 first would have it. Either
 * way the application stops before it logs anything of its own, naming the conflict,
 * asynclog and the Maven fix.
 */
class BothBindingsTests {

	private static final String LOG4J_BINDING = "log4j-slf4j2-impl-";

	private static final String LOGBACK_BINDING = "logback-classic-";

	@TempDir
	Path dir;

	@Test
	void log4j2BindingFirstStopsInLog4jsStartUpBeforeAnySpringCode() throws Exception {
		AppRun run = run(AppRun.moveToFront(AppRun.testClassPath(), LOG4J_BINDING), "log4j2-first");
		assertStopsWithTheReport(run);
		assertThat(run.output()).contains("SLF4J takes Log4j2's, which comes first, and Log4j cannot start next to"
				+ " log4j-to-slf4j")
			.contains("Caused by: io.asynclog.core.backend.BindingConflictException")
			.doesNotContain("org.apache.logging.log4j.LoggingException")
			// Stopped in SpringApplication's static initialiser: not even the banner was printed.
			.doesNotContain(":: Spring Boot ::");
	}

	@Test
	void logbackBindingFirstStopsBeforeSpringBootConfiguresLogging() throws Exception {
		List<String> classPath = AppRun.testClassPath();
		assertThat(AppRun.indexOf(classPath, LOGBACK_BINDING)).as("Maven's order for this pom")
			.isLessThan(AppRun.indexOf(classPath, LOG4J_BINDING));
		AppRun run = run(classPath, "logback-first");
		assertStopsWithTheReport(run);
		assertThat(run.output()).contains("SLF4J takes Logback's, which comes first")
			.doesNotContain("Starting BothBindingsApplication")
			.doesNotContain("Tomcat initialized");
	}

	private AppRun run(List<String> classPath, String name) throws Exception {
		return AppRun.of(classPath, BothBindingsApplication.class.getName(), this.dir.resolve(name + ".out"),
				"--server.port=0", "--server.address=127.0.0.1");
	}

	private static void assertStopsWithTheReport(AppRun run) {
		assertThat(run.exitCode()).as(run.output()).isNotZero();
		assertThat(run.output()).doesNotContain(BothBindingsApplication.READY)
			.contains("APPLICATION FAILED TO START")
			.contains("asynclog makes either Logback or Log4j2 asynchronous, but both are bound to SLF4J")
			.containsPattern("logback-classic-[\\d.]+\\.jar \\(from spring-boot-starter-logging")
			.containsPattern("log4j-slf4j2-impl-[\\d.]+\\.jar \\(from spring-boot-starter-log4j2\\)")
			.contains("To stay on Logback, Spring Boot's default, remove the spring-boot-starter-log4j2 dependency.")
			.contains("\t\t\t<exclusion>\n\t\t\t\t<groupId>org.springframework.boot</groupId>\n"
					+ "\t\t\t\t<artifactId>spring-boot-starter-logging</artifactId>\n\t\t\t</exclusion>");
	}

}
