package io.asynclog.core.config;

/**
 * Thrown when asynclog cannot set up logging as configured. Carries the text of the failure
 * analysis Spring Boot prints at start-up: what is wrong and how to fix it.
 *
 * @author asynclog
 * @see io.asynclog.autoconfigure.AsyncLogFailureAnalyzer
 */
public class AsyncLogConfigurationException extends IllegalStateException {

	private final String description;

	private final String action;

	public AsyncLogConfigurationException(String description, String action) {
		super(description);
		this.description = description;
		this.action = action;
	}

	/**
	 * Creates the exception for a property whose value cannot be used.
	 * @param property the full property name, for example {@code asynclog.ring-buffer-size}
	 * @param accepted what the property accepts
	 */
	public static AsyncLogConfigurationException invalidValue(String property, Object value, String problem,
			String accepted) {
		return new AsyncLogConfigurationException(
				"Invalid value '%s' for property '%s': %s.".formatted(value, property, problem),
				"Update your application's configuration. '%s' accepts %s.".formatted(property, accepted));
	}

	/**
	 * Creates the exception for a property that is set but that nothing reads.
	 * @param accepted the properties that would be read instead
	 */
	public static AsyncLogConfigurationException unknownProperty(String property, Object value, String problem,
			String accepted) {
		return new AsyncLogConfigurationException(
				"Unknown property '%s' with value '%s': %s.".formatted(property, value, problem),
				"Update your application's configuration. %s.".formatted(accepted));
	}

	/**
	 * Creates the exception for a file appender that cannot open its file.
	 * @param appender what writes the file, for example {@code rolling-file appender 'main'}
	 * @param reason why it cannot be opened, in the operating system's words
	 * @param optOut the property that starts the application anyway, or {@code null}
	 */
	public static AsyncLogConfigurationException cannotOpen(String property, String appender, String fileName,
			String reason, String optOut) {
		String startAnyway = (optOut != null) ? " To start anyway, with the health DOWN and every event meant"
				+ " for this appender counted as one of its errors, set " + optOut + "." : "";
		return new AsyncLogConfigurationException(
				"The %s cannot open its file '%s' (property '%s'): %s.".formatted(appender, fileName, property, reason),
				("Make the directory exist and be writable by the user the application runs as, with space left,"
						+ " or point '%s' at a regular file the application can create and write to.%s")
					.formatted(property, startAnyway));
	}

	public String getDescription() {
		return this.description;
	}

	public String getAction() {
		return this.action;
	}

}
