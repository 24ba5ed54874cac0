package io.asynclog.core.lane;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.asynclog.core.queue.BusyClock;

/**
 * What a {@link Lane}'s own thread does: offers records to the {@link Destination}, or spills
 * them to the spool while it is away, slow or paused; keeps those in flight in order until
 * answered. It never waits on the network: an offer the destination cannot take now is tried
 * again after a growing pause.
 *
 * @author asynclog
 */
final class LaneWorker implements Runnable {

	private static final long STALL_NANOS = Lane.STALL.toNanos();

	private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private static final long LONGEST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	private static final long BUSY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	/** How long an idle lane that was busy a moment ago naps, unwoken, before it sleeps. */
	private static final long NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final int BATCH = 4096;

	private final Destination destination;

	private final Handoff<LaneRecord> queue;

	private final LaneSpool spool;

	private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();

	/** Written by the lane's thread where it sleeps for want of records. */
	private final BusyClock busyClock = new BusyClock();

	/** Set when an appender did not get room in time; cleared when records are taken again. */
	volatile boolean roomWaitTimedOut;

	volatile boolean stopping;

	/** Set by an operator: nothing is offered to the destination, records go to the spool. */
	volatile boolean paused;

	volatile long stopDeadlineNanos;

	private volatile int inFlightCount;

	private volatile int inFlightFromSpool;

	/** When a record was last delivered, or the lane last had nothing waiting. */
	private volatile long lastDeliveredNanos = System.nanoTime();

	private volatile String lastFailure;

	private volatile long keptAtStop = -1;

	private volatile long lostAtStop;

	private long retryAtNanos;

	private long backoffNanos = FIRST_BACKOFF_NANOS;

	private long refusedSinceNanos;

	private long lastWorkedNanos;

	/** Whether the last batch left records in the queue that the destination could not be offered. */
	private boolean blocked;

	LaneWorker(String appender, Destination destination, Lane.Settings settings, Handoff<LaneRecord> queue) {
		this.destination = destination;
		this.queue = queue;
		this.spool = new LaneSpool(appender, settings, this::failed);
	}

