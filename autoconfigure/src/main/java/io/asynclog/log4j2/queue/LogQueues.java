package io.asynclog.log4j2.queue;

import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.appender.DeliveryLagProbe;

/**
 * Finds the queues of a Log4j2 logger context and reads how full they are. Reads happen
 * only when asked: nothing here runs per log call.
 *
 * @author asynclog
 */
public final class LogQueues {

	private LogQueues() {
	}

	/**
	 * Reads every queue of the given context: the all-async or async-logger ring buffer and
	 * each AsyncAppender's queue.
	 * @param context the logger context
	 * @return the queues, empty in synchronous mode
	 */
	public static List<LogQueue> of(LoggerContext context) {
		List<LogQueue> queues = new ArrayList<>();
		if (context instanceof AsyncLoggerContext asyncContext) {
			queues.add(ringBuffer(asyncContext.createRingBufferAdmin()));
		}
		queues.addAll(of(context.getConfiguration()));
		return queues;
	}

	/**
	 * Reads the queues a configuration owns: its async-logger ring buffer, if it has async
	 * loggers, and its AsyncAppenders' queues.
	 * @param configuration the configuration
	 * @return the queues
	 */
	public static List<LogQueue> of(Configuration configuration) {
		List<LogQueue> queues = new ArrayList<>();
		RingBufferAdmin ring = (configuration instanceof RingBufferOwner owner) ? owner.ringBufferAdmin() : null;
		if (ring != null) {
			queues.add(ringBuffer(ring));
		}
		for (Appender appender : configuration.getAppenders().values()) {
			if (appender instanceof AsyncAppender asyncAppender) {
				queues.add(new LogQueue(name(asyncAppender), LogQueue.BLOCKING_QUEUE,
						asyncAppender.getQueueCapacity(), asyncAppender.getQueueRemainingCapacity()));
			}
		}
		return queues;
	}

	/**
	 * Reads a ring buffer, the async-logger or all-async one, through its admin.
	 * @param admin the ring's admin
	 * @return the queue
	 */
	public static LogQueue ringBuffer(RingBufferAdmin admin) {
		return new LogQueue(LogQueue.ASYNC_LOGGER, LogQueue.RING_BUFFER, admin.getBufferSize(),
				admin.getRemainingCapacity());
	}

	/**
	 * Names an AsyncAppender's queue after the appender it feeds, when it feeds one.
	 * @param appender the AsyncAppender
	 * @return the queue's name
	 */
	static String name(AsyncAppender appender) {
		return name(appender.getName(), List.of(appender.getAppenderRefStrings()));
	}

	/**
	 * Names an AsyncAppender's queue from its references, the delivery-lag probe left out.
	 * @param asyncAppenderName the AsyncAppender's own name
	 * @param refs the names of the appenders it references
	 * @return the one appender it feeds, otherwise its own name
	 */
	public static String name(String asyncAppenderName, List<String> refs) {
		List<String> fed = refs.stream().filter((ref) -> !ref.startsWith(DeliveryLagProbe.NAME_PREFIX)).toList();
		return (fed.size() == 1) ? fed.get(0) : asyncAppenderName;
	}

	/**
	 * Returns whether a configuration routes any logger through the async-logger ring
	 * buffer.
	 * @param configuration the configuration
	 * @return true if the root or any logger is an async logger
	 */
	public static boolean hasAsyncLoggers(Configuration configuration) {
		if (configuration.getRootLogger() instanceof AsyncLoggerConfig) {
			return true;
		}
		for (LoggerConfig logger : configuration.getLoggers().values()) {
			if (logger instanceof AsyncLoggerConfig) {
				return true;
			}
		}
		return false;
	}

}
