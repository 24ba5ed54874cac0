package io.asynclog.log4j2.queue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;

import io.asynclog.core.queue.LogQueue;

/**
 * Tells which queue a Log4j2 background thread serves, from the name Log4j2 gives it.
 * Called once per queue-full policy, on its first drop; never per event.
 *
 * @author asynclog
 */
final class QueueThreads {

	/** Log4j2 names it {@code Log4j2-AsyncAppenderEventDispatcher-<n>-<appender>}. */
	private static final String ASYNC_APPENDER_THREAD = "AsyncAppenderEventDispatcher-";

	private QueueThreads() {
	}

	/** An AsyncAppender's queue name, otherwise {@link LogQueue#ASYNC_LOGGER}. */
	static String queueServedBy(long threadId) {
		String threadName = threadName(threadId);
		int marker = threadName.indexOf(ASYNC_APPENDER_THREAD);
		if (marker < 0) {
			return LogQueue.ASYNC_LOGGER;
		}
		String rest = threadName.substring(marker + ASYNC_APPENDER_THREAD.length());
		String appenderName = rest.substring(rest.indexOf('-') + 1);
		Appender appender = LoggerContext.getContext(false).getConfiguration().getAppender(appenderName);
		return (appender instanceof AsyncAppender asyncAppender) ? PipelineView.queueName(asyncAppender) : appenderName;
	}

	static boolean isAsyncAppenderThread(long threadId) {
		return threadName(threadId).contains(ASYNC_APPENDER_THREAD);
	}

	private static String threadName(long threadId) {
		ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(threadId, 0);
		return (info != null) ? info.getThreadName() : "";
	}

}
