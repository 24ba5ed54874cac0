package io.asynclog.logback.config;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.core.spi.ScanException;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.util.OptionHelper;

import io.asynclog.core.config.AsyncLogPropertiesValidator;

/**
 * Parses a layout pattern with Logback's own parser and compiler, as the appender will, to
 * catch a bad pattern at start-up: Logback itself only adds an error status, and then writes
 * {@code %PARSER_ERROR[...]} on every line or nothing at all.
 * <p>
 * The pattern is read as asynclog's appenders read it: {@code ${...}} variables substituted,
 * and Spring Boot's conversion words ({@code %clr}, {@code %wEx}, ...) known.
 *
 * @author asynclog
 */
public final class PatternCheck implements AsyncLogPropertiesValidator.PatternSyntax {

	/** The one instance: it holds no state. */
	public static final PatternCheck INSTANCE = new PatternCheck();

	private PatternCheck() {
	}

	@Override
	public String library() {
		return "Logback";
	}

	@Override
	public String accepted() {
		return "a Logback PatternLayout pattern, such as '%d %-5level [%thread] %logger{36}: %msg%n'";
	}

	@Override
	public String problem(String pattern) {
		// A context of its own: the application's is not configured yet, and its status list
		// should not show a rejected pattern as Logback's own error.
		LoggerContext scratch = new LoggerContext();
		String resolved;
		try {
			resolved = OptionHelper.substVars(pattern, scratch);
		}
		catch (ScanException | IllegalArgumentException ex) {
			return ex.getMessage();
		}
		PatternLayout layout = new PatternLayout();
		layout.setContext(scratch);
		SpringBootPatterns.addConversionWords(layout);
		layout.setPattern(resolved);
		try {
			layout.start();
		}
		catch (RuntimeException ex) {
			return ex.getMessage();
		}
		finally {
			layout.stop();
		}
		List<String> errors = new ArrayList<>();
		for (Status status : scratch.getStatusManager().getCopyOfStatusList()) {
			if (status.getLevel() >= Status.ERROR) {
				Throwable cause = status.getThrowable();
				errors.add((cause != null && cause.getMessage() != null)
						? status.getMessage() + " " + cause.getMessage() : status.getMessage());
			}
		}
		return errors.isEmpty() ? null : String.join("; ", errors);
	}

}
