package io.asynclog.loadtests.shipping.run;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;

import org.slf4j.Logger;

import static io.asynclog.loadtests.shipping.run.ThroughputApp.FIRST;

/**
 * The load: the one caller thread that logs the run's lines.
 *
 * @author asynclog
 */
final class Caller {

	private Caller() {
	}

	/**
	 * Logs lines {@code from .. from + count - 1} on the caller thread.
	 * @return when the last call returned ({@link System#nanoTime()})
	 */
	static long log(ExecutorService caller, Logger log, String message, long from, long count)
			throws Exception {
		return caller.submit(() -> {
			for (long i = from; i < from + count; i++) {
				log.info(message, FIRST + i);
			}
			return System.nanoTime();
		}).get();
	}

	static ThreadFactory named(String name) {
		return (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		};
	}

}
