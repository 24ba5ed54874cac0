package io.asynclog.core.backend;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.core.config.AsyncLogConfigurationException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The class path checks on class paths the test builds from small jars that hold only the
 * class or provider file the check looks for: both SLF4J bindings in either order, with and
 * without log4j-to-slf4j, SLF4J's own choice, and no backend at all.
 */
class BindingConflictTests {

	private static final String LOGBACK = "logback-classic-1.5.18.jar";

	private static final String LOG4J = "log4j-slf4j2-impl-2.24.3.jar";

	private static final String LOG4J_TO_SLF4J = "log4j-to-slf4j-2.24.3.jar";

	@TempDir
	Path dir;

	@Test
	void oneBindingIsNoConflict() throws IOException {
		assertThat(BindingConflict.bothBackends(classPath(logback()))).isNull();
		assertThat(BindingConflict.bothBackends(classPath(log4j()))).isNull();
		assertThat(BindingConflict.bothBackends(classPath())).isNull();
	}

	@Test
	void logbacksBindingFirst() throws IOException {
		BindingConflict conflict = BindingConflict.bothBackends(classPath(logback(), log4j(), log4jToSlf4j()));
		assertThat(conflict.description())
			.isEqualTo("asynclog makes either Logback or Log4j2 asynchronous, but both are bound to SLF4J: " + LOGBACK
					+ " (from spring-boot-starter-logging, Spring Boot's default) and " + LOG4J
					+ " (from spring-boot-starter-log4j2) are on the classpath. SLF4J takes Logback's, which comes"
					+ " first: Spring Boot runs on Logback and Log4j2 sits unused next to it.");
		assertThat(conflict.log4jBindingFirst()).isFalse();
		assertThat(conflict.action()).startsWith("Keep one of the two.\n\nTo stay on Logback, Spring Boot's default,"
				+ " remove the spring-boot-starter-log4j2 dependency.\n\nTo use Log4j2, exclude"
				+ " spring-boot-starter-logging from every starter that brings it, asynclog's among them:\n\n")
			.contains("<artifactId>asynclog-spring-boot-starter</artifactId>",
					"<artifactId>spring-boot-starter-logging</artifactId>")
			.endsWith("./mvnw dependency:tree -Dincludes=org.springframework.boot:spring-boot-starter-logging lists"
					+ " the starters that bring it. If both are meant to be there, choose SLF4J's provider with"
					+ " -Dslf4j.provider=<class name> and Spring Boot's logging system with"
					+ " -Dorg.springframework.boot.logging.LoggingSystem=<class name>.");
	}

	@Test
	void log4jsBindingFirstNextToLog4jToSlf4j() throws IOException {
		BindingConflict conflict = BindingConflict.bothBackends(classPath(log4j(), logback(), log4jToSlf4j()));
		assertThat(conflict.description()).endsWith(" are on the classpath. SLF4J takes Log4j2's, which comes first,"
				+ " and Log4j cannot start next to log4j-to-slf4j (\"log4j-slf4j2-impl cannot be present with"
				+ " log4j-to-slf4j\").");
		assertThat(conflict.log4jBindingFirst()).isTrue();
	}

	@Test
	void log4jsBindingFirstWithoutLog4jToSlf4j() throws IOException {
		BindingConflict conflict = BindingConflict.bothBackends(classPath(log4j(), logback()));
		assertThat(conflict.description()).endsWith(" are on the classpath. SLF4J takes Log4j2's, which comes first,"
				+ " while Spring Boot, finding Logback, runs its Logback logging system, which cannot start without"
				+ " Logback's binding.");
		assertThat(conflict.log4jBindingFirst()).isTrue();
	}

	@Test
	void anotherProviderFirstLeavesTheOrderOpen() throws IOException {
		Path other = jar("slf4j-simple-2.0.17.jar", List.of(), "org.slf4j.simple.SimpleServiceProvider");
		BindingConflict conflict = BindingConflict.bothBackends(classPath(other, log4j(), logback()));
		assertThat(conflict.description()).endsWith(" are on the classpath. Which one logs depends on the order of"
				+ " the classpath.");
		assertThat(conflict.log4jBindingFirst()).isFalse();
	}

	@Test
	void commentsAndBlankLinesOfAProviderFileAreSkipped() throws IOException {
		Path commented = jar("logback-classic-commented.jar",
				List.of(BindingConflict.LOGBACK_BINDING.className()),
				"# SLF4J's provider\n\n   " + BindingConflict.LOGBACK_BINDING.className() + "  # Logback\n");
		BindingConflict conflict = BindingConflict.bothBackends(classPath(commented, log4j()));
		assertThat(conflict.description()).contains("SLF4J takes Logback's, which comes first");
	}

	/**
	 * A class not in a jar, as in an IDE's build output, is named by its artifact.
	 */
	@Test
	void aBindingOutsideAJarIsNamedByItsArtifact() throws IOException {
		Path classes = Files.createDirectories(this.dir.resolve("classes"));
		Path classFile = classes.resolve(BindingConflict.LOGBACK_BINDING.className().replace('.', '/') + ".class");
		Files.createDirectories(classFile.getParent());
		Files.write(classFile, new byte[0]);
		BindingConflict conflict = BindingConflict.bothBackends(classPath(classes, log4j()));
		assertThat(conflict.description()).contains(": logback-classic (from spring-boot-starter-logging");
	}

