package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.core.queue.DeliveryThreads;
import io.asynclog.core.queue.ShutdownDeadline;

/**
 * The way from one remote appender to its {@link Destination}: a bounded queue that the
 * appender fills without ever waiting, a thread of its own that hands records to the
 * destination's client, and a {@link Spool} on local disk for what the destination cannot
 * take while it is away or slow. A destination that stops answering therefore never holds
 * a caller, a ring's background thread or another appender.
 * <p>
 * Order is kept: records leave in the order the appender added them. While the spool holds
 * records not yet sent, new records go behind them into the spool, and the spool is sent
 * first once the destination answers again. The lane spills to the spool when the
 * destination has not answered for {@link #STALL}, or has refused records for that long,
 * or the queue is half full. Without a spool, records wait in the queue, and what finds it
 * full is dropped and counted ({@code lane-full}); a full spool drops and counts too
 * ({@code spool-full}). With a spool, an appender that finds the queue full waits while the
 * lane's thread moves records to the spool: a wait on the local disk, as a file appender's,
 * never on the destination, and bounded ({@link #ROOM_WAIT_NANOS}); a burst faster than the
 * lane's thread is kept rather than dropped.
 * <p>
 * {@link #stop(long)} never waits on the network: while the destination answers it keeps
 * sending until the deadline; then, or at once if the destination is away, what is left goes
 * to the spool, records the client held unanswered included, for the next start.
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

	private static final long STALL_NANOS = STALL.toNanos();

	private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private static final long LONGEST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	private static final long BUSY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	/** How long an idle lane that was busy a moment ago naps, unwoken, before it sleeps. */
	private static final long NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final long POSITION_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private static final int BATCH = 4096;

	/**
	 * How long an appender waits at most for the lane's thread to move records to the spool
	 * when the queue is full.
	 */
	private static final long ROOM_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	private static final long ROOM_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

	private static final String THREAD_PREFIX = "asynclog-lane-";

	static {
		// The lane's thread closes the client, which logs: made to wait for room in a full
		// ring at shutdown, it would hold the stop it is part of.
		DeliveryThreads.add(THREAD_PREFIX);
	}

	private final String appender;

	private final Destination destination;

	private final Settings settings;

	/** Opened by the lane's thread; {@code null} until then, and without a spool. */
	private volatile Spool spool;

	private final ConcurrentLinkedQueue<LaneRecord> queue = new ConcurrentLinkedQueue<>();

	private final AtomicInteger queued = new AtomicInteger();

	private final AtomicLong queuedBytes = new AtomicLong();

	private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();

	private final Thread thread;

	/** Written by the lane's thread where it sleeps for want of records. */
	private final BusyClock busyClock = new BusyClock();

	private volatile boolean sleeping;

	/** Set when the lane's thread did not make room in time; cleared when it takes records again. */
	private volatile boolean roomWaitTimedOut;

	private volatile boolean stopping;

	/** Set by an operator: nothing is offered to the destination, records go to the spool. */
	private volatile boolean paused;

	private volatile long stopDeadlineNanos;

	private volatile int inFlightCount;

	private volatile int inFlightFromSpool;

	/** When a record was last delivered, or the lane last had nothing waiting. */
	private volatile long lastDeliveredNanos = System.nanoTime();

	private volatile long spoolOldestMillis = -1;

	private volatile String lastFailure;

	private volatile long keptAtStop = -1;

	private volatile long lostAtStop;

	private Spool.Entry held;

	private boolean spoolGivenUp;

	private long retryAtNanos;

	private long backoffNanos = FIRST_BACKOFF_NANOS;

	private long refusedSinceNanos;

	private long positionWrittenNanos;

	private long lastWorkedNanos;

	/**
	 * Creates a lane and opens its spool; {@link #start()} starts its thread.
	 * @param appender the appender's name, under which drops are counted
	 * @param destination where records go
	 * @param settings the queue's bounds and the spool
	 */
	public Lane(String appender, Destination destination, Settings settings) {
		this.appender = appender;
		this.destination = destination;
		this.settings = settings;
		AppenderDrops.remote(appender);
		this.thread = new Thread(this::run, THREAD_PREFIX + appender);
		this.thread.setDaemon(true);
	}

	/**
	 * Starts the lane's thread.
	 */
	public synchronized void start() {
		// An appender may be started again; the lane runs once.
		if (this.thread.getState() == Thread.State.NEW) {
			this.thread.start();
		}
	}

	/**
	 * Adds a record, never waiting: a full queue drops it and counts the drop.
	 * @param key the record's key, or {@code null}
	 * @param value the record's value
	 * @return false if it was dropped
	 */
	public boolean add(byte[] key, byte[] value) {
		return add(new LaneRecord(key, value, System.currentTimeMillis()));
	}

	/**
	 * Adds a record without a key whose value the destination's client takes as it is, encoded
	 * only if it goes to the spool; never waits, as {@link #add(byte[], byte[])}.
	 * @param payload the record's value
	 * @return false if it was dropped
	 */
	public boolean add(LaneRecord.Payload payload) {
		return add(LaneRecord.of(payload, System.currentTimeMillis()));
	}

	private boolean add(LaneRecord record) {
		if (this.stopping) {
			AppenderDrops.record(this.appender, Reason.APPENDER_STOPPED);
			return false;
		}
		int size = record.weight();
		if (!reserve(size) && !(roomIsLocal() && awaitRoom(size))) {
			AppenderDrops.record(this.appender, Reason.LANE_FULL);
			return false;
		}
		this.queue.add(record);
		if (this.sleeping) {
			// At most once per sleep: a busy lane thread is never woken.
			this.sleeping = false;
			LockSupport.unpark(this.thread);
		}
		return true;
	}

	/** Takes room for a record in the queue's bounds, if there is any. */
	private boolean reserve(int size) {
		if (this.queued.incrementAndGet() > this.settings.capacity()) {
			this.queued.decrementAndGet();
			return false;
		}
		if (this.queuedBytes.addAndGet(size) > this.settings.maxBytes() && this.queued.get() > 1) {
			this.queuedBytes.addAndGet(-size);
			this.queued.decrementAndGet();
			return false;
		}
		return true;
	}

	/**
	 * Whether room in a full queue depends only on this machine: with a spool, the lane's
	 * thread makes room at disk speed, whatever the destination does. A lane that did not
	 * make room within {@link #ROOM_WAIT} is not waited for again until it has.
	 */
	private boolean roomIsLocal() {
		return this.spool != null && !this.stopping && !this.roomWaitTimedOut;
	}

	/**
	 * Waits, as a file appender waits for its disk, while the lane's thread moves records to
	 * the spool: a burst faster than the lane's thread is kept, not dropped.
	 */
	private boolean awaitRoom(int size) {
		long deadline = System.nanoTime() + ROOM_WAIT_NANOS;
		LockSupport.unpark(this.thread);
		while (System.nanoTime() - deadline < 0) {
			LockSupport.parkNanos(ROOM_POLL_NANOS);
			if (reserve(size)) {
				return true;
			}
			if (this.stopping) {
				return false;
			}
		}
		this.roomWaitTimedOut = true;
		return false;
	}

	/**
	 * Holds shipping, as an operator asks while the destination is serviced: the lane's
	 * thread offers the destination nothing more and treats it as away, so records go to the
	 * spool behind those already there (without a spool they wait in the queue, and what finds
	 * it full is dropped and counted, {@code lane-full}). Records the client already holds
	 * are still answered. A stop while paused sends nothing and keeps what is left in the
	 * spool. A new lane, as a reconfiguration builds, starts unpaused.
	 * @return true if the lane was shipping until now
	 */
	public boolean pause() {
		boolean wasShipping = !this.paused;
		this.paused = true;
		return wasShipping;
	}

	/**
	 * Ships again after {@link #pause()}: the spool first, in order, then what came after.
	 * @return true if the lane was paused until now
	 */
	public boolean resume() {
		boolean wasPaused = this.paused;
		this.paused = false;
		LockSupport.unpark(this.thread);
		return wasPaused;
	}

	/**
	 * Returns whether shipping is held by {@link #pause()}.
	 * @return true while paused
	 */
	public boolean isPaused() {
		return this.paused;
	}

	/**
	 * Stops the lane by a deadline: sends what it can while the destination answers, keeps
	 * the rest in the spool, closes the destination's client, and waits for its thread.
	 * @param deadlineNanos the deadline, on the {@link System#nanoTime()} scale
	 * @return what became of the records not delivered
	 */
	public StopReport stop(long deadlineNanos) {
		this.stopDeadlineNanos = deadlineNanos;
		this.stopping = true;
		LockSupport.unpark(this.thread);
		if (this.thread.isAlive()) {
			try {
				long waitNanos = Math.max(0, deadlineNanos - System.nanoTime()) + ShutdownDeadline.GRACE.toNanos();
				this.thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		else {
			// Never started: nothing was sent.
			spoolOpen();
			finish();
		}
		return new StopReport(this.appender, this.destination.describe(), Math.max(0, this.keptAtStop),
				(this.spool != null) ? this.spool.directory() : null, this.lostAtStop, this.thread.isAlive());
	}

	/**
	 * Returns how long the lane's thread has been busy: all but its sleeps for want of
	 * records (sending, spooling, waiting on the client count as busy).
	 * @return its clock
	 */
	public BusyClock busyClock() {
		return this.busyClock;
	}

	/**
	 * Returns what an operator sees of the lane and its spool now.
	 * @return the lane's part of a {@link Shipping} reading
	 */
	public Shipping.Lane laneReading() {
		return new Shipping.Lane(this.queued.get(), this.settings.capacity(), this.queuedBytes.get(),
				this.settings.maxBytes(), this.inFlightCount, this.inFlightFromSpool, this.lastFailure);
	}

	/**
	 * Returns how long records have waited in the lane, in flight or in the spool with none
	 * delivered.
	 * @return the time, zero while nothing waits or records are delivered
	 */
	public Duration withoutDelivery() {
		Spool kept = this.spool;
		boolean waiting = this.queued.get() > 0 || this.inFlightCount > 0 || (kept != null && kept.records() > 0);
		return waiting ? Duration.ofNanos(Math.max(0, System.nanoTime() - this.lastDeliveredNanos)) : Duration.ZERO;
	}

	/**
	 * Returns what an operator sees of the appender's shipping: the destination's counts,
	 * the lane and the spool.
	 * @param destination the destination's own reading
	 * @return the reading
	 */
	public Shipping reading(Shipping destination) {
		return destination.with(laneReading(), spoolReading(), withoutDelivery());
	}

	/**
	 * Returns what an operator sees of the spool now.
	 * @return the reading, or {@code null} without a spool
	 */
	public Shipping.Spool spoolReading() {
		if (this.spool == null) {
			return null;
		}
		long oldest = this.spoolOldestMillis;
		Duration age = (oldest > 0 && this.spool.records() > 0)
				? Duration.ofMillis(Math.max(0, System.currentTimeMillis() - oldest)) : Duration.ZERO;
		return new Shipping.Spool(this.spool.directory().toAbsolutePath().toString(), this.spool.records(),
				this.spool.bytes(), this.spool.maxBytes(), age, this.spool.keptAtOpen(), this.spool.replayedAtOpen());
	}

	/**
	 * Opens the spool on the lane's thread, so that a large one left by a previous run does
	 * not slow the start. One that a configuration being replaced still holds is waited
	 * for, sending nothing meanwhile, so that its records still leave first.
	 * @return false while the spool is wanted and not open yet
	 */
	private boolean spoolOpen() {
		if (this.spool != null || this.settings.spoolDirectory() == null || this.spoolGivenUp) {
			return true;
		}
		try {
			Spool opened = new Spool(this.settings.spoolDirectory(), this.settings.spoolMaxBytes());
			for (long i = 0; i < opened.tornAtOpen(); i++) {
				AppenderDrops.record(this.appender, Reason.SPOOL_TORN);
			}
			this.spool = opened;
			this.lastFailure = null;
			return true;
		}
		catch (Spool.HeldException ex) {
			this.lastFailure = ex.getMessage();
			if (ex.inThisProcess() && !this.stopping) {
				return false;
			}
		}
		catch (IOException ex) {
			this.lastFailure = ex.toString();
		}
		// Records go on without a spool rather than wait for one that will not open.
		this.spoolGivenUp = true;
		return true;
	}

	private void run() {
		this.busyClock.working();
		try {
			while (true) {
				if (!spoolOpen()) {
					LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(10));
					continue;
				}
				try {
					reap();
					if (this.stopping && nothingMoreToSendNow()) {
						break;
					}
					// A queue half full is emptied into the spool first: appenders may be
					// waiting for room.
					boolean worked = this.queued.get() < this.settings.capacity() / 2 && sendFromSpool();
					worked |= takeFromQueue();
					this.destination.afterOffers();
					afterBatch();
					if (worked) {
						this.lastWorkedNanos = System.nanoTime();
					}
					else {
						idle();
					}
				}
				catch (RuntimeException ex) {
					// The lane must outlive a surprise from the client or the disk: records
					// keep coming, and a dead lane would drop every one.
					this.lastFailure = ex.toString();
					backOff();
					LockSupport.parkNanos(this, this.backoffNanos);
				}
			}
		}
		finally {
			finish();
		}
	}

	private boolean nothingMoreToSendNow() {
		if (System.nanoTime() - this.stopDeadlineNanos >= 0 || !answering() || this.paused) {
			return true;
		}
		return this.queue.isEmpty() && this.inFlight.isEmpty() && !spoolBacklog();
	}

	private boolean answering() {
		return this.destination.waitingWithoutAnswerNanos() < STALL_NANOS
				&& (this.refusedSinceNanos == 0 || System.nanoTime() - this.refusedSinceNanos < STALL_NANOS);
	}

	/** Whether the destination may be offered records now; read once a batch. */
	private boolean ready() {
		return !this.paused && System.nanoTime() - this.retryAtNanos >= 0 && roomInFlight()
				&& this.destination.waitingWithoutAnswerNanos() < STALL_NANOS;
	}

	/**
	 * Whether fewer records wait for an answer than the queue holds: the records in flight
	 * are kept in memory until answered. Read per record; an offer refused backs off.
	 */
	private boolean roomInFlight() {
		return this.inFlight.size() < this.settings.capacity();
	}

	private boolean spoolBacklog() {
		return this.spool != null && (this.held != null || this.spool.hasUnsent());
	}

	private boolean spilling() {
		return this.paused || !answering() || this.queued.get() >= this.settings.capacity() / 2
				|| this.queuedBytes.get() >= this.settings.maxBytes() / 2;
	}

	private boolean sendFromSpool() {
		if (!spoolBacklog()) {
			return false;
		}
		int sent = 0;
		if (!ready()) {
			return false;
		}
		try {
			while (sent < BATCH && roomInFlight()) {
				Spool.Entry entry = (this.held != null) ? this.held : this.spool.next();
				if (entry == null) {
					break;
				}
				this.held = entry;
				InFlight flight = new InFlight(entry.record(), entry);
				if (!offer(flight)) {
					break;
				}
				this.held = null;
				sent++;
			}
		}
		catch (IOException ex) {
			this.lastFailure = ex.toString();
			backOff();
		}
		return sent > 0;
	}

	private boolean takeFromQueue() {
		// Decided once a batch: the destination's clocks are read once, not per record.
		boolean toSpool = this.spool != null && (spoolBacklog() || spilling());
		boolean ready = toSpool || ready();
		int taken = 0;
		long takenBytes = 0;
		LaneRecord record;
		while (taken < BATCH && (record = this.queue.peek()) != null) {
			if (toSpool) {
				toSpool(record);
			}
			else if (!ready || !roomInFlight() || !offer(new InFlight(record, null))) {
				break;
			}
			this.queue.poll();
			taken++;
			takenBytes += record.weight();
		}
		if (taken > 0) {
			this.queued.addAndGet(-taken);
			this.queuedBytes.addAndGet(-takenBytes);
			if (this.roomWaitTimedOut) {
				this.roomWaitTimedOut = false;
			}
		}
		return taken > 0;
	}

	/** Offers a record; false if the destination cannot take it now (it stays where it was). */
	private boolean offer(InFlight flight) {
		Destination.Offer offer = this.destination.offer(flight.record, flight);
		if (offer == Destination.Offer.NOT_NOW) {
			backOff();
			return false;
		}
		if (offer == Destination.Offer.BUSY) {
			// A pause, not a back-off: the client answers, it only has its hands full.
			this.retryAtNanos = System.nanoTime() + BUSY_PAUSE_NANOS;
			return false;
		}
		this.backoffNanos = FIRST_BACKOFF_NANOS;
		this.refusedSinceNanos = 0;
		if (offer == Destination.Offer.ACCEPTED) {
			this.inFlight.add(flight);
			this.inFlightCount = this.inFlight.size();
			if (flight.spooled != null) {
				this.inFlightFromSpool++;
			}
		}
		else {
			// Refused for good and counted as failed: done with, as far as the spool goes.
			flight.state = InFlight.FAILED;
			this.inFlight.add(flight);
		}
		return true;
	}

	private void backOff() {
		long now = System.nanoTime();
		if (this.refusedSinceNanos == 0) {
			this.refusedSinceNanos = now;
		}
		this.retryAtNanos = now + this.backoffNanos;
		this.backoffNanos = Math.min(this.backoffNanos * 2, LONGEST_BACKOFF_NANOS);
	}

	private void toSpool(LaneRecord record) {
		try {
			if (!this.spool.append(record)) {
				AppenderDrops.record(this.appender, Reason.SPOOL_FULL);
			}
		}
		catch (Spool.SpoolWriteException ex) {
			spoolWriteFailed(ex, ex.lostRecords());
		}
		catch (IOException ex) {
			spoolWriteFailed(ex, 1);
		}
	}

	private void spoolWriteFailed(IOException ex, int lost) {
		this.lastFailure = ex.toString();
		for (int i = 0; i < lost; i++) {
			AppenderDrops.record(this.appender, Reason.SPOOL_FULL);
		}
	}

	/**
	 * Takes the answered records off the front, in order, and tells the spool. A record the
	 * client gave up at close unanswered stops it: {@link #finish()} keeps that one and those
	 * behind it for the next start.
	 */
	private void reap() {
		Spool.Entry last = null;
		int fromSpool = 0;
		boolean delivered = false;
		InFlight front;
		while ((front = this.inFlight.peek()) != null && front.state != InFlight.PENDING
				&& front.state != InFlight.UNANSWERED) {
			this.inFlight.poll();
			delivered |= front.state == InFlight.ACKNOWLEDGED;
			if (front.spooled != null) {
				last = front.spooled;
				fromSpool++;
			}
		}
		if (delivered || (this.inFlight.isEmpty() && this.queue.isEmpty() && !spoolBacklog())) {
			this.lastDeliveredNanos = System.nanoTime();
		}
		this.inFlightCount = this.inFlight.size();
		this.inFlightFromSpool -= fromSpool;
		if (last != null) {
			try {
				this.spool.acknowledged(last.segment(), last.endOffset(), fromSpool);
			}
			catch (IOException ex) {
				this.lastFailure = ex.toString();
			}
		}
	}

	private void afterBatch() {
		if (this.spool == null) {
			return;
		}
		try {
			this.spool.flush();
		}
		catch (Spool.SpoolWriteException ex) {
			spoolWriteFailed(ex, ex.lostRecords());
		}
		catch (IOException ex) {
			this.lastFailure = ex.toString();
		}
		long now = System.nanoTime();
		if (now - this.positionWrittenNanos >= POSITION_INTERVAL_NANOS) {
			this.positionWrittenNanos = now;
			try {
				this.spool.writePosition();
				this.spoolOldestMillis = oldestInSpool();
			}
			catch (IOException ex) {
				this.lastFailure = ex.toString();
			}
		}
	}

	private long oldestInSpool() throws IOException {
		for (InFlight flight : this.inFlight) {
			if (flight.spooled != null) {
				return flight.record.timestampMillis();
			}
		}
		return (this.held != null) ? this.held.record().timestampMillis() : this.spool.nextTimestamp();
	}

	private void idle() {
		if (!this.stopping && System.nanoTime() - this.lastWorkedNanos < NAP_NANOS) {
			// Busy a moment ago: a nap that records do not cut short. Woken at each record, a
			// lane that drains faster than they come cost the appender's thread a system call
			// every few records.
			if (this.queue.isEmpty() || (this.paused && this.spool == null)) {
				LockSupport.parkNanos(this, NAP_NANOS);
			}
			return;
		}
		this.sleeping = true;
		// Paused without a spool, records wait in the queue: nothing to do until resumed.
		boolean nothingToTake = this.queue.isEmpty() || (this.paused && this.spool == null);
		if (!nothingToTake || this.stopping) {
			this.sleeping = false;
			return;
		}
		// Answers and retries are looked at often; an empty lane sleeps until a record comes.
		boolean answersOrRetriesDue = !this.inFlight.isEmpty() || (spoolBacklog() && !this.paused);
		long nanos = answersOrRetriesDue ? TimeUnit.MILLISECONDS.toNanos(5) : TimeUnit.MILLISECONDS.toNanos(200);
		this.busyClock.waiting();
		LockSupport.parkNanos(this, nanos);
		this.busyClock.working();
		this.sleeping = false;
	}

	/** On the lane's thread at the end: the rest to the spool, the client closed, what it held kept. */
	private synchronized void finish() {
		if (this.keptAtStop >= 0) {
			return;
		}
		long lost = 0;
		LaneRecord record;
		while ((record = this.queue.poll()) != null) {
			if (this.spool != null) {
				toSpool(record);
			}
			else {
				lost++;
			}
		}
		long left = Math.max(0, this.stopDeadlineNanos - System.nanoTime());
		this.destination.close(answering() ? Duration.ofNanos(left) : Duration.ZERO);
		reap();
		List<LaneRecord> unanswered = new ArrayList<>();
		for (InFlight flight : this.inFlight) {
			if (flight.spooled == null && flight.state != InFlight.ACKNOWLEDGED && flight.state != InFlight.FAILED) {
				unanswered.add(flight.record);
			}
		}
		long kept = 0;
		if (this.spool != null) {
			try {
				// Older than everything in the spool: the client held them before it spilled.
				this.spool.prepend(unanswered);
			}
			catch (IOException ex) {
				this.lastFailure = ex.toString();
				lost += unanswered.size();
			}
			try {
				this.spool.close();
			}
			catch (IOException ex) {
				this.lastFailure = ex.toString();
			}
			kept = this.spool.records();
		}
		else {
			lost += unanswered.size();
		}
		this.lostAtStop = lost;
		this.keptAtStop = kept;
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
		 * Returns the settings as one line of text, for a backend that builds its appenders
		 * from text (Log4j2's plugin attributes); {@link #parse(String)} reads it back.
		 * @return the text: capacity, bytes, spool bytes, then the spool's directory, if any
		 */
		public String asText() {
			return this.capacity + " " + this.maxBytes + " " + this.spoolMaxBytes + " "
					+ ((this.spoolDirectory != null) ? this.spoolDirectory : "");
		}

		/**
		 * Reads settings written by {@link #asText()}.
		 * @param text the text
		 * @return the settings
		 */
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
	 * @param threadStillRunning whether the lane's thread had not finished by the deadline's grace
	 */
	public record StopReport(String appender, String destination, long kept, Path directory, long lost,
			boolean threadStillRunning) {
	}

}
