package io.asynclog.logback.lifecycle;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.logback.config.LogbackSetup;
import io.asynclog.logback.queue.LogRing;
import io.asynclog.logback.queue.PipelineView;

/**
 * Finds the background threads of a Logback logger context whose busy time asynclog keeps:
 * its rings' and each remote appender's lane. Not the user's own AsyncAppenders'.
 *
 * @author asynclog
 */
final class BusyThreads {

	private BusyThreads() {
	}

	static List<BusyThread> of(LoggerContext context) {
		List<BusyThread> threads = new ArrayList<>();
		LogbackSetup setup = LogbackSetup.of(context);
		if (setup != null) {
			for (LogRing ring : setup.rings()) {
				BusyClock clock = ring.busyClock();
				if (clock != null) {
					threads.add(new BusyThread(BusyThread.Serves.QUEUE, ring.queueName(), clock));
				}
			}
		}
		for (Appender<ILoggingEvent> appender : PipelineView.of(context).writers()) {
			BusyClock clock = (appender instanceof Shipping.Source source) ? source.busyClock() : null;
			if (clock != null) {
				threads.add(new BusyThread(BusyThread.Serves.LANE, appender.getName(), clock));
			}
		}
		return threads;
	}

}
