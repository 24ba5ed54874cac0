package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.util.PropertiesUtil;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.LiveQueueFullSettings;

/**
 * asynclog's queue-full settings ({@code asynclog.queue-full-policy} and
 * {@code asynclog.discard-threshold}) in Log4j2's terms: the one place they are translated.
 * <p>
 * Log4j2 creates a queue-full policy itself, from a class name and with no arguments, each time a
 * queue starts: so the policy goes to Log4j2's properties as a class name, and the threshold is
 * held here, where a {@link CountingDiscardPolicy} reads it once when Log4j2 creates it (never per
 * event). Until asynclog applies its settings, or in all-async mode, whose ring starts before
 * {@code application.yml} is read, Log4j2's own {@value #THRESHOLD_PROPERTY} stands.
 * <p>
 * Values an operator sets at run time ({@link LiveQueueFullSettings}) are translated here too,
 * once per change ({@link #live()}), and both of asynclog's policies read them for every event
 * that finds its queue full, whichever of the two Log4j2 created: so a change applies to
 * queues that already run.
 *
 * @author asynclog
 */
public final class QueueSettings {

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

	/** The last run-time values, translated; replaced when the values change. */
	private static volatile LiveRoute liveRoute;

	private QueueSettings() {
	}

	/**
	 * Makes the settings' threshold the one of every discarding policy created from now on.
	 * @param settings the bound asynclog properties
	 * @return the class Log4j2 is to create for {@value #PROPERTY}
	 */
	public static String apply(AsyncLogProperties settings) {
		LiveQueueFullSettings.reset();
		appliedThreshold = Level.toLevel(settings.getDiscardThreshold().name());
		return policyClass(settings.getQueueFullPolicy()).getName();
	}

	/** Falls back to Log4j2's own threshold. */
	public static void clear() {
		LiveQueueFullSettings.reset();
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

	/**
	 * Returns the run-time values in Log4j2's terms; read only for an event that found its
	 * queue full.
	 * @return the values, or {@code null} while the configured ones stand
	 */
	static LiveRoute live() {
		LiveQueueFullSettings.Values values = LiveQueueFullSettings.live();
		if (values == null) {
			return null;
		}
		LiveRoute route = liveRoute;
		if (route == null || route.source() != values) {
			route = new LiveRoute(values, (values.queueFullPolicy() == QueueFullPolicy.DISCARD)
					? Level.toLevel(values.discardThreshold().name()) : null);
			liveRoute = route;
		}
		return route;
	}

	/**
	 * Returns whether an event that found its queue full is dropped: under the run-time values
	 * if an operator set any, else under the policy Log4j2 created.
	 * @param level the event's level
	 * @param configuredThreshold the created policy's threshold, {@code null} for 'block'
	 * @return true to drop and count it
	 */
	static boolean drops(Level level, Level configuredThreshold) {
		LiveRoute route = live();
		Level threshold = (route != null) ? route.discardThreshold() : configuredThreshold;
		return threshold != null && level.isLessSpecificThan(threshold);
	}

	/**
	 * Returns whether an event that finds room in the async-logger ring while others wait for
	 * room queues behind them, when the configured policy is 'block': it takes the room under
	 * a 'discard' set at run time. Read only while someone waits.
	 * @return true to queue behind those waiting
	 */
	static boolean newcomersStillQueueBehindWaiters() {
		LiveRoute route = live();
		return route == null || route.discardThreshold() == null;
	}

	private static Class<?> policyClass(QueueFullPolicy policy) {
		return (policy == QueueFullPolicy.DISCARD) ? CountingDiscardPolicy.class : BlockingQueueFullPolicy.class;
	}

	/**
	 * Run-time values in Log4j2's terms.
	 *
	 * @param source the values translated
	 * @param discardThreshold the level at or below which a full queue drops events;
	 * {@code null} under 'block'
	 */
	record LiveRoute(LiveQueueFullSettings.Values source, Level discardThreshold) {
	}

}