	@Override
	public void run() {
		this.busyClock.working();
		try {
			while (true) {
				if (!this.spool.open(this.stopping)) {
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
					boolean worked = this.queue.count() < this.queue.capacity() / 2 && sendFromSpool();
					worked |= takeFromQueue();
					this.destination.afterOffers();
					this.spool.afterBatch(this.inFlight);
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
		return this.queue.isEmpty() && this.inFlight.isEmpty() && !this.spool.backlog();
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
		return this.inFlight.size() < this.queue.capacity();
	}

	private boolean spilling() {
		return this.paused || !answering() || this.queue.count() >= this.queue.capacity() / 2
				|| this.queue.bytes() >= this.queue.maxBytes() / 2;
	}

	private boolean sendFromSpool() {
		if (!this.spool.backlog() || !ready()) {
			return false;
		}
		int sent = 0;
		try {
			while (sent < BATCH && roomInFlight()) {
				Spool.Entry entry = this.spool.next();
				if (entry == null || !offer(new InFlight(entry.record(), entry))) {
					break;
				}
				this.spool.taken();
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
		boolean toSpool = this.spool.isOpen() && (this.spool.backlog() || spilling());
		boolean ready = toSpool || ready();
		this.blocked = false;
		int taken = 0;
		long takenBytes = 0;
		LaneRecord record;
		while (taken < BATCH && (record = this.queue.peek()) != null) {
			if (toSpool) {
				this.spool.append(record);
			}
			else if (!ready || !roomInFlight() || !offer(new InFlight(record, null))) {
				this.blocked = true;
				break;
			}
			this.queue.poll();
			taken++;
			takenBytes += record.weight();
		}
		if (taken > 0) {
			this.queue.taken(taken, takenBytes);
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
		if (delivered || (this.inFlight.isEmpty() && this.queue.isEmpty() && !this.spool.backlog())) {
			this.lastDeliveredNanos = System.nanoTime();
		}
		this.inFlightCount = this.inFlight.size();
		this.inFlightFromSpool -= fromSpool;
		if (last != null) {
			this.spool.acknowledged(last, fromSpool);
		}
	}

	private void idle() {
		if (this.blocked && !(this.paused && !this.spool.isOpen())) {
			// Records wait that the destination cannot be offered now (a back-off after a
			// refusal, a full window in flight, no answer for a while): a pause until the
			// retry is due, at least a nap, never a spin while the destination refuses.
			long untilRetry = this.retryAtNanos - System.nanoTime();
			LockSupport.parkNanos(this, Math.min(Math.max(untilRetry, NAP_NANOS), LONGEST_BACKOFF_NANOS));
			return;
		}
		if (!this.stopping && System.nanoTime() - this.lastWorkedNanos < NAP_NANOS) {
			// Busy a moment ago: a nap that records do not cut short. Woken at each record, a
			// lane that drains faster than they come cost the appender's thread a system call
			// every few records.
			if (this.queue.isEmpty() || (this.paused && !this.spool.isOpen())) {
				LockSupport.parkNanos(this, NAP_NANOS);
			}
			return;
		}
		this.queue.sleeping();
		// Paused without a spool, records wait in the queue: nothing to do until resumed.
		boolean nothingToTake = this.queue.isEmpty() || (this.paused && !this.spool.isOpen());
		if (!nothingToTake || this.stopping) {
			this.queue.awake();
			return;
		}
		// Answers and retries are looked at often; an empty lane sleeps until a record comes.
		boolean answersOrRetriesDue = !this.inFlight.isEmpty() || (this.spool.backlog() && !this.paused);
		long nanos = answersOrRetriesDue ? TimeUnit.MILLISECONDS.toNanos(5) : TimeUnit.MILLISECONDS.toNanos(200);
		this.busyClock.waiting();
		LockSupport.parkNanos(this, nanos);
		this.busyClock.working();
		this.queue.awake();
	}

	/**
	 * At the end, on the lane's thread, or on the stopping one for a lane never started: the
	 * rest to the spool, the client closed, what it held kept.
	 */
	synchronized void finish() {
		if (this.keptAtStop >= 0) {
			return;
		}
		long lost = 0;
		LaneRecord record;
		while ((record = this.queue.poll()) != null) {
			if (this.spool.isOpen()) {
				this.spool.append(record);
			}
			else {
				lost++;
			}
		}
		long left = Math.max(0, this.stopDeadlineNanos - System.nanoTime());
		this.destination.close(answering() ? Duration.ofNanos(left) : Duration.ZERO);
		reap();
		// Every record the client still held, in the order offered. Those sent from the spool
		// leave it with the others: records from the queue offered after them would else be
		// kept ahead of them.
		List<LaneRecord> unanswered = new ArrayList<>();
		Spool.Entry lastFromSpool = null;
		int fromSpool = 0;
		for (InFlight flight : this.inFlight) {
			if (flight.spooled != null) {
				lastFromSpool = flight.spooled;
				fromSpool++;
			}
			if (flight.state != InFlight.ACKNOWLEDGED && flight.state != InFlight.FAILED) {
				unanswered.add(flight.record);
			}
		}
		if (this.spool.isOpen()) {
			if (lastFromSpool != null) {
				this.spool.acknowledged(lastFromSpool, fromSpool);
			}
			// Older than everything left in the spool: the client held them before it spilled.
			lost += this.spool.close(unanswered);
		}
		else {
			lost += unanswered.size();
		}
		this.lostAtStop = lost;
		this.keptAtStop = this.spool.records();
	}

	/** Opens the spool on the stopping thread, for a lane whose thread never started. */
	void openSpoolToStop() {
		this.spool.open(true);
	}

	private void failed(String failure) {
		this.lastFailure = failure;
	}

	BusyClock busyClock() {
		return this.busyClock;
	}

	LaneSpool spool() {
		return this.spool;
	}

	int inFlight() {
		return this.inFlightCount;
	}

	int inFlightFromSpool() {
		return this.inFlightFromSpool;
	}

	long lastDeliveredNanos() {
		return this.lastDeliveredNanos;
	}

	String lastFailure() {
		return this.lastFailure;
	}

	/** Records kept in the spool for the next start; -1 until the lane finished. */
	long keptAtStop() {
		return this.keptAtStop;
	}

	long lostAtStop() {
		return this.lostAtStop;
	}

}
