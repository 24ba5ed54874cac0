package io.asynclog.logback.queue;

import java.lang.reflect.Field;

import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.util.ReentryGuard;

/**
 * Tells whether Logback's own guard skips an event handed to an appender from inside that
 * appender's append: an {@link AppenderBase} always does; an {@link UnsynchronizedAppenderBase}
 * asks its {@link ReentryGuard}, a private field read reflectively, only on that nested path.
 *
 * @author asynclog
 */
final class ReentryGuards {

	private static final Field REENTRY_GUARD = reentryGuardField();

	private ReentryGuards() {
	}

	/** Whether the appender's guard skips an event from inside its own append; false if unreadable. */
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
