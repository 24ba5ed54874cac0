package io.asynclog.log4j2.lifecycle;

import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.log4j2.queue.QueueClocks;

/**
 * Finds the background threads of a Log4j2 logger context whose busy time asynclog keeps:
 * the async-logger ring's, each async-appender queue's asynclog added, and each remote
 * appender's lane. The all-async ring is not among them: Log4j2 starts it with the logger
 * context, from the configuration that runs before Spring Boot hands over asynclog's, and
 * never asks for its wait strategy again.
 *
 * @author asynclog
 */
final class BusyThreads {

	private BusyThreads() {
	}

	/**
	 * Reads the threads of the context's configuration now.
	 * @param context the logger context
	 * @return the threads with their clocks
	 */
	static List<BusyThread> of(LoggerContext context) {
		Configuration configuration = context.getConfiguration();
		List<BusyThread> threads = new ArrayList<>();
		if (configuration instanceof QueueClocks.Owner owner) {
			owner.queueClocks()
				.all()
				.forEach((queue, clock) -> threads.add(new BusyThread(BusyThread.Serves.QUEUE, queue, clock)));
		}
		for (Appender appender : configuration.getAppenders().values()) {
			BusyClock clock = (appender instanceof Shipping.Source source) ? source.busyClock() : null;
			if (clock != null) {
				threads.add(new BusyThread(BusyThread.Serves.LANE, appender.getName(), clock));
			}
		}
		return threads;
	}

}
