package io.asynclog.core.appender;

import io.asynclog.core.count.AppenderErrors;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The appenders that could not open their file when the application started and that
 * started anyway because {@code asynclog.appender-start-failure=warn}: each backend puts a
 * stand-in in their place that counts every event it receives as one of the appender's
 * {@link AppenderErrors}, and the health stays DOWN with the reason.
 * <p>
 * Filled from the start-up check's result, before the backend configures anything, and replaced at
 * every start, so that an application started again in the same JVM starts clean.
 *
 * @author asynclog
 */
public final class UnopenedAppenders {

	private static volatile Map<String, Unopened> byName = Map.of();

	private UnopenedAppenders() {
	}

	/**
	 * Replaces the appenders that could not open with those of the start that is under way.
	 * @param unopened the appenders, by name
	 */
	public static void replaceAll(Map<String, Unopened> unopened) {
		// A copy that never changes, published whole: readers need no lock.
		byName = Collections.unmodifiableMap(new LinkedHashMap<>(unopened));
	}

	/**
	 * Returns why an appender could not open its file.
	 * @param name the appender's name
	 * @return the failure, or {@code null} if the appender opened or is unknown
	 */
	public static Unopened get(String name) {
		return byName.get(name);
	}

	/**
	 * Returns every appender that could not open its file.
	 * @return the failures
	 */
	public static Collection<Unopened> all() {
		return byName.values();
	}

	/**
	 * An appender that could not open its file.
	 *
	 * @param name the appender's name
	 * @param type its asynclog type, such as {@code rolling-file}
	 * @param property the property that names the file
	 * @param fileName the file
	 * @param reason why it could not open it, in the operating system's words
	 */
	public record Unopened(String name, String type, String property, String fileName, String reason) {

		/**
		 * Returns the sentence the health and the start-up warning show.
		 * @return the description
		 */
		public String describe() {
			return "appender '%s' (%s) could not open %s (%s): %s; every event it receives is counted as an error"
				.formatted(this.name, this.type, this.fileName, this.property, this.reason);
		}

	}

}
