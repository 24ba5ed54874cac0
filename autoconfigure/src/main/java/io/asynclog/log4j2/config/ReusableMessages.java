package io.asynclog.log4j2.config;

import java.util.Collection;
import java.util.Set;

import org.apache.logging.log4j.util.PropertySource;

/**
 * Turns Log4j2's thread-locals on in an application run from an executable jar or a plain
 * class path, so that a log call reuses its message, parameters and ring translator: Log4j2's
 * garbage-free path.
 * <p>
 * Log4j2 switches them off whenever the servlet API is on the class path, since a redeployed
 * web application would leak its class loader through them; an executable jar is never
 * redeployed. Log4j2 decides once, before the first logger, long before application.yml is
 * read: hence a {@link PropertySource} found through {@link java.util.ServiceLoader}.
 * <p>
 * It answers only when Log4j2 was loaded by the application class loader or Spring Boot's
 * launcher (not a servlet container's web-application loader), and never overrides the user:
 * it is searched after system properties, environment variables and
 * {@code log4j2.component.properties}, and is silent when {@code log4j2.is.webapp} or
 * {@code LOG4J_IS_WEBAPP} is set.
 *
 * @author asynclog
 */
public final class ReusableMessages implements PropertySource {

	/** The property Log4j2's {@code Constants} reads, with its default of {@code !IS_WEB_APP}. */
	static final String THREAD_LOCALS = "log4j2.enable.threadlocals";

	/** How a user says "this is a web application" to Log4j2: system properties, then the environment. */
	private static final String[] IS_WEB_APP_PROPERTIES = { "log4j2.is.webapp", "log4j2.isWebapp" };

	private static final String IS_WEB_APP_VARIABLE = "LOG4J_IS_WEBAPP";

	/** Spring Boot's launcher class loaders (3.2 and later, and the name before). */
	private static final Set<String> LAUNCHER_LOADERS = Set.of(
			"org.springframework.boot.loader.launch.LaunchedClassLoader",
			"org.springframework.boot.loader.LaunchedURLClassLoader");

	/** After system properties (0), environment (100) and component properties (200). */
	private static final int PRIORITY = 300;

	private final boolean executable;

	/** Called by Log4j2's {@link java.util.ServiceLoader}. */
	public ReusableMessages() {
		this.executable = neverRedeployed(ReusableMessages.class.getClassLoader()) && !saidWebApp();
	}

	/**
	 * Whether the user told Log4j2 whether this is a web application. Read directly: asking
	 * Log4j2's properties while Log4j2 asks this source is a recursion Log4j2 refuses.
	 */
	private static boolean saidWebApp() {
		for (String property : IS_WEB_APP_PROPERTIES) {
			if (System.getProperty(property) != null) {
				return true;
			}
		}
		return System.getenv(IS_WEB_APP_VARIABLE) != null;
	}

	/** True for the JVM's application class loader and Spring Boot's launcher. */
	static boolean neverRedeployed(ClassLoader loader) {
		return loader != null && (loader == ClassLoader.getSystemClassLoader()
				|| LAUNCHER_LOADERS.contains(loader.getClass().getName()));
	}

	/** Whether Log4j2's thread-locals are on, as Log4j2 decided: the garbage-free path. */
	public static boolean threadLocalsOn() {
		return org.apache.logging.log4j.util.Constants.ENABLE_THREADLOCALS;
	}

	@Override
	public int getPriority() {
		return PRIORITY;
	}

	@Override
	public String getProperty(String key) {
		return containsProperty(key) ? "true" : null;
	}

	@Override
	public boolean containsProperty(String key) {
		return this.executable && THREAD_LOCALS.equals(key);
	}

	@Override
	public Collection<String> getPropertyNames() {
		return this.executable ? Set.of(THREAD_LOCALS) : Set.of();
	}

}
