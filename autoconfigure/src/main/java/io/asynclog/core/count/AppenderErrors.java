package io.asynclog.core.count;

import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import io.asynclog.core.queue.Registration;

/**
 * Counts the failures each appender reported (a write or flush that threw, such as on a
 * full disk), per appender name, since the JVM started.
 * <p>
 * Only an appender's error handler writes here, and Log4j2 calls it only on failure, so an
 * appender that writes never touches these counters. One failure may lose many buffered
 * events, or none: these count failures, not lost events.
 *
 * @author asynclog
 */
public final class AppenderErrors {

	private static final ConcurrentMap<String, Failures> BY_APPENDER = new ConcurrentHashMap<>();

	private static final AppenderNames NEW_APPENDERS = new AppenderNames();

	private AppenderErrors() {
	}

	/** The counters of an appender, announcing its name to the listeners the first time. */
	public static Failures forAppender(String appender) {
		Failures failures = BY_APPENDER.get(appender);
		if (failures != null) {
			return failures;
		}
		Failures created = new Failures();
		failures = BY_APPENDER.putIfAbsent(appender, created);
		if (failures != null) {
			return failures;
		}
		NEW_APPENDERS.announce(appender);
		return created;
	}

	public static long count(String appender) {
		Failures failures = BY_APPENDER.get(appender);
		return (failures != null) ? failures.count.sum() : 0;
	}

	/** When an appender last failed ({@link System#nanoTime()}), or {@link Long#MIN_VALUE}. */
	public static long lastErrorNanos(String appender) {
		Failures failures = BY_APPENDER.get(appender);
		return (failures != null) ? failures.lastErrorNanos : Long.MIN_VALUE;
	}

	public static Set<String> appenders() {
		return Collections.unmodifiableSet(BY_APPENDER.keySet());
	}

	/**
	 * Calls a listener with the name of every appender whose failures are counted, now and for
	 * each new one, on the thread that configures logging. A name may come twice.
	 * @return a handle that stops the calls when closed
	 */
	public static Registration onEveryAppender(Consumer<String> listener) {
		return NEW_APPENDERS.listen(BY_APPENDER.keySet(), listener);
	}

	public static final class Failures {

		private final LongAdder count = new LongAdder();

		private volatile long lastErrorNanos = Long.MIN_VALUE;

		private Failures() {
		}

		public void record() {
			this.count.increment();
			this.lastErrorNanos = System.nanoTime();
		}

	}

}
