package io.asynclog.log4j2.lifecycle;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.Order;
import org.apache.logging.log4j.core.config.json.JsonConfigurationFactory;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.properties.PropertiesConfigurationFactory;
import org.apache.logging.log4j.core.config.xml.XmlConfigurationFactory;
import org.apache.logging.log4j.core.config.yaml.YamlConfigurationFactory;
import org.springframework.boot.logging.log4j2.Log4J2LoggingSystem;
import org.springframework.core.env.Environment;

import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.log4j2.config.AsyncLogConfiguration;
import io.asynclog.log4j2.config.AsyncLogPropertySource;
import io.asynclog.log4j2.config.EffectiveMode;
import io.asynclog.log4j2.config.OverrideComposition;

/**
 * The Log4j2 configuration factory through which Spring Boot loads every logging
 * configuration. Its high {@link Order} puts it before Log4j2's own factories, which parse the
 * file; once Spring Boot has attached its environment to the context, it wraps the result in an
 * {@link AsyncLogConfiguration}. Before that, when disabled, and with
 * {@code logging.log4j2.config.override} (see {@link OverrideComposition}) it hands back what
 * Log4j2 parsed.
 *
 * @author asynclog
 */
@Plugin(name = "AsyncLogConfigurationFactory", category = ConfigurationFactory.CATEGORY)
@Order(100)
public class Installer extends ConfigurationFactory {

	private static final String[] TYPES = { ".xml", ".json", ".jsn", ".yaml", ".yml", ".properties" };

	@Override
	protected String[] getSupportedTypes() {
		return TYPES;
	}

	@Override
	public Configuration getConfiguration(LoggerContext loggerContext, ConfigurationSource source) {
		Configuration parsed = parser(source.getLocation()).getConfiguration(loggerContext, source);
		Environment environment = Log4J2LoggingSystem.getEnvironment(loggerContext);
		if (environment == null || !(parsed instanceof AbstractConfiguration base)) {
			return parsed;
		}
		AsyncLogProperties properties = AsyncLogProperties.bind(environment);
		if (!properties.isEnabled()) {
			AsyncLogPropertySource.clear();
			return parsed;
		}
		AsyncLogPropertySource.apply(properties);
		if (OverrideComposition.isSet(environment)) {
			// Spring Boot composes this file with the override files itself; asynclog wraps the
			// files together once that composite is set (OverrideComposition says why).
			OverrideComposition.loaded(loggerContext, base);
			return parsed;
		}
		return new AsyncLogConfiguration(base, properties, EffectiveMode.resolve(properties, loggerContext),
				environment);
	}

	private static ConfigurationFactory parser(String location) {
		String name = (location != null) ? location.toLowerCase() : "";
		if (name.endsWith(".json") || name.endsWith(".jsn")) {
			return new JsonConfigurationFactory();
		}
		if (name.endsWith(".yaml") || name.endsWith(".yml")) {
			return new YamlConfigurationFactory();
		}
		if (name.endsWith(".properties")) {
			return new PropertiesConfigurationFactory();
		}
		return new XmlConfigurationFactory();
	}

}
