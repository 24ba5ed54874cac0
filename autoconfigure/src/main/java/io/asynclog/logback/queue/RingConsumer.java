package io.asynclog.logback.queue;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.ExceptionHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;

import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.queue.DeliveryLag;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.logback.queue.LogRing.Slot;

/**
 * A {@link LogRing}'s background thread: hands each event to the appenders, reports progress
 * after every event (a waiting caller sees room at once), flushes at the end of each batch,
 * and skips the rest once the drain has timed out.
 *
 * @author asynclog
 */
final class RingConsumer {

	private static final long NOT_YET = Long.MIN_VALUE;

	private static final long SAMPLE_MASK = DeliveryLag.SAMPLE_EVERY - 1;

	/** How deep appenders that log from their append are followed; deeper ones are not checked. */
	private static final int MAX_NESTED_APPENDS = 8;

	private final LogRing owner;

	private final RingListener[] listeners;

	private final Delegates delegates;

	private final BatchEventProcessor<Slot> processor;

	private final Thread consumerThread;

	/** The background thread, once it runs: compared with the caller to avoid waiting on itself. */
	private volatile Thread consumer;

	/** Set when the drain timed out: the background thread hands nothing more over. */
	private volatile boolean abandoned;

	/** The last sequence after which the background thread flushed the appenders' buffers. */
	private volatile long flushedThrough = -1;

	/** The first sequence the background thread skipped once abandoned. */
	private volatile long firstSkipped = NOT_YET;

	/**
	 * The appenders the background thread is inside of, outermost first: one handed an event
	 * again from its own append may skip it silently. Background thread only.
	 */
	private final Appender<?>[] appending = new Appender<?>[MAX_NESTED_APPENDS];

	private int appendingDepth;

	RingConsumer(LogRing owner, RingListener[] listeners, Delegates delegates, RingBuffer<Slot> ring) {
		this.owner = owner;
		this.listeners = listeners;
		this.delegates = delegates;
		this.processor = new BatchEventProcessorBuilder().build(ring, ring.newBarrier(), new Handler());
		this.processor.setExceptionHandler(new Failures());
		ring.addGatingSequences(this.processor.getSequence());
		this.consumerThread = new Thread(this.processor, "asynclog-logback-" + owner.queueName());
		// Like Log4j2's: a failed start-up or a forgotten stop leaves no thread keeping the JVM.
		this.consumerThread.setDaemon(true);
	}

	void start() {
		this.consumerThread.start();
	}

	boolean isCurrentThread() {
		return Thread.currentThread() == this.consumer;
	}

	long flushedThrough() {
		return this.flushedThrough;
	}

	void handTo(Appender<ILoggingEvent> appender, ILoggingEvent event) {
		int depth = this.appendingDepth;
		for (int i = 0; i < depth; i++) {
			if (this.appending[i] == appender && ReentryGuards.skipsOnThisThread(appender)) {
				this.owner.notWritten(appender, Reason.RECURSIVE_CALL);
				return;
			}
		}
		if (depth == MAX_NESTED_APPENDS) {
			appender.doAppend(event);
			return;
		}
		this.appending[depth] = appender;
		this.appendingDepth = depth + 1;
		try {
			appender.doAppend(event);
		}
		finally {
			this.appending[depth] = null;
			this.appendingDepth = depth;
		}
	}

	void abandon() {
		this.abandoned = true;
	}

	void halt() {
		this.processor.halt();
	}

	/**
	 * Waits for the background thread to finish, at most until the deadline's grace has passed:
	 * a thread stuck in one write is left behind, a daemon, rather than hold the shutdown.
	 */
	void awaitExit(ShutdownDeadline shutdown) {
		long waitMillis = shutdown.remainingWithGraceMillis();
		try {
			this.consumerThread.join(waitMillis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (this.consumerThread.isAlive()) {
			this.owner.addWarn("asynclog: the background thread of queue '" + this.owner.queueName()
					+ "' is still writing an event " + waitMillis + " ms after it was told to stop; the stop goes on"
					+ " without it");
		}
	}

	/** The last sequence handed to the appenders, the one still inside an appender included. */
	long lastHandedOver(long cursor) {
		long skipped = this.firstSkipped;
		long handedOver = (skipped != NOT_YET) ? skipped - 1 : this.processor.getSequence().get();
		if (this.consumerThread.isAlive() && this.firstSkipped == NOT_YET && handedOver < cursor) {
			// Still inside an appender with the next event: the appender has it, and counts
			// it itself if it fails (a send let go by the close is never acknowledged).
			handedOver++;
		}
		return handedOver;
	}

	private final class Handler implements EventHandler<Slot> {

		private Sequence progress;

		@Override
		public void onStart() {
			RingConsumer.this.consumer = Thread.currentThread();
		}

		@Override
		public void setSequenceCallback(Sequence sequenceCallback) {
			this.progress = sequenceCallback;
		}

		@Override
		public void onEvent(Slot slot, long sequence, boolean endOfBatch) {
			ILoggingEvent event = slot.event;
			slot.event = null;
			if (RingConsumer.this.abandoned) {
				if (RingConsumer.this.firstSkipped == NOT_YET) {
					RingConsumer.this.firstSkipped = sequence;
				}
				return;
			}
			try {
				RingConsumer.this.owner.deliver(event, true);
				if ((sequence & SAMPLE_MASK) == 0) {
					sampled(event);
				}
			}
			finally {
				// Room for a waiting caller now, not at the end of a batch that may hold the whole ring.
				this.progress.set(sequence);
				if (endOfBatch) {
					RingConsumer.this.delegates.flushBuffered();
					RingConsumer.this.flushedThrough = sequence;
				}
			}
		}

		private void sampled(ILoggingEvent event) {
			for (RingListener listener : RingConsumer.this.listeners) {
				listener.eventSampled(RingConsumer.this.owner, event);
			}
		}

	}

	/** Reports what escapes the handler; the background thread goes on with the next event. */
	private final class Failures implements ExceptionHandler<Slot> {

		@Override
		public void handleEventException(Throwable ex, long sequence, Slot slot) {
			RingConsumer.this.owner.addError("asynclog: the background thread of queue '"
					+ RingConsumer.this.owner.queueName() + "' failed to hand an event over", ex);
		}

		@Override
		public void handleOnStartException(Throwable ex) {
			RingConsumer.this.owner.addError("asynclog: the background thread of queue '"
					+ RingConsumer.this.owner.queueName() + "' failed to start", ex);
		}

		@Override
		public void handleOnShutdownException(Throwable ex) {
			RingConsumer.this.owner.addError("asynclog: the background thread of queue '"
					+ RingConsumer.this.owner.queueName() + "' failed to stop", ex);
		}

	}

}
