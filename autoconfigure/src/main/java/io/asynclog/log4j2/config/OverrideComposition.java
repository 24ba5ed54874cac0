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
 * Spring Boot loads each file through Log4j2's {@code ConfigurationFactory}, then builds a
 * plain {@code CompositeConfiguration} of them itself and hands it to
 * {@code LoggerContext.reconfigure}: no factory sees the composite, yet what asynclog needs
 * (its stop with the drain, full-ring routing, how a logger is added when a level is set) are
 * methods of the composite's class. Spring Boot's logging system cannot be extended from
 * outside, and Log4j2 has no hook between being handed a configuration and starting it.
 * <p>
 * So {@code Installer} hands Spring Boot each file as Log4j2 parsed it and records it here.
 * The context announces the new configuration to its listeners before {@code reconfigure}
 * returns; when it is Spring Boot's composite of the recorded files (its root node is the
 * first file's), this reloads each file and sets one {@link AsyncLogConfiguration} of them in
 * its place, an ordinary reconfiguration (same-file appenders share one file manager). When
 * every override is {@code optional:} and missing, the main file alone is replaced the same way.
 *
 * @author asynclog
 */
public final class OverrideComposition implements PropertyChangeListener {

	static final String OVERRIDE_PROPERTY = "logging.log4j2.config.override";

	private static final Map<LoggerContext, OverrideComposition> BY_CONTEXT = new WeakHashMap<>();

	private final List<AbstractConfiguration> loaded = new ArrayList<>();

	private OverrideComposition() {
	}

	/** Whether {@code logging.log4j2.config.override} names any file. */
	public static boolean isSet(Environment environment) {
		return Binder.get(environment)
			.bind(OVERRIDE_PROPERTY, Bindable.listOf(String.class))
			.map((files) -> !files.isEmpty())
			.orElse(false);
	}

	/** Records a file Spring Boot loaded, as Log4j2 parsed it, as a part of its composite. */
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

	/** The recorded files the new configuration is made of; forgets them all. */
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
	 * Parses every file again, since Spring Boot's composite already set them up; none if a
	 * file could not be reloaded (Spring Boot's composite then stays, without asynclog).
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
