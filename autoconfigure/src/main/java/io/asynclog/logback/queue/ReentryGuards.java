package io.asynclog.logback.queue;

import java.lang.reflect.Field;

import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.util.ReentryGuard;

/**
 * Tells whether Logback's own guard skips an event handed to an appender from inside that
 * appender's append, on the same thread. Logback decides per appender: an
 * {@link AppenderBase} always skips it; an {@link UnsynchronizedAppenderBase} asks its
 * {@link ReentryGuard}, which its class chooses ({@code ConsoleAppender} keeps one per
 * thread, most others none, and then the nested event is written). The guard is a private
 * field Logback has no getter for, so it is read reflectively, and only on that nested path,
 * never per event.
 *
 * @author asynclog
 */
final class ReentryGuards {

	private static final Field REENTRY_GUARD = reentryGuardField();

	private ReentryGuards() {
	}

	/**
	 * Returns whether Logback will skip an event handed to the appender now, from inside its
	 * own append on this thread.
	 * @param appender the appender
	 * @return true if its guard skips it; false if it writes it, or if the guard cannot be read
	 */
	static boolean skipsOnThisThread(Appender<?> appender) {
		if (appender instanceof AppenderBase) {
			return true;
		}
		if (REENTRY_GUARD == null || !(appender instanceof UnsynchronizedAppenderBase)) {
			return false;
		}
		try {
			return REENTRY_GUARD.get(appender) instanceof ReentryGuard guard && guard.isLocked();
		}
		catch (IllegalAccessException ex) {
			return false;
		}
	}

	private static Field reentryGuardField() {
		try {
			Field field = UnsynchronizedAppenderBase.class.getDeclaredField("reentryGuard");
			field.setAccessible(true);
			return field;
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			// Another Logback version: nested events are then handed over as Logback decides.
			return null;
		}
	}

}
