package io.asynclog.log4j2.config;

import java.beans.PropertyChangeEvent;
import java.beans.PropertyChangeListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.Reconfigurable;
import org.apache.logging.log4j.status.StatusLogger;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.logging.log4j2.Log4J2LoggingSystem;
import org.springframework.core.env.Environment;

import io.asynclog.core.config.AsyncLogProperties;

/**
 * Puts an {@link AsyncLogConfiguration} of the same files in the place of the composite
 * Spring Boot builds for {@code logging.log4j2.config.override}.
 * <p>
 * Why it works this way. Spring Boot's {@code Log4J2LoggingSystem} loads the main file and
 * then each override file through Log4j2's {@code ConfigurationFactory}, one at a time;
 * then it builds a plain Log4j2 {@code CompositeConfiguration} of them itself and hands
 * that to {@code LoggerContext.reconfigure(Configuration)}. No configuration factory sees
 * the composite, and what asynclog needs of the configuration that runs (its own stop with
 * the drain, the async-logger ring with full-ring routing, the way it adds a logger when a
 * level is set) are methods of the composite's class, which Spring Boot chose. Wrapping
 * each file on its own, as asynclog did before, rewrote every file's tree separately and
 * left all of that off. Spring Boot's logging system cannot be extended from outside its
 * package, and Log4j2 has no hook between being handed a configuration and starting it.
 * <p>
 * So, when the override property is set, asynclog's configuration factory
 * ({@code Installer}) hands Spring Boot each file as Log4j2 parsed it and records it here. The logger context announces
 * every new configuration to its property-change listeners on the thread that set it,
 * before {@code reconfigure} returns to Spring Boot. When the new configuration is Spring
 * Boot's composite of the recorded files (its root node is the first file's, as Log4j2's
 * composite takes it over), this reloads each file, as Log4j2's own reload does, and sets
 * one {@link AsyncLogConfiguration} of them all in the composite's place: an ordinary
 * Log4j2 reconfiguration. Spring Boot's composite runs only until then, with the files'
 * appenders and no asynclog changes; as in every reconfiguration, appenders of the same
 * file share one file manager, so the file is not opened twice.
 * <p>
 * When every override is {@code optional:} and missing, Spring Boot uses the main file
 * alone; it is then replaced the same way.
 *
 * @author asynclog
 */
public final class OverrideComposition implements PropertyChangeListener {

	static final String OVERRIDE_PROPERTY = "logging.log4j2.config.override";

	private static final Map<LoggerContext, OverrideComposition> BY_CONTEXT = new WeakHashMap<>();

	private final List<AbstractConfiguration> loaded = new ArrayList<>();

	private OverrideComposition() {
	}

	/**
	 * Returns whether Spring Boot is going to compose the configuration it loads with
	 * override files.
	 * @param environment the Spring environment
	 * @return true when {@code logging.log4j2.config.override} names any file
	 */
	public static boolean isSet(Environment environment) {
		return Binder.get(environment)
			.bind(OVERRIDE_PROPERTY, Bindable.listOf(String.class))
			.map((files) -> !files.isEmpty())
			.orElse(false);
	}

	/**
	 * Records a file Spring Boot loaded as a part of its composite.
	 * @param context the logger context it is loaded for
	 * @param part the file as Log4j2 parsed it, not yet set up
	 */
	public static void loaded(LoggerContext context, AbstractConfiguration part) {
		OverrideComposition composition;
		synchronized (BY_CONTEXT) {
			composition = BY_CONTEXT.get(context);
			if (composition == null) {
				composition = new OverrideComposition();
				BY_CONTEXT.put(context, composition);
				context.addPropertyChangeListener(composition);
			}
		}
		composition.record(part);
	}

	private synchronized void record(AbstractConfiguration part) {
		this.loaded.add(part);
	}

	@Override
	public void propertyChange(PropertyChangeEvent event) {
		if (!LoggerContext.PROPERTY_CONFIG.equals(event.getPropertyName())
				|| !(event.getSource() instanceof LoggerContext context)) {
			return;
		}
		List<AbstractConfiguration> parts = partsOf((Configuration) event.getNewValue());
		if (parts.isEmpty()) {
			return;
		}
		Environment environment = Log4J2LoggingSystem.getEnvironment(context);
		if (environment == null) {
			return;
		}
		AsyncLogProperties properties = AsyncLogProperties.bind(environment);
		if (!properties.isEnabled()) {
			return;
		}
		List<AbstractConfiguration> reloaded = reload(parts);
		if (reloaded.isEmpty()) {
			return;
		}
		context.setConfiguration(new AsyncLogConfiguration(reloaded, properties,
				EffectiveMode.resolve(properties, context), environment));
	}

	/**
	 * Returns the recorded files the new configuration is made of, in order, and forgets
	 * every recorded file: a later configuration is loaded anew.
	 */
	private synchronized List<AbstractConfiguration> partsOf(Configuration running) {
		List<AbstractConfiguration> parts = Collections.emptyList();
		if (running instanceof AbstractConfiguration composed && !(running instanceof AsyncLogConfiguration)) {
			Node root = composed.getRootNode();
			for (int i = 0; i < this.loaded.size(); i++) {
				// Files recorded before the first one are left over from a load that failed.
				if (this.loaded.get(i).getRootNode() == root) {
					parts = List.copyOf(this.loaded.subList(i, this.loaded.size()));
					break;
				}
			}
		}
		this.loaded.clear();
		return parts;
	}

	/**
	 * Parses every file again: the recorded ones were set up and merged by Spring Boot's
	 * composite, and a configuration is set up only once.
	 * @return the new configurations, or none if a file could not be reloaded (Spring Boot's
	 * composite then stays, and the start-up report says asynclog does not apply to it)
	 */
	private static List<AbstractConfiguration> reload(List<AbstractConfiguration> parts) {
		List<AbstractConfiguration> reloaded = new ArrayList<>();
		for (AbstractConfiguration part : parts) {
			Configuration again = (part instanceof Reconfigurable reconfigurable) ? reconfigurable.reconfigure() : null;
			if (!(again instanceof AbstractConfiguration abstractConfiguration)) {
				StatusLogger.getLogger()
					.warn("asynclog: could not load {} again to combine it with the other files of {}; the"
							+ " configuration Spring Boot composed stays, without asynclog",
							part.getConfigurationSource().getLocation(), OVERRIDE_PROPERTY);
				return List.of();
			}
			reloaded.add(abstractConfiguration);
		}
		return reloaded;
	}

}
