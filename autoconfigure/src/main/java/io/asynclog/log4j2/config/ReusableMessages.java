package io.asynclog.log4j2.config;

import java.util.Collection;
import java.util.Set;

import org.apache.logging.log4j.util.PropertySource;

/**
 * Turns Log4j2's thread-locals on in an application that runs from an executable jar (or
 * from a plain class path), so that a log call reuses its message, its parameters and its
 * ring translator instead of allocating them: Log4j2's garbage-free path.
 * <p>
 * Log4j2 switches its thread-locals off whenever the servlet API is on the class path
 * ({@code log4j2.is.webapp}): a web application redeployed in a servlet container would leak
 * its class loader through them. An executable jar with an embedded server is never
 * redeployed, so that guard only costs it an allocation per call. The decision is taken once,
 * when Log4j2 first reads {@code log4j2.enable.threadlocals} (its {@code Constants}, before
 * the first logger), which is why it is made here, in a {@link PropertySource} that Log4j2
 * finds through {@link java.util.ServiceLoader}, and not from application.yml, which is read
 * much later.
 * <p>
 * When it answers: Log4j2 was loaded by the JVM's application class loader or by Spring
 * Boot's launcher (an executable jar or war run with {@code java -jar}). Inside a servlet
 * container (a war deployed to Tomcat, Jetty, an application server) Log4j2 comes from the
 * container's web-application class loader, and Log4j2's guard stays. It never overrides the
 * user: it is searched after system properties, environment variables and
 * {@code log4j2.component.properties}, so {@code -Dlog4j2.enableThreadlocals=false} wins,
 * and it says nothing when {@code log4j2.is.webapp} is set as a system property or
 * {@code LOG4J_IS_WEBAPP} in the environment.
 *
 * @author asynclog
 */
public final class ReusableMessages implements PropertySource {

	/** The property Log4j2's {@code Constants} reads, with its default of {@code !IS_WEB_APP}. */
	static final String THREAD_LOCALS = "log4j2.enable.threadlocals";

	/** How a user says "this is a web application" to Log4j2: system properties, then the environment. */
	private static final String[] IS_WEB_APP_PROPERTIES = { "log4j2.is.webapp", "log4j2.isWebapp" };

	private static final String IS_WEB_APP_VARIABLE = "LOG4J_IS_WEBAPP";

	/**
	 * Class loaders of an application that is never redeployed: Spring Boot's launcher, for
	 * an executable jar or war (Spring Boot 3.2 and later, and the name before it).
	 */
	private static final Set<String> LAUNCHER_LOADERS = Set.of(
			"org.springframework.boot.loader.launch.LaunchedClassLoader",
			"org.springframework.boot.loader.LaunchedURLClassLoader");

	/**
	 * Searched after every source a user sets (Log4j2 searches lower numbers first: system
	 * properties 0, environment variables 100, {@code log4j2.component.properties} 200).
	 */
	private static final int PRIORITY = 300;

	private final boolean executable;

	/** Called by Log4j2's {@link java.util.ServiceLoader}. */
	public ReusableMessages() {
		this.executable = neverRedeployed(ReusableMessages.class.getClassLoader()) && !saidWebApp();
	}

	/**
	 * Returns whether the user told Log4j2 whether this is a web application; then Log4j2's
	 * own default follows from that. Read directly: a source that asked Log4j2's properties
	 * while Log4j2 asks it would be a recursive call, which Log4j2 refuses.
	 */
	private static boolean saidWebApp() {
		for (String property : IS_WEB_APP_PROPERTIES) {
			if (System.getProperty(property) != null) {
				return true;
			}
		}
		return System.getenv(IS_WEB_APP_VARIABLE) != null;
	}

	/**
	 * Returns whether classes from this loader belong to an application that is started once
	 * and never redeployed in place.
	 * @param loader the loader of Log4j2 and asynclog
	 * @return true for the JVM's application class loader and Spring Boot's launcher
	 */
	static boolean neverRedeployed(ClassLoader loader) {
		return loader != null && (loader == ClassLoader.getSystemClassLoader()
				|| LAUNCHER_LOADERS.contains(loader.getClass().getName()));
	}

	/**
	 * Returns whether Log4j2's thread-locals are on in this class loader, as Log4j2 decided.
	 * @return true on the garbage-free path
	 */
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
