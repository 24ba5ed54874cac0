package io.asynclog.autoconfigure;

import org.apache.logging.log4j.LogManager;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.FailureAnalyses;
import io.asynclog.TestApplications;
import io.asynclog.core.backend.BindingConflict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Runs in the surefire execution {@code both-bindings}, whose class path has what
 * spring-boot-starter-log4j2 added without excluding spring-boot-starter-logging gives: Logback
 * and its SLF4J binding, Log4j2 and its SLF4J binding, and log4j-to-slf4j. Logback's binding
 * comes first, so SLF4J and Spring Boot choose Logback. Applications with either order, started
 * from their own Maven class paths, are in integration-tests/both-bindings.
 */
class BothBindingsTests {

	@Test
	void startUpStopsBeforeLoggingIsConfiguredWithBothJarsAndTheFix() {
		assertThat(LoggingSystem.get(getClass().getClassLoader())).isInstanceOf(LogbackLoggingSystem.class);
		Throwable failure = catchThrowable(() -> TestApplications.run().close());
		FailureAnalysis analysis = FailureAnalyses.analyze(failure);
		assertThat(analysis.getDescription()).startsWith("asynclog makes either Logback or Log4j2 asynchronous")
			.contains("both are bound to SLF4J")
			.contains("SLF4J takes Logback's, which comes first")
			.containsPattern("logback-classic-[\\d.]+\\.jar \\(from spring-boot-starter-logging")
			.containsPattern("log4j-slf4j2-impl-[\\d.]+\\.jar \\(from spring-boot-starter-log4j2\\)");
		assertThat(analysis.getAction()).contains("To stay on Logback, Spring Boot's default, remove the"
				+ " spring-boot-starter-log4j2 dependency.")
			.contains("\t\t\t<exclusion>\n\t\t\t\t<groupId>org.springframework.boot</groupId>\n"
					+ "\t\t\t\t<artifactId>spring-boot-starter-logging</artifactId>\n\t\t\t</exclusion>")
			.contains("<artifactId>asynclog-spring-boot-starter</artifactId>")
			.contains("./mvnw dependency:tree -Dincludes=org.springframework.boot:spring-boot-starter-logging");
	}

	@Test
	void log4jApiKeepsWorkingThroughLogbackWhenLogbacksBindingComesFirst() {
		// Libraries that log through the Log4j API, and Spring Boot's own Log4j2 checks, still run:
		// the conflict is reported once Spring Boot starts, not by breaking Log4j.
		assertThat(LogManager.getContext(false).getClass().getName())
			.isEqualTo("org.apache.logging.slf4j.SLF4JLoggerContext");
		assertThat(BindingConflict.bothBackends(getClass().getClassLoader()).log4jBindingFirst()).isFalse();
	}

	@Test
	void slf4jProviderChosenExplicitlyIsNoConflict() {
		ClassLoader classLoader = getClass().getClassLoader();
		assertThat(BindingConflict.bothBackends(classLoader)).isNotNull();
		System.setProperty("slf4j.provider", "ch.qos.logback.classic.spi.LogbackServiceProvider");
		try {
			assertThat(BindingConflict.bothBackends(classLoader)).isNull();
		}
		finally {
			System.clearProperty("slf4j.provider");
		}
	}

	@Test
	void disabledLeavesSpringBootOnLogback() {
		try (ConfigurableApplicationContext context = TestApplications.run("asynclog.enabled=false")) {
			assertThat(context.getBean(LoggingSystem.class)).isInstanceOf(LogbackLoggingSystem.class);
		}
	}

}
