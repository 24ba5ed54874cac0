package io.asynclog.core.count;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.asynclog.core.queue.Registration;

/**
 * Tells listeners the name of each appender a per-appender counter ({@link AppenderErrors},
 * {@link AppenderDrops}) starts counting, so that meters can be registered for appenders that
 * appear later, such as after a reconfiguration.
 *
 * @author asynclog
 */
final class AppenderNames {

	private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

	void announce(String appender) {
		this.listeners.forEach((listener) -> listener.accept(appender));
	}

	/** Calls a listener with the names known now and with each new one from then on. */
	Registration listen(Collection<String> known, Consumer<String> listener) {
		this.listeners.add(listener);
		known.forEach(listener);
		return () -> this.listeners.remove(listener);
	}

}
