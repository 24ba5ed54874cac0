package io.asynclog.log4j2.config;

import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.core.lookup.Interpolator;
import org.apache.logging.log4j.core.lookup.StrSubstitutor;
import org.apache.logging.log4j.core.pattern.PatternParser;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

import io.asynclog.core.config.AsyncLogPropertiesValidator;

/**
 * Parses a PatternLayout pattern the way Log4j2 will, to catch a bad pattern at start-up.
 * Log4j2 itself only reports a bad pattern through its status logger and then prints the
 * broken part literally on every line.
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
		return "Log4j2";
	}

	@Override
	public String accepted() {
		return "a Log4j2 PatternLayout pattern, such as '%d %-5p [%t] %c{1.}: %m%n'";
	}

	@Override
	public String problem(String pattern) {
		ErrorCollector errors = new ErrorCollector();
		StatusLogger statusLogger = StatusLogger.getLogger();
		statusLogger.registerListener(errors);
		try {
			PatternParser parser = PatternLayout.createPatternParser(null);
			parser.parse(new StrSubstitutor(new Interpolator()).replace(pattern), false, true, true);
		}
		catch (RuntimeException ex) {
			errors.messages.add(ex.getMessage());
		}
		finally {
			statusLogger.removeListener(errors);
		}
		return errors.messages.isEmpty() ? null : String.join("; ", errors.messages);
	}

	private static final class ErrorCollector implements StatusListener {

		private final List<String> messages = new ArrayList<>();

		@Override
		public void log(StatusData data) {
			if (data.getLevel().isMoreSpecificThan(Level.ERROR)) {
				synchronized (this.messages) {
					this.messages.add(data.getMessage().getFormattedMessage());
				}
			}
		}

		@Override
		public Level getStatusLevel() {
			return Level.ERROR;
		}

		@Override
		public void close() {
		}

	}

}
