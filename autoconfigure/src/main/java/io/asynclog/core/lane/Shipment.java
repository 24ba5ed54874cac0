package io.asynclog.core.lane;

import java.util.function.UnaryOperator;

import io.asynclog.core.queue.ShutdownDeadline;

/**
 * The shipping of one remote appender (kafka, otlp), whatever the backend: its {@link Sender},
 * its {@link Lane}, and for a structured format the {@link FormatStage} that formats off the
 * appending thread. A backend's appender hands over its events and maps its start and stop.
 * <p>
 * The appending thread never waits for the network, at most for this machine. Events of the
 * client library's own loggers are not sent: a destination that cannot be reached makes the
 * client log, and sending that would feed the failure back into itself.
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
	 * @param snapshot makes an event one no other thread changes, for a format costlier than
	 * the snapshot (a structured one), run on a {@link FormatStage}; {@code null} to make
	 * records on the appending thread
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

	public RemoteLane remoteLane() {
		return this.remoteLane;
	}

	public void start() {
		this.remoteLane.lane().start();
		if (this.stage != null) {
			this.stage.start();
		}
	}

	/**
	 * Stops by the configuration's shutdown deadline: formats what waits, then stops the lane.
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

		/** Makes the record of an event and adds it to the lane. */
		void add(Lane lane, E event);

	}

}
