package io.asynclog.core.queue;

import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Threads that delivery depends on beyond a queue's own background thread, such as the Kafka
 * producer's I/O thread, known by the start of their names. An event such a thread logs that
 * finds its queue full is written at once, never made to wait or dropped: the queue drains
 * only as fast as that thread works, so waiting would stall delivery for good.
 *
 * @author asynclog
 */
public final class DeliveryThreads {

	private static final CopyOnWriteArrayList<String> NAME_PREFIXES = new CopyOnWriteArrayList<>();

	private DeliveryThreads() {
	}

	/** Declares the threads whose names start with a prefix as threads delivery depends on. */
	public static void add(String namePrefix) {
		NAME_PREFIXES.addIfAbsent(namePrefix);
	}

	/** Whether the calling thread is one declared through {@link #add(String)}. */
	public static boolean isCurrent() {
		if (NAME_PREFIXES.isEmpty()) {
			return false;
		}
		String name = Thread.currentThread().getName();
		for (String prefix : NAME_PREFIXES) {
			if (name.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

}
