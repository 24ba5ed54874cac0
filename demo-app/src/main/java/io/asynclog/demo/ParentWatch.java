package io.asynclog.demo;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.LogFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;

/**
 * With {@code demo.parent-pid} set, ends the app once the process of that id is gone: a load
 * test's JVM killed with SIGKILL runs no shutdown hook, and its child demo app would live on,
 * holding its port and CPU. Every {@value #POLL_MILLIS} ms it asks whether the launcher lives;
 * when it does not, it logs why and exits with {@value #EXIT_CODE}, through the normal shutdown
 * (Spring's context close, asynclog's drain). The handle, taken once at start-up, remembers the
 * process's start time, so a later process that reuses the id does not pass for the launcher;
 * an id that names no living process at start-up ends the app at once.
 *
 * @author asynclog
 */
class ParentWatch implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

	static final String PROPERTY = "demo.parent-pid";

	/** The exit status when the watched process is gone. */
	static final int EXIT_CODE = 3;

	static final long POLL_MILLIS = 500;

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		String value = event.getEnvironment().getProperty(PROPERTY);
		if (value == null || value.isBlank()) {
			return;
		}
		long pid;
		try {
			pid = Long.parseLong(value.strip());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(PROPERTY + " must be a process id, not '" + value + "'", ex);
		}
		Optional<ProcessHandle> parent = ProcessHandle.of(pid);
		Thread thread = new Thread(() -> watch(pid, parent), "demo-parent-watch");
		thread.setDaemon(true);
		thread.start();
	}

	private static void watch(long pid, Optional<ProcessHandle> parent) {
		try {
			while (parent.isPresent() && parent.get().isAlive()) {
				TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
			}
		}
		catch (InterruptedException ex) {
			// Only the JVM's end interrupts this daemon thread: nothing left to watch.
			return;
		}
		LogFactory.getLog(ParentWatch.class)
			.warn("The process " + pid + " (" + PROPERTY + ") is gone: the demo app exits with " + EXIT_CODE);
		System.exit(EXIT_CODE);
	}

}
