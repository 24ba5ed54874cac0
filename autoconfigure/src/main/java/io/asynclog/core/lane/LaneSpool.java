package io.asynclog.core.lane;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.count.AppenderDrops.Reason;

/**
 * A lane's {@link Spool} as the lane's thread drives it: opened on that thread, records in,
 * records out to be sent again, the acknowledged ones let go, the position written now and
 * then, and what the destination's client held kept at the stop. Records the disk refuses
 * are dropped and counted ({@code spool-full}); every failure is told to the lane.
 * <p>
 * Only the lane's thread calls it, except {@link #isOpen()} and the readings.
 *
 * @author asynclog
 */
final class LaneSpool {

	private static final long POSITION_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private final String appender;

	private final Path directory;

	private final long maxBytes;

	private final Consumer<String> failed;

	/** Opened by the lane's thread; {@code null} until then, and without a spool. */
	private volatile Spool spool;

	private volatile long oldestMillis = -1;

	private boolean givenUp;

	/** Read from the spool and not yet taken by the destination: offered again first. */
	private Spool.Entry held;

	private long positionWrittenNanos;

	/** The spool's last failure, for the stop's report of records it could not keep. */
	private volatile String lastFailure;

	/**
	 * Creates the lane's side of a spool; nothing is opened yet.
	 * @param failed told each failure, and {@code null} once the spool opened
	 */
	LaneSpool(String appender, Lane.Settings settings, Consumer<String> failed) {
		this.appender = appender;
		this.directory = settings.spoolDirectory();
		this.maxBytes = settings.spoolMaxBytes();
		this.failed = failed;
	}

	/**
	 * Opens the spool on the lane's thread, so that a large one left by a previous run does
	 * not slow the start. One a configuration being replaced still holds is waited for,
	 * sending nothing meanwhile, so that its records still leave first.
	 * @param stopping whether the lane stops: then nothing is waited for
	 * @return false while the spool is wanted and not open yet
	 */
	boolean open(boolean stopping) {
		if (this.spool != null || this.directory == null || this.givenUp) {
			return true;
		}
		try {
			Spool opened = new Spool(this.directory, this.maxBytes);
			for (long i = 0; i < opened.tornAtOpen(); i++) {
				AppenderDrops.record(this.appender, Reason.SPOOL_TORN);
			}
			this.spool = opened;
			fail(null);
			return true;
		}
		catch (Spool.HeldException ex) {
			fail(ex.getMessage());
			if (ex.inThisProcess() && !stopping) {
				return false;
			}
		}
		catch (IOException ex) {
			fail(ex.toString());
		}
		// Records go on without a spool rather than wait for one that will not open.
		this.givenUp = true;
		return true;
	}

	private void fail(String failure) {
		this.lastFailure = failure;
		this.failed.accept(failure);
	}

	/** The spool's last failure, {@code null} if none since it opened. */
	String lastFailure() {
		return this.lastFailure;
	}

	/** Whether the spool is open: records spill to it. */
	boolean isOpen() {
		return this.spool != null;
	}

	/** Whether the spool holds records not yet handed to the destination. */
	boolean backlog() {
		return this.spool != null && (this.held != null || this.spool.hasUnsent());
	}

	/**
	 * Returns the next record to offer the destination: the one offered last until
	 * {@link #taken()}.
	 * @return the record, or {@code null} if none is left
	 */
	Spool.Entry next() throws IOException {
		if (this.held == null) {
			this.held = this.spool.next();
		}
		return this.held;
	}

	/** The destination took the record {@link #next()} returned. */
	void taken() {
		this.held = null;
	}

	/** Appends a record; one the spool or the disk refuses is dropped and counted. */
	void append(LaneRecord record) {
		try {
			if (!this.spool.append(record)) {
				AppenderDrops.record(this.appender, Reason.SPOOL_FULL);
			}
		}
		catch (Spool.SpoolWriteException ex) {
			writeFailed(ex, ex.lostRecords());
		}
		catch (IOException ex) {
			writeFailed(ex, 1);
		}
	}

	private void writeFailed(IOException ex, int lost) {
		fail(ex.toString());
		for (int i = 0; i < lost; i++) {
			AppenderDrops.record(this.appender, Reason.SPOOL_FULL);
		}
	}

	/** Lets go of records the destination acknowledged, in order up to the last one. */
	void acknowledged(Spool.Entry last, int count) {
		try {
			this.spool.acknowledged(last.segment(), last.endOffset(), count);
		}
		catch (IOException ex) {
			fail(ex.toString());
		}
	}

	/**
	 * After a batch: writes what was appended to the operating system, and every
	 * {@link #POSITION_INTERVAL_NANOS} the position, with the age of the oldest record.
	 * @param inFlight the records waiting for the destination's answer, oldest first
	 */
	void afterBatch(Iterable<InFlight> inFlight) {
		if (this.spool == null) {
			return;
		}
		flush();
		long now = System.nanoTime();
		if (now - this.positionWrittenNanos >= POSITION_INTERVAL_NANOS) {
			this.positionWrittenNanos = now;
			try {
				this.spool.writePosition();
				this.oldestMillis = oldest(inFlight);
			}
			catch (IOException ex) {
				fail(ex.toString());
			}
		}
	}

	private void flush() {
		try {
			this.spool.flush();
		}
		catch (Spool.SpoolWriteException ex) {
			writeFailed(ex, ex.lostRecords());
		}
		catch (IOException ex) {
			fail(ex.toString());
		}
	}

	private long oldest(Iterable<InFlight> inFlight) throws IOException {
		for (InFlight flight : inFlight) {
			if (flight.spooled != null) {
				return flight.record.timestampMillis();
			}
		}
		return (this.held != null) ? this.held.record().timestampMillis() : this.spool.nextTimestamp();
	}

	/**
	 * At the stop: keeps records the destination's client held unanswered ahead of the
	 * rest, older than everything in the spool, and closes it.
	 * @param unanswered the records, oldest first
	 * @return how many of them were lost: the disk refused
	 */
	long close(List<LaneRecord> unanswered) {
		// What the lane appended last first, counted as after a batch if the disk refuses it:
		// a refusal inside the prepend would lose those uncounted, and the held records with them.
		flush();
		long lost = 0;
		try {
			this.spool.prepend(unanswered);
		}
		catch (IOException ex) {
			fail(ex.toString());
			lost = unanswered.size();
		}
		try {
			this.spool.close();
		}
		catch (IOException ex) {
			fail(ex.toString());
		}
		return lost;
	}

	/** Records kept and not yet acknowledged; 0 without a spool. */
	long records() {
		Spool open = this.spool;
		return (open != null) ? open.records() : 0;
	}

	/** The spool's directory once it is open, or {@code null}. */
	Path directory() {
		Spool open = this.spool;
		return (open != null) ? open.directory() : null;
	}

	/** The spool's reading now, or {@code null} without a spool. */
	Shipping.Spool reading() {
		Spool open = this.spool;
		if (open == null) {
			return null;
		}
		long oldest = this.oldestMillis;
		Duration age = (oldest > 0 && open.records() > 0)
				? Duration.ofMillis(Math.max(0, System.currentTimeMillis() - oldest)) : Duration.ZERO;
		return new Shipping.Spool(open.directory().toAbsolutePath().toString(), open.records(), open.bytes(),
				open.maxBytes(), age, open.keptAtOpen(), open.replayedAtOpen());
	}

}
