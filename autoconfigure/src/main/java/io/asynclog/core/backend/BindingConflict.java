package io.asynclog.core.backend;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;

import io.asynclog.core.config.AsyncLogConfigurationException;

/**
 * A classpath on which asynclog cannot tell which logging backend to make asynchronous:
 * Logback and Log4j2 both bound to SLF4J, or neither of them there, with the text of the
 * failure and its fix. Found from the classes and SLF4J provider entries the class loader
 * sees, without calling a logging library, so that a hook inside a logging library's own
 * initialisation can use it too.
 *
 * @author asynclog
 * @see BindingConflictException
 */
public final class BindingConflict {

	/** SLF4J's own switch for choosing one of several providers: set, the choice is explicit. */
	static final String SLF4J_PROVIDER_PROPERTY = "slf4j.provider";

	static final Jar LOGBACK_BINDING = new Jar("logback-classic", "ch.qos.logback.classic.spi.LogbackServiceProvider");

	static final Jar LOG4J_BINDING = new Jar("log4j-slf4j2-impl", "org.apache.logging.slf4j.SLF4JServiceProvider");

	static final Jar LOG4J_CORE = new Jar("log4j-core", "org.apache.logging.log4j.core.LoggerContext");

	static final Jar LOG4J_TO_SLF4J = new Jar("log4j-to-slf4j", "org.apache.logging.slf4j.SLF4JLoggerContextFactory");

	/** Where SLF4J's {@link java.util.ServiceLoader} finds its providers, in classpath order. */
	static final String SLF4J_PROVIDERS = "META-INF/services/org.slf4j.spi.SLF4JServiceProvider";

	private static final String ANALYSIS_BANNER = """

			***************************
			APPLICATION FAILED TO START
			***************************

			""";

	private static final String LOGGING_STARTER_EXCLUSION = """
				<dependency>
					<groupId>io.asynclog</groupId>
					<artifactId>asynclog-spring-boot-starter</artifactId>
					<exclusions>
						<exclusion>
							<groupId>org.springframework.boot</groupId>
							<artifactId>spring-boot-starter-logging</artifactId>
						</exclusion>
					</exclusions>
				</dependency>
			""";

	private static final String LOGGING_STARTER = """
				<dependency>
					<groupId>org.springframework.boot</groupId>
					<artifactId>spring-boot-starter-logging</artifactId>
				</dependency>
			""";

	private static final String LIST_LOGGING_STARTERS = "./mvnw dependency:tree"
			+ " -Dincludes=org.springframework.boot:spring-boot-starter-logging";

	private final String description;

	private final String action;

	private final boolean log4jBindingFirst;

	private BindingConflict(String description, String action, boolean log4jBindingFirst) {
		this.description = description;
		this.action = action;
		this.log4jBindingFirst = log4jBindingFirst;
	}

	/**
	 * Looks for both Logback's and Log4j2's SLF4J binding, of which SLF4J takes the first on
	 * the classpath. No conflict when the {@code slf4j.provider} system property chooses.
	 * @param classLoader the application's class loader
	 * @return the conflict, or {@code null} if there is none
	 */
	public static BindingConflict bothBackends(ClassLoader classLoader) {
		String chosenProvider = System.getProperty(SLF4J_PROVIDER_PROPERTY);
		if (chosenProvider != null && !chosenProvider.isBlank()) {
			return null;
		}
		String logback = LOGBACK_BINDING.locate(classLoader);
		String log4j = LOG4J_BINDING.locate(classLoader);
		if (logback == null || log4j == null) {
			return null;
		}
		Jar first = firstSlf4jBinding(classLoader);
		String consequence;
		if (first == LOG4J_BINDING && LOG4J_TO_SLF4J.locate(classLoader) != null) {
			consequence = "SLF4J takes Log4j2's, which comes first, and Log4j cannot start next to log4j-to-slf4j"
					+ " (\"log4j-slf4j2-impl cannot be present with log4j-to-slf4j\").";
		}
		else if (first == LOG4J_BINDING) {
			consequence = "SLF4J takes Log4j2's, which comes first, while Spring Boot, finding Logback, runs its"
					+ " Logback logging system, which cannot start without Logback's binding.";
		}
		else if (first == LOGBACK_BINDING) {
			consequence = "SLF4J takes Logback's, which comes first: Spring Boot runs on Logback and Log4j2 sits"
					+ " unused next to it.";
		}
		else {
			consequence = "Which one logs depends on the order of the classpath.";
		}
		return new BindingConflict("asynclog makes either Logback or Log4j2 asynchronous, but both are bound to SLF4J: "
				+ logback + " (from spring-boot-starter-logging, Spring Boot's default) and " + log4j
				+ " (from spring-boot-starter-log4j2) are on the classpath. " + consequence,
				"Keep one of the two.\n\n" + "To stay on Logback, Spring Boot's default, remove the"
						+ " spring-boot-starter-log4j2 dependency.\n\n"
						+ "To use Log4j2, exclude spring-boot-starter-logging from every starter that brings it,"
						+ " asynclog's among them:\n\n" + LOGGING_STARTER_EXCLUSION + "\n" + LIST_LOGGING_STARTERS
						+ " lists the starters that bring it. If both are meant to be there, choose SLF4J's provider"
						+ " with -D" + SLF4J_PROVIDER_PROPERTY + "=<class name> and Spring Boot's logging system"
						+ " with -Dorg.springframework.boot.logging.LoggingSystem=<class name>.",
				first == LOG4J_BINDING);
	}

