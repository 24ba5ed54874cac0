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
 * configuration: its own packaged default, {@code log4j2-spring.xml}, {@code log4j2.xml}
 * or the file {@code logging.config} names.
 * <p>
 * Log4j2 picks a factory by file extension, highest {@link Order} first, so this one sees
 * each file before Log4j2's own factories. It lets them parse the file and, once Spring
 * Boot has attached its environment to the logger context, wraps the result in an
 * {@link AsyncLogConfiguration}. Before that (Log4j2's own start-up) and when
 * {@code asynclog.enabled=false}, it hands back exactly what Log4j2 parsed. With
 * {@code logging.log4j2.config.override} it hands back what Log4j2 parsed too, and
 * {@link OverrideComposition} wraps all the files together once Spring Boot has composed
 * them.
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
