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
 * The part every {@link Destination} shares, whatever its client: the records sent,
 * acknowledged, failed and left unanswered at close, how long records have waited with no
 * answer, and the last failure, for the shipping meters, the endpoint and the health. Each
 * failure is also counted in {@link AppenderErrors}.
 * <p>
 * A subclass owns the client: it calls {@link #handedOver()} for each record the client took,
 * then {@link #acknowledged}, {@link #failed} or {@link #unanswered} once per record.
 *
 * @author asynclog
 */
public abstract class Sender implements Destination {

	/** Every remote appender a sender was built for: the shipping meters register by name. */
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
	 * Since when records have waited with no answer ({@link System#nanoTime()}), or 0: starts
	 * at the first record handed to an idle client, restarts at every final answer.
	 */
	private volatile long waitingSinceNanos;

	/**
	 * Creates a sender and announces its appender to the shipping meters.
	 * @param appenderName the appender's name, under which failures are counted
	 */
	protected Sender(String appenderName) {
		this.appenderName = appenderName;
		// Before the meters hear of the appender: they register its drop reasons then.
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

	/** The system records go to, as the endpoint shows it: {@code kafka} or {@code otlp}. */
	protected abstract String system();

	/** Where in that system records go: a topic, an endpoint. */
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

	/** Counts a record the destination has, and tells the lane. */
	protected final void acknowledged(Outcome outcome) {
		this.acknowledged.increment();
		outcome.acknowledged();
	}

	/** Counts a record that can never be delivered, and tells the lane. */
	protected final void failed(Outcome outcome, Throwable failure) {
		this.failed.increment();
		this.lastFailure = failure;
		this.failures.record();
		outcome.failed();
	}

	/** Counts a record the client gave up at close unanswered; the lane keeps it. */
	protected final void unanswered(Outcome outcome) {
		this.unanswered.increment();
		outcome.unanswered();
	}

	/** Notes a failure that ends no record (the client tries again). */
	protected final void attemptFailed(Throwable failure) {
		this.lastFailure = failure;
	}

	/** Restarts the clock of records waiting with no answer after an answer. */
	protected final void answered() {
		// A record sent while this runs may find the clock still set and leave it, and then
		// see it cleared here: the next record sent starts it again.
		this.waitingSinceNanos = (waiting() > 0) ? System.nanoTime() : 0;
	}

	public String appenderName() {
		return this.appenderName;
	}

	/** Records handed to the client. */
	public long sent() {
		return this.sent.sum();
	}

	public long acknowledged() {
		return this.acknowledged.sum();
	}

	/** Records failed for good: refused by the client or rejected by the destination. */
	public long failed() {
		return this.failed.sum();
	}

	/** Records sent and neither acknowledged nor failed yet. */
	public long waiting() {
		// The outcomes before the sends: a record completing in between cannot make it negative.
		long done = this.acknowledged.sum() + this.failed.sum() + this.unanswered.sum();
		return Math.max(0, this.sent.sum() - done);
	}

	/** How long records have waited with none acknowledged or failed; zero while it answers. */
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

	/** Where records go and the counts, now. */
	public Shipping reading() {
		Throwable last = this.lastFailure;
		return new Shipping(system(), destinationName(), sent(), acknowledged(), failed(), waiting(),
				waitingWithoutAnswer(), (last != null) ? last.toString() : null, null, null);
	}

}
