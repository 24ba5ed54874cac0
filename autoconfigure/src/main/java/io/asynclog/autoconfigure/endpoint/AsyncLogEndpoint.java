package io.asynclog.autoconfigure.endpoint;

import java.util.List;
import java.util.Map;
import java.util.Locale;


import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.appender.Shipping;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.QueueMonitor;
import io.asynclog.core.queue.QueueStatus;

/**
 * {@link Endpoint @Endpoint} that shows what asynclog runs: the effective mode and
 * settings, every queue with its fill, peak and drops, and every appender with whether it
 * is reached through a queue and how often it failed to write.
 *
 * @author asynclog
 */
@Endpoint(id = "asynclog")
public class AsyncLogEndpoint {

	/**
	 * The mode reported when the running logging configuration is not the one asynclog set
	 * up.
	 */
	static final String NOT_APPLIED = "not-applied";

	private final AsyncLogProperties properties;

	private final QueueMonitor monitor;

	private final LoggingBackend backend;

	public AsyncLogEndpoint(AsyncLogProperties properties, QueueMonitor monitor, LoggingBackend backend) {
		this.properties = properties;
		this.monitor = monitor;
		this.backend = backend;
	}

	@ReadOperation
	public AsyncLogDescriptor asyncLog() {
		Mode mode = this.backend.runningMode();
		List<QueueDescriptor> queues = this.monitor.queues().stream().map(QueueDescriptor::new).toList();
		List<AppenderDescriptor> appenders = this.backend.appenders()
			.stream()
			.map(AppenderDescriptor::new)
			.toList();
		return new AsyncLogDescriptor(this.backend.name(), (mode != null) ? AsyncLogProperties.kebabCase(mode) : NOT_APPLIED,
				AsyncLogProperties.kebabCase(this.properties.getWaitStrategy()), this.properties.isIncludeLocation(),
				AsyncLogProperties.kebabCase(this.properties.getQueueFullPolicy()),
				this.properties.getDiscardThreshold().name().toLowerCase(Locale.ROOT),
				this.properties.getShutdownTimeout().toString(), queues, appenders);
	}

	/**
	 * Description of asynclog's logging setup.
	 *
	 * @param backend the logging system: {@code log4j2} or {@code logback}
	 * @param mode the mode that runs, {@code all-async} whenever Log4j2's context selector
	 * is active, or {@code not-applied} if the running configuration is not asynclog's
	 * @param waitStrategy how the background thread waits for events
	 * @param includeLocation whether the caller's location is captured before the hand-off
	 * @param queueFullPolicy what a full queue does to a logging thread
	 * @param discardThreshold the most severe level the 'discard' policy drops
	 * @param shutdownTimeout how long shutdown waits for the queues, as an ISO-8601
	 * duration
	 * @param queues the queues
	 * @param appenders the appenders
	 */
	public record AsyncLogDescriptor(String backend, String mode, String waitStrategy, boolean includeLocation,
			String queueFullPolicy, String discardThreshold, String shutdownTimeout, List<QueueDescriptor> queues,
			List<AppenderDescriptor> appenders) implements OperationResponseBody {

	}

	/**
	 * Description of one queue.
	 *
	 * @param name {@code async-logger}, or the name of the appender an AsyncAppender feeds
	 * @param type {@code ring-buffer} or {@code blocking-queue}
	 * @param capacity slots
	 * @param remaining free slots now
	 * @param used slots in use now
	 * @param peak most slots in use during {@code asynclog.metrics.peak-window}
	 * @param dropped events the queue-full policy discarded since the JVM started
	 */
	public record QueueDescriptor(String name, String type, long capacity, long remaining, long used, long peak,
			long dropped) {

		QueueDescriptor(QueueStatus status) {
			this(status.queue().name(), status.queue().type(), status.queue().capacity(), status.queue().remaining(),
					status.queue().used(), status.peak(), status.dropped());
		}

	}

	/**
	 * Description of one appender.
	 *
	 * @param name the appender's name
	 * @param type its Log4j2 plugin name
	 * @param fileName the file it writes, absent if it writes none
	 * @param immediateFlush whether it flushes after every event, absent if it has no such
	 * setting
	 * @param async whether every event reaches it through a queue
	 * @param errors the writes and flushes it failed since the JVM started (such as on a
	 * full disk)
	 * @param dropped the events it did not write since the JVM started, by reason
	 * ({@code recursive-call}, {@code appender-stopped}), as {@code asynclog.events.dropped}
	 * counts them
	 * @param shipping for an appender that ships records off the box (kafka): where to,
	 * records sent, acknowledged, failed and waiting, and how long they have waited with no
	 * answer; absent for the others
	 */
	public record AppenderDescriptor(String name, String type, String fileName, Boolean immediateFlush,
			boolean async, long errors, Map<String, Long> dropped, Shipping shipping) {

		AppenderDescriptor(LogAppender appender) {
			this(appender.name(), appender.type(), appender.fileName(), appender.immediateFlush(), appender.async(),
					appender.errors(), AppenderDrops.byReason(appender.name()), appender.shipping());
		}

	}

}
