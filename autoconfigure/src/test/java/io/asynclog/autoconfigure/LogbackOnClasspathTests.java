package io.asynclog.autoconfigure;

import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.FailureAnalyses;
import io.asynclog.TestApplications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Runs in a surefire execution of its own that puts Logback on the classpath, as forgetting
 * to exclude spring-boot-starter-logging does.
 */
class LogbackOnClasspathTests {

	@Test
	void startUpFailsWithTheExactMavenExclusion() throws ClassNotFoundException {
		Class.forName("ch.qos.logback.classic.LoggerContext");
		Throwable failure = catchThrowable(() -> TestApplications.run().close());
		FailureAnalysis analysis = FailureAnalyses.analyze(failure);
		assertThat(analysis.getDescription()).contains("Spring Boot chose Logback");
		assertThat(analysis.getAction()).contains("<exclusion>")
			.contains("<groupId>org.springframework.boot</groupId>")
			.contains("<artifactId>spring-boot-starter-logging</artifactId>")
			.contains("asynclog.enabled=false");
	}

	@Test
	void disabledLeavesSpringBootOnLogback() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.enabled=false")) {
			assertThat(context.getBean(LoggingSystem.class)).isInstanceOf(LogbackLoggingSystem.class);
		}
	}

}