	/**
	 * Describes a logging system that asynclog has no backend for.
	 * @param loggingSystem the class name of the logging system Spring Boot chose
	 */
	public static BindingConflict noBackend(String loggingSystem, ClassLoader classLoader) {
		boolean neither = LOGBACK_BINDING.locate(classLoader) == null && LOG4J_CORE.locate(classLoader) == null;
		String simpleName = loggingSystem.substring(loggingSystem.lastIndexOf('.') + 1);
		String description = "asynclog makes Logback or Log4j2 asynchronous, but Spring Boot chose " + simpleName
				+ " as the logging system"
				+ (neither ? ": neither Logback (spring-boot-starter-logging) nor Log4j2 (spring-boot-starter-log4j2)"
						+ " is on the classpath." : ".");
		String action = "Add the logging starter of one of them.\n\n"
				+ "For Logback, Spring Boot's default, remove your exclusions of spring-boot-starter-logging, or"
				+ " add it:\n\n" + LOGGING_STARTER + "\n"
				+ "For Log4j2, add spring-boot-starter-log4j2 instead (and keep spring-boot-starter-logging"
				+ " excluded). To leave logging as it is, set asynclog.enabled=false.";
		return new BindingConflict(description, action, false);
	}

	/** Whether SLF4J takes Log4j2's binding: then nothing can log until the classpath is fixed. */
	public boolean log4jBindingFirst() {
		return this.log4jBindingFirst;
	}

	public String description() {
		return this.description;
	}

	/** How to fix it: the dependency to add or exclude, with its Maven snippet. */
	public String action() {
		return this.action;
	}

	/**
	 * The failure for Spring Boot's failure analysis; its message is the whole
	 * {@link #report()}, so that wherever it is printed the fix is too.
	 */
	public AsyncLogConfigurationException toConfigurationException() {
		return new Failure(this);
	}

	/** The failure as Spring Boot prints an analysis, for hooks that run before Spring Boot. */
	public String report() {
		return ANALYSIS_BANNER + "Description:\n\n" + this.description + "\n\nAction:\n\n" + this.action + "\n";
	}

	/**
	 * Returns the binding SLF4J takes: the first provider in the provider files, in classpath order.
	 * @return Logback's or Log4j2's binding, or {@code null} if another provider, or none, comes first
	 */
	static Jar firstSlf4jBinding(ClassLoader classLoader) {
		try {
			Enumeration<URL> files = classLoader.getResources(SLF4J_PROVIDERS);
			while (files.hasMoreElements()) {
				try (BufferedReader reader = new BufferedReader(
						new InputStreamReader(files.nextElement().openStream(), StandardCharsets.UTF_8))) {
					String line;
					while ((line = reader.readLine()) != null) {
						String provider = line.replaceFirst("#.*", "").trim();
						if (!provider.isEmpty()) {
							return LOGBACK_BINDING.className().equals(provider) ? LOGBACK_BINDING
									: LOG4J_BINDING.className().equals(provider) ? LOG4J_BINDING : null;
						}
					}
				}
			}
		}
		catch (IOException ex) {
			// Unreadable: the order stays unknown.
		}
		return null;
	}

	/** A start-up failure whose message is the whole report, not only the description. */
	private static final class Failure extends AsyncLogConfigurationException {

		private final String report;

		Failure(BindingConflict conflict) {
			super(conflict.description, conflict.action);
			this.report = conflict.report();
		}

		@Override
		public String getMessage() {
			return this.report;
		}

	}

	/**
	 * A jar known by one of its classes.
	 *
	 * @param artifactId the jar's artifact
	 * @param className a class only that jar holds
	 */
	record Jar(String artifactId, String className) {

		/**
		 * Returns the jar's file name, or its artifact when the class is not in a jar file.
		 * @return the name, or {@code null} when the class loader cannot see the class
		 */
		String locate(ClassLoader classLoader) {
			URL resource = classLoader.getResource(this.className.replace('.', '/') + ".class");
			if (resource == null) {
				return null;
			}
			String location = resource.toString();
			int end = location.lastIndexOf(".jar!/");
			if (end < 0) {
				return this.artifactId;
			}
			String jar = location.substring(0, end + ".jar".length());
			return jar.substring(jar.lastIndexOf('/') + 1);
		}

	}

}
