package io.asynclog.core.lane;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.core.queue.DeliveryThreads;
import io.asynclog.core.queue.ShutdownDeadline;

/**
 * The way from one remote appender to its {@link Destination}: a bounded queue the appender
 * fills without waiting on the destination, a thread of its own ({@link LaneWorker}), and a
 * {@link Spool} on local disk for what the destination cannot take while it is away or slow.
 * A destination that stops answering never holds a caller longer than the local disk does.
 * <p>
 * Order is kept: while the spool holds unsent records, new ones go behind them into the
 * spool. The lane spills to the spool when the destination has not answered, or has refused,
 * for {@link #STALL}, or the queue is half full. Without a spool, what finds the queue full is
 * dropped and counted ({@code lane-full}); a full spool drops too ({@code spool-full}). With a
 * spool, an appender that finds the queue full waits, bounded, while the lane's thread moves
 * records to disk: a burst is kept rather than dropped.
 * <p>
 * {@link #stop(long)} never waits on the network: it sends while the destination answers,
 * until the deadline; what is left, unanswered records included, goes to the spool.
 *
 * @author asynclog
 */
public final class Lane {

	/**
	 * How long the destination may leave records unanswered, or refuse them, before the
	 * lane spills to the spool: long enough for a leader election, short enough that a
	 * crash loses little.
	 */
	public static final Duration STALL = Duration.ofSeconds(1);

	private static final long ROOM_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	private static final String THREAD_PREFIX = "asynclog-lane-";

	static {
		// The lane's thread closes the client, which logs: made to wait for room in a full
		// ring at shutdown, it would hold the stop it is part of.
		DeliveryThreads.add(THREAD_PREFIX);
	}

	private final String appender;

	private final Destination destination;

	private final Handoff<LaneRecord> queue;

	private final LaneWorker worker;

	private final Thread thread;

	/**
	 * Creates a lane; {@link #start()} starts its thread, which opens its spool.
	 * @param appender the appender's name, under which drops are counted
	 * @param destination where records go
	 * @param settings the queue's bounds and the spool
	 */
	public Lane(String appender, Destination destination, Settings settings) {
		this.appender = appender;
		this.destination = destination;
		AppenderDrops.remote(appender);
		this.queue = new Handoff<>(settings.capacity(), settings.maxBytes());
		this.worker = new LaneWorker(appender, destination, settings, this.queue);
		this.thread = new Thread(this.worker, THREAD_PREFIX + appender);
		this.thread.setDaemon(true);
		this.queue.consumer(this.thread);
	}

	public synchronized void start() {
		// An appender may be started again; the lane runs once.
		if (this.thread.getState() == Thread.State.NEW) {
			this.thread.start();
		}
	}

	/**
	 * Adds a record. Never waits on the destination: a full queue drops and counts it, except
	 * with a spool, where the appender waits up to half a second for room.
	 * @param key the record's key, or {@code null}
	 * @param value the record's value
	 * @return false if it was dropped
	 */
	public boolean add(byte[] key, byte[] value) {
		return add(new LaneRecord(key, value, System.currentTimeMillis()));
	}

	/**
	 * Adds a record without a key whose value is encoded only if it goes to the spool; waits
	 * as {@link #add(byte[], byte[])} does.
	 * @param payload the record's value
	 * @return false if it was dropped
	 */
	public boolean add(LaneRecord.Payload payload) {
		return add(LaneRecord.of(payload, System.currentTimeMillis()));
	}

	private boolean add(LaneRecord record) {
		if (this.worker.stopping) {
			AppenderDrops.record(this.appender, Reason.APPENDER_STOPPED);
			return false;
		}
		int size = record.weight();
		if (!this.queue.reserve(size) && !(roomIsLocal() && awaitRoom(size))) {
			AppenderDrops.record(this.appender, Reason.LANE_FULL);
			return false;
		}
		this.queue.put(record);
		return true;
	}

	/**
	 * Whether room depends only on this machine (a spool, filled at disk speed). A lane that
	 * did not make room in time is not waited for again until it has.
	 */
	private boolean roomIsLocal() {
		return this.worker.spool().isOpen() && !this.worker.stopping && !this.worker.roomWaitTimedOut;
	}

	private boolean awaitRoom(int size) {
		long deadline = System.nanoTime() + ROOM_WAIT_NANOS;
		if (this.queue.awaitRoom(size, () -> this.worker.stopping || System.nanoTime() - deadline >= 0)) {
			return true;
		}
		if (!this.worker.stopping) {
			this.worker.roomWaitTimedOut = true;
		}
		return false;
	}

