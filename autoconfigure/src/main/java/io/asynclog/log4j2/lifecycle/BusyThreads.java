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
 * its queues' and each remote appender's lane. Not the all-async ring's: Log4j2 starts it
 * before asynclog's configuration, and never asks for its wait strategy again.
 *
 * @author asynclog
 */
final class BusyThreads {

	private BusyThreads() {
	}

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
