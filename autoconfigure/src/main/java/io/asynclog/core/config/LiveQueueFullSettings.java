package io.asynclog.core.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.springframework.boot.logging.LogLevel;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;

/**
 * The queue-full policy and discard threshold an operator set at run time through the
 * {@code asynclog} endpoint, in place of the configured ones: one value for the whole JVM,
 * read (one volatile read) only for an event that found its queue full. Never persisted:
 * {@link #reset()} runs whenever asynclog configures logging.
 *
 * @author asynclog
 */
public final class LiveQueueFullSettings {

	/** The policy's name, as the endpoint and the messages give it. */
	public static final String QUEUE_FULL_POLICY = "queue-full-policy";

	/** The threshold's name, as the endpoint and the messages give it. */
	public static final String DISCARD_THRESHOLD = "discard-threshold";

	/** {@code null} while the configured values stand. */
	private static volatile Values live;

	private LiveQueueFullSettings() {
	}

	/** The values set at run time, or {@code null} while the configured ones stand. */
	public static Values live() {
		return live;
	}

	/** The values in force: those set at run time, else the configured ones. */
	public static Values inForce(AsyncLogProperties configured) {
		Values values = live;
		return (values != null) ? values : Values.of(configured);
	}

	/** Puts values in force on every queue; {@code null} lets the configured ones stand again. */
	public static void change(Values values) {
		live = values;
	}

	public static void reset() {
		live = null;
	}

	/**
	 * Reads a queue-full policy given as text, as {@code asynclog.queue-full-policy} accepts it.
	 * @throws AsyncLogConfigurationException naming the property, the value and what is accepted
	 */
	public static QueueFullPolicy parsePolicy(String value) {
		return parse(QueueFullPolicy.class, AsyncLogProperties.PREFIX + "." + QUEUE_FULL_POLICY, value);
	}

	/**
	 * Reads a discard threshold given as text, as {@code asynclog.discard-threshold} accepts it.
	 * @throws AsyncLogConfigurationException naming the property, the value and what is accepted
	 */
	public static LogLevel parseThreshold(String value) {
		return parse(LogLevel.class, AsyncLogProperties.PREFIX + "." + DISCARD_THRESHOLD, value);
	}

	/**
	 * Accepts what Spring Boot's binding accepts (any case, dashes or underscores), and words
	 * a refusal as the start-up failure analysis does.
	 */
	private static <E extends Enum<E>> E parse(Class<E> type, String property, String value) {
		String wanted = (value != null) ? value.trim().replace('_', '-').toLowerCase(Locale.ROOT) : "";
		for (E constant : type.getEnumConstants()) {
			if (AsyncLogProperties.kebabCase(constant).equals(wanted)) {
				return constant;
			}
		}
		throw AsyncLogConfigurationException.invalidValue(property, (value != null) ? value : "",
				"it is not one of the accepted values", "one of " + Arrays.stream(type.getEnumConstants())
					.map(AsyncLogProperties::kebabCase)
					.collect(Collectors.joining(", ")));
	}

	/**
	 * A queue-full policy with its discard threshold.
	 *
	 * @param queueFullPolicy what a full queue does to a logging thread
	 * @param discardThreshold the most severe level the 'discard' policy drops
	 */
	public record Values(QueueFullPolicy queueFullPolicy, LogLevel discardThreshold) {

		public static Values of(AsyncLogProperties properties) {
			return new Values(properties.getQueueFullPolicy(), properties.getDiscardThreshold());
		}

		public Values withQueueFullPolicy(QueueFullPolicy policy) {
			return new Values(policy, this.discardThreshold);
		}

		public Values withDiscardThreshold(LogLevel threshold) {
			return new Values(this.queueFullPolicy, threshold);
		}

	}

}