	/**
	 * Holds shipping while the destination is serviced: the destination is treated as away,
	 * so records go to the spool (or wait in the queue without one). Records the client
	 * already holds are still answered; a stop while paused sends nothing more. A new lane
	 * starts unpaused.
	 * @return true if the lane was shipping until now
	 */
	public boolean pause() {
		boolean wasShipping = !this.worker.paused;
		this.worker.paused = true;
		return wasShipping;
	}

	/**
	 * Ships again after {@link #pause()}: the spool first, in order, then what came after.
	 * @return true if the lane was paused until now
	 */
	public boolean resume() {
		boolean wasPaused = this.worker.paused;
		this.worker.paused = false;
		LockSupport.unpark(this.thread);
		return wasPaused;
	}

	public boolean isPaused() {
		return this.worker.paused;
	}

	/**
	 * Stops the lane by a deadline: sends what it can while the destination answers, keeps
	 * the rest in the spool, closes the destination's client, and waits for its thread.
	 * @param deadlineNanos the deadline, on the {@link System#nanoTime()} scale
	 * @return what became of the records not delivered
	 */
	public StopReport stop(long deadlineNanos) {
		this.worker.stopDeadlineNanos = deadlineNanos;
		this.worker.stopping = true;
		LockSupport.unpark(this.thread);
		if (this.thread.isAlive()) {
			ShutdownDeadline.join(this.thread, deadlineNanos);
		}
		else {
			// Never started: nothing was sent.
			this.worker.openSpoolToStop();
			this.worker.finish();
		}
		return new StopReport(this.appender, this.destination.describe(), Math.max(0, this.worker.keptAtStop()),
				this.worker.spool().directory(), this.worker.lostAtStop(), this.worker.spool().lastFailure(),
				this.thread.isAlive());
	}

	/** The lane's thread's clock: busy all but its sleeps for want of records. */
	public BusyClock busyClock() {
		return this.worker.busyClock();
	}

	public Shipping.Lane laneReading() {
		return new Shipping.Lane(this.queue.count(), this.queue.capacity(), this.queue.bytes(), this.queue.maxBytes(),
				this.worker.inFlight(), this.worker.inFlightFromSpool(), this.worker.lastFailure());
	}

	/**
	 * Returns how long records have waited in the lane, in flight or in the spool with none
	 * delivered.
	 * @return the time, zero while nothing waits or records are delivered
	 */
	public Duration withoutDelivery() {
		boolean waiting = this.queue.count() > 0 || this.worker.inFlight() > 0 || this.worker.spool().records() > 0;
		return waiting ? Duration.ofNanos(Math.max(0, System.nanoTime() - this.worker.lastDeliveredNanos()))
				: Duration.ZERO;
	}

	/**
	 * Returns the appender's shipping: the destination's counts, the lane and the spool.
	 * @param destination the destination's own reading
	 * @return the reading
	 */
	public Shipping reading(Shipping destination) {
		return destination.with(laneReading(), spoolReading(), withoutDelivery());
	}

	/** The spool's reading, or {@code null} without a spool. */
	public Shipping.Spool spoolReading() {
		return this.worker.spool().reading();
	}

	/**
	 * The bounds of a lane's queue and where its spool is.
	 *
	 * @param capacity the most records the queue holds
	 * @param maxBytes the most bytes of keys and values the queue holds
	 * @param spoolDirectory the spool's directory, or {@code null} for no spool
	 * @param spoolMaxBytes the most the spool holds on disk
	 */
	public record Settings(int capacity, long maxBytes, Path spoolDirectory, long spoolMaxBytes) {

		/**
		 * Returns the settings as one line of text, for Log4j2's plugin attributes;
		 * {@link #parse(String)} reads it back.
		 * @return capacity, bytes, spool bytes, then the spool's directory, if any
		 */
		public String asText() {
			return this.capacity + " " + this.maxBytes + " " + this.spoolMaxBytes + " "
					+ ((this.spoolDirectory != null) ? this.spoolDirectory : "");
		}

		/** Reads settings written by {@link #asText()}. */
		public static Settings parse(String text) {
			// The directory last and whole: it may hold spaces.
			String[] parts = text.split(" ", 4);
			return new Settings(Integer.parseInt(parts[0]), Long.parseLong(parts[1]),
					parts[3].isEmpty() ? null : Path.of(parts[3]), Long.parseLong(parts[2]));
		}

	}

	/**
	 * What a stop left behind.
	 *
	 * @param appender the appender's name
	 * @param destination where records go
	 * @param kept records in the spool for the next start
	 * @param directory the spool's directory, or {@code null} without one
	 * @param lost records neither delivered nor kept (no spool, or a disk that refused)
	 * @param spoolFailure the spool's last failure, {@code null} if none
	 * @param threadStillRunning whether the lane's thread had not finished by the deadline's grace
	 */
	public record StopReport(String appender, String destination, long kept, Path directory, long lost,
			String spoolFailure, boolean threadStillRunning) {
	}

}
