package io.asynclog.log4j2.lifecycle;

import java.net.URI;
import java.util.Collection;
import java.util.Set;

import org.apache.logging.log4j.spi.LoggerContext;
import org.apache.logging.log4j.spi.LoggerContextFactory;
import org.apache.logging.log4j.spi.Provider;
import org.apache.logging.log4j.util.PropertySource;

import io.asynclog.core.backend.BindingConflict;
import io.asynclog.core.backend.BindingConflictException;

/**
 * Stops an application that has both Logback's and Log4j2's SLF4J binding, Log4j2's first,
 * before it logs, with asynclog's explanation and fix, where Log4j would otherwise fail with
 * "log4j-slf4j2-impl cannot be present with log4j-to-slf4j", naming neither.
 * <p>
 * The first logger (Spring Boot's own, in a static initialiser) makes the Log4j API pick its
 * provider once from {@code log4j.provider}, read from every {@link PropertySource} the
 * {@link java.util.ServiceLoader} finds: asynclog's earliest code, before any Spring code. On a
 * {@link BindingConflict} with Log4j2's binding first, this source names
 * {@link RefusingProvider}, whose context factory throws a {@link BindingConflictException};
 * otherwise it answers nothing, and with Logback's binding first the conflict is reported once
 * Spring Boot runs. It cannot throw itself: Log4j only logs what a property source throws.
 *
 * @author asynclog
 */
public final class BindingConflictGuard implements PropertySource {

	static final String PROVIDER_PROPERTY = Provider.PROVIDER_PROPERTY_NAME;

	/** Before system properties (0) and Spring Boot's source (-100): a conflict is not a choice. */
	private static final int PRIORITY = -300;

	private static volatile BindingConflict conflict;

	private final String provider;

	/** Called by Log4j's {@link java.util.ServiceLoader}. */
	public BindingConflictGuard() {
		BindingConflict found = BindingConflict.bothBackends(BindingConflictGuard.class.getClassLoader());
		boolean refuse = found != null && found.log4jBindingFirst();
		if (refuse) {
			conflict = found;
		}
		this.provider = refuse ? RefusingProvider.class.getName() : null;
	}

	@Override
	public int getPriority() {
		return PRIORITY;
	}

	@Override
	public String getProperty(String key) {
		return PROVIDER_PROPERTY.equals(key) ? this.provider : null;
	}

	@Override
	public boolean containsProperty(String key) {
		return getProperty(key) != null;
	}

	@Override
	public Collection<String> getPropertyNames() {
		return (this.provider != null) ? Set.of(PROVIDER_PROPERTY) : Set.of();
	}

	/** The Log4j API provider chosen when the classpath has a conflict. */
	public static final class RefusingProvider extends Provider {

		/** Called by Log4j, from the class name the guard gave. */
		public RefusingProvider() {
			super(null, CURRENT_VERSION);
		}

		@Override
		public LoggerContextFactory getLoggerContextFactory() {
			return new RefusingContextFactory(conflict);
		}

	}

	/** Throws the conflict at every request for a logger context, before the first logger exists. */
	private record RefusingContextFactory(BindingConflict conflict) implements LoggerContextFactory {

		@Override
		public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext,
				boolean currentContext) {
			throw new BindingConflictException(this.conflict);
		}

		@Override
		public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext,
				URI configLocation, String name) {
			throw new BindingConflictException(this.conflict);
		}

		@Override
		public void removeContext(LoggerContext context) {
		}

	}

}
