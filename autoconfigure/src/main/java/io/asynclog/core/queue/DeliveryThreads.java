package io.asynclog.core.queue;

import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Threads that delivery depends on beyond a queue's own background thread, such as the
 * I/O thread of the Kafka producer behind a kafka appender. An event such a thread logs
 * that finds its queue full is written on that thread at once, never made to wait for room
 * or dropped: the queue drains only as fast as that thread works, so waiting would stall
 * delivery for good (the producer's I/O thread logs a warning while the broker is away,
 * exactly when the ring fills).
 * <p>
 * Threads are known by the start of their names, read only on the full-queue path.
 *
 * @author asynclog
 */
public final class DeliveryThreads {

	private static final CopyOnWriteArrayList<String> NAME_PREFIXES = new CopyOnWriteArrayList<>();

	private DeliveryThreads() {
	}

	/**
	 * Declares the threads whose names start with a prefix as threads delivery depends on.
	 * @param namePrefix the start of their names
	 */
	public static void add(String namePrefix) {
		NAME_PREFIXES.addIfAbsent(namePrefix);
	}

	/**
	 * Whether the calling thread is one that delivery depends on.
	 * @return {@code true} for a thread declared through {@link #add(String)}
	 */
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
