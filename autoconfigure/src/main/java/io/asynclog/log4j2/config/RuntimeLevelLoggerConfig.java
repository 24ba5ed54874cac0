package io.asynclog.log4j2.config;

import java.util.List;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;

/**
 * Stands in for the logger config Spring Boot adds when a level is set for a logger name
 * without a config of its own. Spring Boot's always asks for the caller's location, making
 * every call walk the stack; this one asks exactly when the config that served the logger
 * before did, and otherwise behaves as Spring Boot's.
 *
 * @author asynclog
 */
final class RuntimeLevelLoggerConfig extends LoggerConfig {

	private static final String SPRING_BOOT_LEVEL_CONFIG = "org.springframework.boot.logging.log4j2.Log4J2LoggingSystem$LevelSetLoggerConfig";

	private final Configuration configuration;

	private RuntimeLevelLoggerConfig(String name, Level level, boolean additive, boolean includeLocation,
			Configuration configuration) {
		super(name, List.of(), null, level, additive, null, configuration, includeLocation);
		this.configuration = configuration;
	}

	/** A stand-in for Spring Boot's level config when its location setting differs, else {@code added}. */
	static LoggerConfig replacing(LoggerConfig added, Configuration configuration) {
		if (!SPRING_BOOT_LEVEL_CONFIG.equals(added.getClass().getName())) {
			return added;
		}
		boolean includeLocation = configuration.getLoggerConfig(added.getName()).isIncludeLocation();
		if (includeLocation == added.isIncludeLocation()) {
			return added;
		}
		return new RuntimeLevelLoggerConfig(added.getName(), added.getExplicitLevel(), added.isAdditive(),
				includeLocation, configuration);
	}

	/** Clearing the level removes this config, as Spring Boot does with its own. */
	@Override
	public void setLevel(Level level) {
		if (level == null) {
			this.configuration.removeLogger(getName());
			return;
		}
		super.setLevel(level);
	}

}