	@Test
	void slf4jsOwnChoiceOfProviderIsNoConflict() throws IOException {
		ClassLoader both = classPath(logback(), log4j());
		System.setProperty("slf4j.provider", BindingConflict.LOG4J_BINDING.className());
		try {
			assertThat(BindingConflict.bothBackends(both)).isNull();
		}
		finally {
			System.clearProperty("slf4j.provider");
		}
		System.setProperty("slf4j.provider", " ");
		try {
			assertThat(BindingConflict.bothBackends(both)).as("a blank choice is none").isNotNull();
		}
		finally {
			System.clearProperty("slf4j.provider");
		}
	}

	@Test
	void noBackendOnTheClassPath() throws IOException {
		BindingConflict conflict = BindingConflict.noBackend("org.springframework.boot.logging.java.JavaLoggingSystem",
				classPath());
		assertThat(conflict.description()).isEqualTo("asynclog makes Logback or Log4j2 asynchronous, but Spring Boot"
				+ " chose JavaLoggingSystem as the logging system: neither Logback (spring-boot-starter-logging) nor"
				+ " Log4j2 (spring-boot-starter-log4j2) is on the classpath.");
		assertThat(conflict.action()).startsWith("Add the logging starter of one of them.\n\nFor Logback, Spring"
				+ " Boot's default, remove your exclusions of spring-boot-starter-logging, or add it:\n\n")
			.endsWith("For Log4j2, add spring-boot-starter-log4j2 instead (and keep spring-boot-starter-logging"
					+ " excluded). To leave logging as it is, set asynclog.enabled=false.");
		assertThat(conflict.log4jBindingFirst()).isFalse();
	}

	@Test
	void aLoggingSystemChosenNextToABackend() throws IOException {
		BindingConflict conflict = BindingConflict.noBackend("com.example.CustomLoggingSystem", classPath(logback()));
		assertThat(conflict.description()).isEqualTo("asynclog makes Logback or Log4j2 asynchronous, but Spring Boot"
				+ " chose CustomLoggingSystem as the logging system.");
	}

	@Test
	void theReportReadsAsSpringBootsFailureAnalysis() throws IOException {
		BindingConflict conflict = BindingConflict.bothBackends(classPath(logback(), log4j()));
		String report = conflict.report();
		assertThat(report).isEqualTo("\n***************************\nAPPLICATION FAILED TO START\n"
				+ "***************************\n\nDescription:\n\n" + conflict.description() + "\n\nAction:\n\n"
				+ conflict.action() + "\n");
		AsyncLogConfigurationException failure = conflict.toConfigurationException();
		assertThat(failure.getMessage()).as("the whole report, wherever it is printed").isEqualTo(report);
		assertThat(failure.getDescription()).isEqualTo(conflict.description());
		assertThat(failure.getAction()).isEqualTo(conflict.action());
		assertThat(new BindingConflictException(conflict)).hasMessage(report)
			.as("not caught by Log4j's LogManager")
			.isNotInstanceOf(IllegalStateException.class);
	}

	private Path logback() throws IOException {
		return jar(LOGBACK, List.of(BindingConflict.LOGBACK_BINDING.className()),
				BindingConflict.LOGBACK_BINDING.className());
	}

	private Path log4j() throws IOException {
		return jar(LOG4J, List.of(BindingConflict.LOG4J_BINDING.className()), BindingConflict.LOG4J_BINDING.className());
	}

	private Path log4jToSlf4j() throws IOException {
		return jar(LOG4J_TO_SLF4J, List.of(BindingConflict.LOG4J_TO_SLF4J.className()), null);
	}

	/**
	 * Writes a jar with empty class files and, given a provider, SLF4J's provider file.
	 */
	private Path jar(String name, List<String> classNames, String providerFile) throws IOException {
		Path jar = this.dir.resolve(name);
		try (OutputStream out = Files.newOutputStream(jar); JarOutputStream entries = new JarOutputStream(out)) {
			for (String className : classNames) {
				entries.putNextEntry(new JarEntry(className.replace('.', '/') + ".class"));
				entries.closeEntry();
			}
			if (providerFile != null) {
				entries.putNextEntry(new JarEntry(BindingConflict.SLF4J_PROVIDERS));
				entries.write((providerFile + "\n").getBytes(StandardCharsets.UTF_8));
				entries.closeEntry();
			}
		}
		return jar;
	}

	/**
	 * A class loader that sees the given jars and directories only, in order.
	 */
	private static ClassLoader classPath(Path... entries) throws IOException {
		List<URL> urls = new ArrayList<>();
		for (Path entry : entries) {
			urls.add(entry.toUri().toURL());
		}
		return new URLClassLoader(urls.toArray(URL[]::new), null);
	}

}
