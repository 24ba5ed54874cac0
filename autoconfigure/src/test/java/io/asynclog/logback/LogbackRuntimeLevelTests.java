package io.asynclog.logback;

import java.nio.file.Path;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.logging.LoggersEndpoint;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Levels stay on Logback's loggers: Spring Boot's LoggingSystem and the actuator's loggers
 * endpoint change them at run time, for asynchronous and synchronous loggers alike.
 */
class LogbackRuntimeLevelTests {

	@TempDir
	Path dir;

	@Test
	void theLoggingSystemAndTheLoggersEndpointChangeLevelsAtRunTime() {
		Path file = this.dir.resolve("levels.log");
		try (ConfigurableApplicationContext context = LogbackApps.run("management.endpoints.web.exposure.include=loggers",
				"logging.level.root=warn", "logging.level.com.example=info", "asynclog.appenders.main.type=file",
				"asynclog.appenders.main.file-name=" + file, "asynclog.appenders.main.pattern=%m%n",
				"asynclog.loggers[com.example.audit].mode=sync")) {
			Log orders = LogFactory.getLog("com.example.orders");
			Log audit = LogFactory.getLog("com.example.audit.Trail");
			orders.debug("orders debug 1");
			audit.debug("audit debug 1");
			context.getBean(LoggingSystem.class).setLogLevel("com.example.orders", LogLevel.DEBUG);
			context.getBean(LoggersEndpoint.class).configureLogLevel("com.example.audit", LogLevel.DEBUG);
			assertThat(context.getBean(LoggersEndpoint.class).loggerLevels("com.example.orders"))
				.extracting("configuredLevel")
				.isEqualTo("DEBUG");
			orders.debug("orders debug 2");
			audit.debug("audit debug 2");
			context.getBean(LoggingSystem.class).setLogLevel("com.example.orders", null);
			orders.debug("orders debug 3");
			orders.info("orders info 4");
			assertThat(LogbackApps.awaitLines(file, 3)).containsExactly("orders debug 2", "audit debug 2",
					"orders info 4");
		}
	}

}
