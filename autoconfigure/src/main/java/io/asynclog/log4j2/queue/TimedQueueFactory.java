package io.asynclog.log4j2.queue;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

import org.apache.logging.log4j.core.async.BlockingQueueFactory;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

import io.asynclog.core.queue.BusyClock;

/**
 * The queue of an AsyncAppender asynclog adds in 'async-appender' mode: Log4j2's default
 * {@link ArrayBlockingQueue}, whose {@code take()} keeps the background thread's
 * {@link BusyClock} (kept in {@link QueueClocks}). It polls first, so the clock is read only
 * when the thread has to wait.
 *
 * @param <E> the element type
 * @author asynclog
 */
@Plugin(name = TimedQueueFactory.PLUGIN_NAME, category = Node.CATEGORY, elementType = BlockingQueueFactory.ELEMENT_TYPE)
public final class TimedQueueFactory<E> implements BlockingQueueFactory<E> {

	public static final String PLUGIN_NAME = "AsyncLogTimedQueue";

	/** The attribute naming the queue, as the endpoint and meters do. */
	public static final String QUEUE_ATTRIBUTE = "queue";

	private final String queue;

	private final Configuration configuration;

	private TimedQueueFactory(String queue, Configuration configuration) {
		this.queue = queue;
		this.configuration = configuration;
	}

	@PluginFactory
	public static <E> TimedQueueFactory<E> create(@PluginAttribute(QUEUE_ATTRIBUTE) String queue,
			@PluginConfiguration Configuration configuration) {
		return new TimedQueueFactory<>(queue, configuration);
	}

	@Override
	public BlockingQueue<E> create(int capacity) {
		TimedQueue<E> created = new TimedQueue<>(capacity);
		if (this.queue != null && this.configuration instanceof QueueClocks.Owner owner) {
			owner.queueClocks().put(this.queue, created.clock);
		}
		return created;
	}

	/** Log4j2's default queue, whose {@code take()} keeps the taking thread's clock. */
	private static final class TimedQueue<E> extends ArrayBlockingQueue<E> {

		private final transient BusyClock clock = new BusyClock();

		/** Read and written only by the one thread that takes. */
		private transient boolean started;

		TimedQueue(int capacity) {
			super(capacity);
		}

		@Override
		public E take() throws InterruptedException {
			if (!this.started) {
				// The first take is the background thread starting: its time counts from now.
				this.started = true;
				this.clock.working();
			}
			E next = poll();
			if (next != null) {
				return next;
			}
			this.clock.waiting();
			try {
				return super.take();
			}
			finally {
				this.clock.working();
			}
		}

	}

}
