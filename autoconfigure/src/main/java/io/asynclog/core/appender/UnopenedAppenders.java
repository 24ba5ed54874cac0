package io.asynclog.core.appender;

import io.asynclog.core.count.AppenderErrors;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The appenders that could not open their file at start-up and started anyway
 * ({@code asynclog.appender-start-failure=warn}): each backend puts a stand-in in their place
 * that counts every event as one of the appender's {@link AppenderErrors}, and the health
 * stays DOWN. Replaced at every start, so that a restart in the same JVM starts clean.
 *
 * @author asynclog
 */
public final class UnopenedAppenders {

	private static volatile Map<String, Unopened> byName = Map.of();

	private UnopenedAppenders() {
	}

	/** Replaces the appenders that could not open with those of the start under way. */
	public static void replaceAll(Map<String, Unopened> unopened) {
		// A copy that never changes, published whole: readers need no lock.
		byName = Collections.unmodifiableMap(new LinkedHashMap<>(unopened));
	}

	/** Why an appender could not open its file, or {@code null} if it opened or is unknown. */
	public static Unopened get(String name) {
		return byName.get(name);
	}

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

		/** The sentence the health and the start-up warning show. */
		public String describe() {
			return "appender '%s' (%s) could not open %s (%s): %s; every event it receives is counted as an error"
				.formatted(this.name, this.type, this.fileName, this.property, this.reason);
		}

	}

}
