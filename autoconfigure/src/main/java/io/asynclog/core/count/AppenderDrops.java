package io.asynclog.core.count;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Function;

import io.asynclog.core.queue.Registration;

/**
 * Counts, per appender name and {@link Reason}, the events that reached an appender and were
 * not written because of where they arrived, not because a write failed. Together with the
 * queues' drops ({@code DroppedEvents}) they make up {@code asynclog.events.dropped}. Only
 * those paths write here, so an appender that writes never touches these counters.
 *
 * @author asynclog
 */
public final class AppenderDrops {

	private static final ConcurrentMap<String, LongAdder[]> BY_APPENDER = new ConcurrentHashMap<>();

	private static final AppenderNames NEW_APPENDERS = new AppenderNames();

	/** The appenders that send to a remote destination through a lane. */
	private static final Set<String> REMOTE = ConcurrentHashMap.newKeySet();

	private static final List<Reason> EVERY_REASON = List.of(Reason.values());

	private static final List<Reason> LOCAL_REASONS = Arrays.stream(Reason.values())
		.filter((reason) -> !reason.remoteOnly)
		.toList();

	private static final Function<String, LongAdder[]> NEW_COUNTERS = (appender) -> {
		LongAdder[] counters = new LongAdder[Reason.values().length];
		for (int i = 0; i < counters.length; i++) {
			counters[i] = new LongAdder();
		}
		return counters;
	};

	private AppenderDrops() {
	}

	/** Counts one event an appender did not write. */
	public static void record(String appender, Reason reason) {
		LongAdder[] counters = BY_APPENDER.get(appender);
		if (counters == null) {
			counters = BY_APPENDER.computeIfAbsent(appender, NEW_COUNTERS);
			NEW_APPENDERS.announce(appender);
		}
		counters[reason.ordinal()].increment();
	}

	public static long count(String appender, Reason reason) {
		LongAdder[] counters = BY_APPENDER.get(appender);
		return (counters != null) ? counters[reason.ordinal()].sum() : 0;
	}

	/** Marks an appender as remote before its meters are registered: it drops for the lane's reasons too. */
	public static void remote(String appender) {
		REMOTE.add(appender);
	}

	/** The reasons an appender can drop for: the lane's too for a remote one. */
	public static List<Reason> reasonsOf(String appender) {
		return REMOTE.contains(appender) ? EVERY_REASON : LOCAL_REASONS;
	}

	/** Events an appender did not write, by {@link Reason#tag()}, every reason it can drop for included. */
	public static Map<String, Long> byReason(String appender) {
		Map<String, Long> counts = new LinkedHashMap<>();
		for (Reason reason : reasonsOf(appender)) {
			counts.put(reason.tag(), count(appender, reason));
		}
		return counts;
	}

	/** The appenders that did not write an event at least once. */
	public static Set<String> appenders() {
		return Collections.unmodifiableSet(BY_APPENDER.keySet());
	}

	/**
	 * Calls a listener with the name of every appender that did not write an event, now and
	 * for each new one. A name may come twice.
	 * @return a handle that stops the calls when closed
	 */
	public static Registration onEveryAppender(Consumer<String> listener) {
		return NEW_APPENDERS.listen(BY_APPENDER.keySet(), listener);
	}

	/** Why an appender did not write an event: the {@code reason} tag of {@code asynclog.events.dropped}. */
	public enum Reason {

		/**
		 * The event was logged from inside the same appender's append, on the same thread:
		 * the libraries skip it rather than recurse without end.
		 */
		RECURSIVE_CALL("recursive-call", false),

		/** The event reached the appender after it had stopped. */
		APPENDER_STOPPED("appender-stopped", false),

		/** A remote appender's lane was full, without a spool or after the wait for one. */
		LANE_FULL("lane-full", true),

		/** A remote appender's spool was at its maximum size, or the disk refused the write. */
		SPOOL_FULL("spool-full", true),

		/** A spooled record cut off at the next start: the process was killed mid-write. */
		SPOOL_TORN("spool-torn", true);

		private final String tag;

		private final boolean remoteOnly;

		Reason(String tag, boolean remoteOnly) {
			this.tag = tag;
			this.remoteOnly = remoteOnly;
		}

		public String tag() {
			return this.tag;
		}

	}

}
