package io.asynclog.log4j2;

import java.util.List;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.log4j2.Log4J2LoggingSystem;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

import io.asynclog.appender.LogAppender;
import io.asynclog.backend.LoggingBackend;
import io.asynclog.backend.LoggingBackends;
import io.asynclog.config.AsyncLogProperties.Mode;
import io.asynclog.config.AsyncLogProperties;
import io.asynclog.config.AsyncLogPropertiesValidator;
import io.asynclog.log4j2.appender.LogAppenders;
import io.asynclog.log4j2.config.EffectiveMode;
import io.asynclog.log4j2.config.PatternCheck;
import io.asynclog.log4j2.config.StartupReport;
import io.asynclog.log4j2.appender.ShutdownCutoff;
import io.asynclog.log4j2.queue.LogQueues;
import io.asynclog.queue.LogQueue;

/**
 * asynclog's view of Log4j2: the queues and appenders of the current logger context.
 *
 * @author asynclog
 */
public final class Log4j2Backend implements LoggingBackend {

	static final String LOGGING_SYSTEM = "org.springframework.boot.logging.log4j2.Log4J2LoggingSystem";

	private static final String LOG4J_CORE = "org.apache.logging.log4j.core.LoggerContext";

	private final LoggerContext context;

	private final Environment environment;

	Log4j2Backend(LoggerContext context, Environment environment) {
		this.context = context;
		this.environment = environment;
	}

	@Override
	public String name() {
		return "log4j2";
	}

	@Override
	public List<LogQueue> queues() {
		return LogQueues.of(this.context);
	}

	@Override
	public List<LogAppender> appenders() {
		return LogAppenders.of(this.context);
	}

	@Override
	public Mode runningMode() {
		return EffectiveMode.running(this.context);
	}

	/**
	 * In all-async mode Log4j2 halts the context's ring, after up to 10 s of its own, before
	 * it stops the configuration whose stop drains asynclog's queues: the drain comes first.
	 */
	@Override
	public void drainBeforeLoggingStops() {
		if (this.context.getConfiguration() instanceof ShutdownCutoff.Owner owner) {
			owner.drainBeforeContextStops();
		}
	}

	@Override
	public StartupLines describe() {
		return StartupReport.describe(this.context, this.environment);
	}

	/**
	 * Finds Log4j2 when Spring Boot chose it.
	 */
	public static final class Detector implements LoggingBackends.Detector {

		@Override
		public boolean isChosen(ClassLoader classLoader) {
			return chosen(classLoader);
		}

		@Override
		public void validate(AsyncLogProperties properties, Environment environment, ClassLoader classLoader) {
			new AsyncLogPropertiesValidator(environment, PatternCheck.INSTANCE).validate(properties);
			EffectiveMode.resolve(properties, (LoggerContext) LogManager.getContext(classLoader, false));
		}

		@Override
		public LoggingBackend detect(ClassLoader classLoader) {
			LoggerContext context = (LoggerContext) LogManager.getContext(classLoader, false);
			return new Log4j2Backend(context, Log4J2LoggingSystem.getEnvironment(context));
		}

		/**
		 * Returns whether Spring Boot's logging system for this class loader is its Log4j2 one.
		 * @param classLoader the application's class loader
		 * @return true when Spring Boot chose Log4j2
		 */
		public static boolean chosen(ClassLoader classLoader) {
			// Without log4j-core (an application on Logback) nothing here may load Log4j2's classes.
			if (!ClassUtils.isPresent(LOG4J_CORE, classLoader)) {
				return false;
			}
			try {
				return LOGGING_SYSTEM.equals(LoggingSystem.get(classLoader).getClass().getName());
			}
			catch (RuntimeException | LinkageError ex) {
				return false;
			}
		}

	}

}
