package io.asynclog.core.backend;

import java.net.URL;
import java.net.URLClassLoader;

import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LoggingSystem;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finding the backend: the detector of the logging system Spring Boot runs, none on a class
 * path with no detector, and the library checked before Spring Boot's logging system. Runs
 * on the class path of the execution that runs it, whichever backend that is.
 */
class LoggingBackendsTests {

	private final ClassLoader classLoader = getClass().getClassLoader();

	@Test
	void theDetectorChosenFindsTheBackendThatRuns() {
		LoggingBackends.Detector detector = LoggingBackends.detector(this.classLoader);
		assertThat(detector).isNotNull();
		assertThat(detector.isChosen(this.classLoader)).isTrue();
		LoggingBackend backend = LoggingBackends.running(this.classLoader);
		assertThat(backend).isNotNull();
		assertThat(backend.name()).isIn("log4j2", "logback");
		assertThat(LoggingSystem.get(this.classLoader).getClass().getSimpleName().toLowerCase())
			.as("Spring Boot's logging system").startsWith(backend.name());
	}

	@Test
	void noDetectorNoBackend() {
		ClassLoader empty = new URLClassLoader(new URL[0], null);
		assertThat(LoggingBackends.detector(empty)).isNull();
		assertThat(LoggingBackends.running(empty)).isNull();
	}

	@Test
	void springBootRunsALoggingSystemWhenItsLibraryIsThereAndItIsChosen() {
		String running = LoggingSystem.get(this.classLoader).getClass().getName();
		assertThat(LoggingBackends.springBootRuns(String.class.getName(), running, this.classLoader)).isTrue();
		assertThat(LoggingBackends.springBootRuns(String.class.getName(), "com.example.OtherLoggingSystem",
				this.classLoader))
			.isFalse();
		assertThat(LoggingBackends.springBootRuns("com.example.AbsentLibrary", running, this.classLoader))
			.as("the library is checked first").isFalse();
	}

}
