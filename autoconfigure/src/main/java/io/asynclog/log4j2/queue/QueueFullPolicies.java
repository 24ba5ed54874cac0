package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.util.PropertiesUtil;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.AsyncLogProperties;

/**
 * asynclog's queue-full settings ({@code asynclog.queue-full-policy} and
 * {@code asynclog.discard-threshold}) in Log4j2's terms: the one place they are translated.
 * <p>
 * Log4j2 creates a queue-full policy itself, from a class name and with no arguments, each time a
 * queue starts: so the policy goes to Log4j2's properties as a class name, and the threshold is
 * held here, where a {@link CountingDiscardPolicy} reads it once when Log4j2 creates it (never per
 * event). Until asynclog applies its settings, or in all-async mode, whose ring starts before
 * {@code application.yml} is read, Log4j2's own {@value #THRESHOLD_PROPERTY} stands.
 *
 * @author asynclog
 */
public final class QueueFullPolicies {

	/**
	 * Log4j2's property naming the queue-full policy class, spelled as Log4j2's code asks for it:
	 * a property source answers only the exact name (a system property in any spelling reaches it,
	 * since Log4j2 normalizes those).
	 */
	public static final String PROPERTY = "log4j2.AsyncQueueFullPolicy";

	/** The same property as Log4j2's manual spells it, which is how asynclog's messages name it. */
	public static final String PROPERTY_AS_DOCUMENTED = "log4j2.asyncQueueFullPolicy";

	/** Log4j2's property of the level at or below which a discarding policy drops events, as its code asks. */
	public static final String THRESHOLD_PROPERTY = "log4j2.DiscardThreshold";

	/** The same property as Log4j2's manual spells it. */
	public static final String THRESHOLD_PROPERTY_AS_DOCUMENTED = "log4j2.discardThreshold";

	private static volatile Level appliedThreshold;

	private QueueFullPolicies() {
	}

	/**
	 * Makes the settings' threshold the one of every discarding policy created from now on.
	 * @param settings the bound asynclog properties
	 * @return the class Log4j2 is to create for {@value #PROPERTY}
	 */
	public static String apply(AsyncLogProperties settings) {
		appliedThreshold = Level.toLevel(settings.getDiscardThreshold().name());
		return policyClass(settings.getQueueFullPolicy()).getName();
	}

	/**
	 * Falls back to Log4j2's own threshold.
	 */
	public static void clear() {
		appliedThreshold = null;
	}

	/**
	 * Creates the policy for the async-logger ring asynclog routes itself.
	 * @param settings the bound asynclog properties
	 * @return the policy
	 */
	public static FullRingRouting.FullRingPolicy create(AsyncLogProperties settings) {
		return (settings.getQueueFullPolicy() == QueueFullPolicy.DISCARD) ? new CountingDiscardPolicy()
				: new BlockingQueueFullPolicy();
	}

	/**
	 * Returns whether a class name is one of asynclog's policies.
	 * @param className a value of {@value #PROPERTY}
	 * @return true for asynclog's blocking or counting policy
	 */
	public static boolean isAsynclogs(String className) {
		return BlockingQueueFullPolicy.class.getName().equals(className)
				|| CountingDiscardPolicy.class.getName().equals(className);
	}

	static Level threshold() {
		Level level = appliedThreshold;
		if (level != null) {
			return level;
		}
		return Level.toLevel(PropertiesUtil.getProperties().getStringProperty(THRESHOLD_PROPERTY), Level.INFO);
	}

	private static Class<?> policyClass(QueueFullPolicy policy) {
		return (policy == QueueFullPolicy.DISCARD) ? CountingDiscardPolicy.class : BlockingQueueFullPolicy.class;
	}

}
