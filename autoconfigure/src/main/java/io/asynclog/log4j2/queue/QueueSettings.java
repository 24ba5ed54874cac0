package io.asynclog.log4j2.queue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.util.PropertiesUtil;

import io.asynclog.core.config.AsyncLogProperties.QueueFullPolicy;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.config.LiveQueueFullSettings;

/**
 * asynclog's queue-full settings in Log4j2's terms: the one place they are translated.
 * <p>
 * Log4j2 creates a queue-full policy itself, from a class name, each time a queue starts: the
 * policy goes to Log4j2's properties as a class name, and the threshold is held here for a
 * {@link CountingDiscardPolicy} to read when created. Until asynclog applies its settings, or
 * in all-async mode (whose ring starts before {@code application.yml} is read), Log4j2's own
 * {@value #THRESHOLD_PROPERTY} stands.
 * <p>
 * Run-time values ({@link LiveQueueFullSettings}) are translated once per change
 * ({@link #live()}); both policies read them for each event that finds its queue full, so a
 * change applies to queues that already run.
 *
 * @author asynclog
 */
public final class QueueSettings {

	/**
	 * Log4j2's queue-full policy property as its code asks for it: a property source answers
	 * only the exact name (Log4j2 normalizes system properties' spelling).
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
	 * Makes the settings' threshold that of every discarding policy created from now on.
	 * @param settings the bound asynclog properties
	 * @return the class Log4j2 is to create for {@value #PROPERTY}
	 */
	public static String apply(AsyncLogProperties settings) {
		LiveQueueFullSettings.reset();
		appliedThreshold = Level.toLevel(settings.getDiscardThreshold().name());
		return policyClass(settings.getQueueFullPolicy()).getName();
	}

	public static void clear() {
		LiveQueueFullSettings.reset();
		appliedThreshold = null;
	}

	/** Creates the policy for the async-logger ring asynclog routes itself. */
	public static FullRingRouting.FullRingPolicy create(AsyncLogProperties settings) {
		return (settings.getQueueFullPolicy() == QueueFullPolicy.DISCARD) ? new CountingDiscardPolicy()
				: new BlockingQueueFullPolicy();
	}

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

	/** The run-time values in Log4j2's terms, or {@code null} while the configured ones stand. */
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
	 * Whether an event that found its queue full is dropped, under the run-time values if any,
	 * else under {@code configuredThreshold} ({@code null} for 'block').
	 */
	static boolean drops(Level level, Level configuredThreshold) {
		LiveRoute route = live();
		Level threshold = (route != null) ? route.discardThreshold() : configuredThreshold;
		return threshold != null && level.isLessSpecificThan(threshold);
	}

	/** Under a configured 'block', whether newcomers still queue behind waiters: not under a run-time 'discard'. */
	static boolean newcomersStillQueueBehindWaiters() {
		LiveRoute route = live();
		return route == null || route.discardThreshold() == null;
	}

	private static Class<?> policyClass(QueueFullPolicy policy) {
		return (policy == QueueFullPolicy.DISCARD) ? CountingDiscardPolicy.class : BlockingQueueFullPolicy.class;
	}

	/** Run-time values in Log4j2's terms; {@code discardThreshold} is {@code null} under 'block'. */
	record LiveRoute(LiveQueueFullSettings.Values source, Level discardThreshold) {
	}

}
