package io.asynclog.core.lane;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.Registration;

/**
 * The part every {@link Destination} of a remote appender shares, whatever its client: the
 * records sent, acknowledged, failed and left unanswered at close, how long records have
 * waited with no answer, and the last failure, which the shipping meters, the endpoint and the
 * health read through the backend ({@link RemoteLane}). Each failure is also counted in
 * {@link AppenderErrors} under the appender's name.
 * <p>
 * A subclass owns the client: it calls {@link #handedOver()} for each record the client took,
 * and {@link #acknowledged}, {@link #failed} or {@link #unanswered} once per record with the
 * destination's answer.
 *
 * @author asynclog
 */
public abstract class Sender implements Destination {

	/**
	 * The name of every remote appender a sender was built for: the shipping meters are
	 * registered by name as appenders are built, and read the appenders that run.
	 */
	private static final Set<String> APPENDER_NAMES = ConcurrentHashMap.newKeySet();

	private static final List<Consumer<String>> NEW_APPENDER_LISTENERS = new CopyOnWriteArrayList<>();

	private final String appenderName;

	private final AppenderErrors.Failures failures;

	private final LongAdder sent = new LongAdder();

	private final LongAdder acknowledged = new LongAdder();

	private final LongAdder failed = new LongAdder();

	private final LongAdder unanswered = new LongAdder();

	private volatile Throwable lastFailure;

	/**
	 * Since when records have waited with no answer, on the {@link System#nanoTime()} scale,
	 * or 0 while none waits: the clock starts at the first record handed to an idle client
	 * and restarts at every answer that delivers or fails records for good.
	 */
	private volatile long waitingSinceNanos;

	/**
	 * Creates a sender and announces its appender to the shipping meters.
	 * @param appenderName the appender's name, under which failures are counted
	 */
	protected Sender(String appenderName) {
		this.appenderName = appenderName;
		// Before the appender's name is announced to the meters, which register its drop
		// reasons then.
		AppenderDrops.remote(appenderName);
		this.failures = AppenderErrors.forAppender(appenderName);
		if (APPENDER_NAMES.add(appenderName)) {
			NEW_APPENDER_LISTENERS.forEach((listener) -> listener.accept(appenderName));
		}
	}

	/**
	 * Calls a listener with the name of every remote appender that has a sender, now and
	 * from then on for each new name, on the thread that builds the appender.
	 * @param listener the listener
	 * @return a handle that stops the calls when closed
	 */
	public static Registration onEveryAppender(Consumer<String> listener) {
		NEW_APPENDER_LISTENERS.add(listener);
		APPENDER_NAMES.forEach(listener);
		return () -> NEW_APPENDER_LISTENERS.remove(listener);
	}

	/**
	 * Returns the system records go to, as the endpoint shows it: {@code kafka} or
	 * {@code otlp}.
	 * @return the system
	 */
	protected abstract String system();

	/**
	 * Returns where in that system records go: a topic, an endpoint.
	 * @return the destination's name
	 */
	protected abstract String destinationName();

	/**
	 * Returns the start of the names of the client library's loggers, whose events the
	 * appender does not send: a destination that cannot be reached makes the client log.
	 * @return the prefix, such as {@code org.apache.kafka.}
	 */
	public abstract String clientLoggers();

	/** Counts a record the client took; a read per record, a write only when it was idle. */
	protected final void handedOver() {
		this.sent.increment();
		if (this.waitingSinceNanos == 0) {
			this.waitingSinceNanos = System.nanoTime();
		}
	}

	/**
	 * Counts a record the destination has, and tells the lane.
	 * @param outcome the record's outcome
	 */
	protected final void acknowledged(Outcome outcome) {
		this.acknowledged.increment();
		outcome.acknowledged();
	}

	/**
	 * Counts a record that can never be delivered, and tells the lane.
	 * @param outcome the record's outcome
	 * @param failure why
	 */
	protected final void failed(Outcome outcome, Throwable failure) {
		this.failed.increment();
		this.lastFailure = failure;
		this.failures.record();
		outcome.failed();
	}

	/**
	 * Counts a record the client gave up at close without an answer, and tells the lane,
	 * which keeps it for the next start.
	 * @param outcome the record's outcome
	 */
	protected final void unanswered(Outcome outcome) {
		this.unanswered.increment();
		outcome.unanswered();
	}

	/**
	 * Notes a failure that does not end any record (the client tries again), for the
	 * endpoint and the health.
	 * @param failure what failed
	 */
	protected final void attemptFailed(Throwable failure) {
		this.lastFailure = failure;
	}

	/** Restarts the clock of records waiting with no answer after an answer. */
	protected final void answered() {
		// A record sent while this runs may find the clock still set and leave it, and then
		// see it cleared here: the next record sent starts it again.
		this.waitingSinceNanos = (waiting() > 0) ? System.nanoTime() : 0;
	}

	/**
	 * Returns the name of the appender this sender serves.
	 * @return the appender's name
	 */
	public String appenderName() {
		return this.appenderName;
	}

	/**
	 * Returns how many records were handed to the client.
	 * @return the records sent
	 */
	public long sent() {
		return this.sent.sum();
	}

	/**
	 * Returns how many records the destination acknowledged.
	 * @return the records acknowledged
	 */
	public long acknowledged() {
		return this.acknowledged.sum();
	}

	/**
	 * Returns how many records failed for good: refused by the client or rejected by the
	 * destination.
	 * @return the records failed
	 */
	public long failed() {
		return this.failed.sum();
	}

	/**
	 * Returns how many records were sent and have neither been acknowledged nor failed yet:
	 * in the client's buffer or on the way to the destination.
	 * @return the records waiting
	 */
	public long waiting() {
		// Read the outcomes before the sends, so that a record completing in between cannot
		// make the result negative.
		long done = this.acknowledged.sum() + this.failed.sum() + this.unanswered.sum();
		return Math.max(0, this.sent.sum() - done);
	}

	/**
	 * Returns how long records have been waiting with none acknowledged or failed: zero
	 * while the destination answers, growing while it cannot be reached.
	 * @return the time without an answer while records wait, or {@link Duration#ZERO}
	 */
	public Duration waitingWithoutAnswer() {
		return Duration.ofNanos(waitingWithoutAnswerNanos());
	}

	@Override
	public long waitingWithoutAnswerNanos() {
		long since = this.waitingSinceNanos;
		if (since == 0 || waiting() == 0) {
			return 0;
		}
		return Math.max(0, System.nanoTime() - since);
	}

	@Override
	public String describe() {
		return system() + " (" + destinationName() + ")";
	}

	/**
	 * Returns what an operator sees of this sender: where records go and its counts, now.
	 * @return the reading
	 */
	public Shipping reading() {
		Throwable last = this.lastFailure;
		return new Shipping(system(), destinationName(), sent(), acknowledged(), failed(), waiting(),
				waitingWithoutAnswer(), (last != null) ? last.toString() : null, null, null);
	}

}
