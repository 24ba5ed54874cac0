package io.asynclog.logback.appender;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;

import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.core.report.DrainReport;

/**
 * An appender that ships records off the box through a {@link Lane}, which never waits: the
 * lane's own thread hands records to the {@link Sender}, and keeps them in its spool while
 * the destination is away. So the thread that runs this appender (a ring's or a caller's)
 * never waits for the network. Subclasses say how an event becomes a record.
 * <p>
 * Unsynchronized, as Logback's own output stream appenders are: the lane takes records from
 * any number of threads. Events of the client library's own loggers are not sent: a
 * destination that cannot be reached makes the client log, and sending that would feed the
 * failure back into itself.
 *
 * @author asynclog
 */
public abstract class RemoteAppender extends UnsynchronizedAppenderBase<ILoggingEvent> implements RemoteLane.Source {

	private final RemoteLane remoteLane;

	private final Lane lane;

	private final ShutdownDeadline shutdown;

	private final String clientLoggers;

	/**
	 * Creates an appender; {@link #start()} it before use.
	 * @param sender the sender that owns the client
	 * @param lane the lane whose thread hands records to the sender
	 * @param shutdown the installation's shutdown deadline: {@link #stop()} sends while the
	 * destination answers until then, or for {@code asynclog.shutdown-timeout} when nothing
	 * drained before
	 * @param clientLoggers the start of the names of the client library's loggers
	 */
	protected RemoteAppender(Sender sender, Lane lane, ShutdownDeadline shutdown, String clientLoggers) {
		this.remoteLane = new RemoteLane(sender.appenderName(), lane, sender);
		this.lane = lane;
		this.shutdown = shutdown;
		this.clientLoggers = clientLoggers;
	}

	@Override
	protected final void append(ILoggingEvent event) {
		String loggerName = event.getLoggerName();
		if (loggerName != null && loggerName.startsWith(this.clientLoggers)) {
			return;
		}
		add(this.lane, event);
	}

	/**
	 * Adds the record of one event to the lane.
	 * @param lane the lane
	 * @param event the event
	 */
	protected abstract void add(Lane lane, ILoggingEvent event);

	@Override
	public RemoteLane remoteLane() {
		return this.remoteLane;
	}

	@Override
	public void start() {
		this.lane.start();
		startFormatting();
		super.start();
	}

	/**
	 * Starts what formats records off the appending thread, if the subclass has one.
	 */
	protected void startFormatting() {
	}

	/**
	 * Formats and hands to the lane what waits to be formatted, by the deadline, before the
	 * lane stops.
	 * @param deadlineNanos the deadline, on the {@link System#nanoTime()} scale
	 */
	protected void drainFormatting(long deadlineNanos) {
	}

	@Override
	public void stop() {
		if (!isStarted()) {
			return;
		}
		super.stop();
		// By the installation's shutdown deadline, which the rings in front drained against.
		long deadlineNanos = System.nanoTime() + this.shutdown.remainingNanos();
		drainFormatting(deadlineNanos);
		Lane.StopReport stopped = this.lane.stop(deadlineNanos);
		// On standard error, with asynclog's other shutdown reports: logging is stopping.
		DrainReport.laneStopped(stopped).forEach(DrainReport::print);
		stopFormatting();
	}

	/**
	 * Stops what formats records, once the lane has stopped.
	 */
	protected void stopFormatting() {
	}

}
