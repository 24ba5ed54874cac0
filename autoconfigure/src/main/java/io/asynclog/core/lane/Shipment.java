package io.asynclog.core.lane;

import java.util.function.UnaryOperator;

import io.asynclog.core.queue.ShutdownDeadline;

/**
 * The shipping of one remote appender (kafka, otlp), whatever the backend: its {@link Sender},
 * the {@link Lane} whose thread hands records to it, and for a structured format the
 * {@link FormatStage} that formats off the appending thread. A backend's appender adapts it:
 * it hands over its events and maps its start and stop; {@link Records} says how an event
 * becomes a record.
 * <p>
 * The appending thread (a ring's, an AsyncAppender's or a caller's) never waits for the
 * network: it waits at most for this machine, a full format stage for its formatting thread,
 * a full lane for the lane's thread to move records to the spool on local disk (up to
 * half a second, then the record is dropped and counted). Events of the client library's
 * own loggers are not sent: a destination that cannot be reached makes the client log, and
 * sending that would feed the failure back into itself.
 *
 * @param <E> the backend's event
 * @author asynclog
 */
public final class Shipment<E> {

	/** The most events waiting to be formatted off the appending thread. */
	static final int FORMAT_STAGE_CAPACITY = 4096;

	private final RemoteLane remoteLane;

	private final ShutdownDeadline shutdown;

	private final Records<E> records;

	/** Makes an event safe for the format stage; {@code null} without one. */
	private final UnaryOperator<E> snapshot;

	private final FormatStage<E> stage;

	/**
	 * Creates the shipping of an appender; {@link #start()} starts it.
	 * @param sender the sender that owns the client, named after the appender
	 * @param settings the lane's bounds and its spool
	 * @param shutdown the configuration's shutdown deadline, which {@link #stop()} sends against
	 * @param records how an event becomes the lane's record
	 * @param snapshot how an event is made one that no other thread changes, for a format that
	 * costs the appending thread more than the snapshot (a structured one) and so runs on a
	 * {@link FormatStage}; {@code null} to make records on the appending thread
	 */
	public Shipment(Sender sender, Lane.Settings settings, ShutdownDeadline shutdown, Records<E> records,
			UnaryOperator<E> snapshot) {
		String appender = sender.appenderName();
		this.remoteLane = new RemoteLane(appender, new Lane(appender, sender, settings), sender);
		this.shutdown = shutdown;
		this.records = records;
		this.snapshot = snapshot;
		this.stage = (snapshot != null) ? new FormatStage<>(appender, this::toLane, FORMAT_STAGE_CAPACITY) : null;
	}

	/**
	 * Adds an event: formats it now, or hands a snapshot to the format stage.
	 * @param loggerName the name of the logger that logged it, or {@code null}
	 * @param event the event
	 */
	public void add(String loggerName, E event) {
		if (loggerName != null && loggerName.startsWith(this.remoteLane.sender().clientLoggers())) {
			return;
		}
		if (this.stage != null) {
			this.stage.add(this.snapshot.apply(event));
		}
		else {
			toLane(event);
		}
	}

	private void toLane(E event) {
		this.records.add(this.remoteLane.lane(), event);
	}

	/**
	 * Returns the lane and the sender, as the backend hands them to the Spring side.
	 * @return them
	 */
	public RemoteLane remoteLane() {
		return this.remoteLane;
	}

	/**
	 * Starts the lane's thread and the formatting thread.
	 */
	public void start() {
		this.remoteLane.lane().start();
		if (this.stage != null) {
			this.stage.start();
		}
	}

	/**
	 * Stops by the configuration's shutdown deadline, which the queues in front drained
	 * against: formats and hands to the lane what waits to be formatted, then stops the lane.
	 * @return what became of the records not delivered, for the shutdown report
	 */
	public Lane.StopReport stop() {
		long deadlineNanos = System.nanoTime() + this.shutdown.remainingNanos();
		if (this.stage != null) {
			this.stage.stop(deadlineNanos);
		}
		return this.remoteLane.lane().stop(deadlineNanos);
	}

	/**
	 * How a backend's event becomes a record of the lane.
	 *
	 * @param <E> the backend's event
	 */
	@FunctionalInterface
	public interface Records<E> {

		/**
		 * Makes the record of an event and adds it to the lane.
		 * @param lane the lane
		 * @param event the event
		 */
		void add(Lane lane, E event);

	}

}
