package io.asynclog.log4j2.appender;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;

import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.core.report.DrainReport;

/**
 * An appender that ships records off the box through a {@link Lane}, which never waits: the
 * lane's own thread hands records to the {@link Sender}, and keeps them in its spool while
 * the destination is away. So the thread that runs this appender (a ring's, an
 * AsyncAppender's or a caller's) never waits for the network. Subclasses say how an event
 * becomes a record.
 * <p>
 * Events of the client library's own loggers are not sent: a destination that cannot be
 * reached makes the client log, and sending that would feed the failure back into itself.
 *
 * @author asynclog
 */
public abstract class RemoteAppender extends AbstractAppender implements RemoteLane.Source {

	private final RemoteLane remoteLane;

	private final Lane lane;

	private final ShutdownDeadline shutdown;

	private final String clientLoggers;

	/**
	 * Creates an appender.
	 * @param name its name
	 * @param layout its layout, or {@code null}
	 * @param filter its filter, or {@code null}
	 * @param properties its properties
	 * @param sender the sender that owns the client
	 * @param lane the lane whose thread hands records to the sender
	 * @param shutdown the configuration's shutdown deadline
	 * @param clientLoggers the start of the names of the client library's loggers
	 */
	protected RemoteAppender(String name, Layout<? extends Serializable> layout, Filter filter,
			Property[] properties, Sender sender, Lane lane, ShutdownDeadline shutdown, String clientLoggers) {
		super(name, filter, layout, true, properties);
		this.remoteLane = new RemoteLane(sender.appenderName(), lane, sender);
		this.lane = lane;
		this.shutdown = shutdown;
		this.clientLoggers = clientLoggers;
	}

	@Override
	public final void append(LogEvent event) {
		if (!isStarted()) {
			// Log4j2 hands a stopped appender the event all the same; its client is closed.
			// The error handler has counted it (AppenderDrops), so it is not sent to fail again.
			return;
		}
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
	protected abstract void add(Lane lane, LogEvent event);

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
	public boolean stop(long timeout, TimeUnit timeUnit) {
		setStopping();
		// By the configuration's shutdown deadline, which the queues in front drained against.
		long deadlineNanos = System.nanoTime() + this.shutdown.remainingNanos();
		drainFormatting(deadlineNanos);
		Lane.StopReport stopped = this.lane.stop(deadlineNanos);
		// On standard error, with asynclog's other shutdown reports: logging is stopping.
		DrainReport.laneStopped(stopped).forEach(DrainReport::print);
		setStopped();
		return true;
	}

	/**
	 * The settings every remote appender's plugin takes: its lane, its spool and how long its
	 * stop may send.
	 * @param <B> the builder's own type
	 */
	public abstract static class Builder<B extends Builder<B>> extends AbstractAppender.Builder<B> {

		@PluginBuilderAttribute
		private long closeTimeoutMillis = 10_000;

		@PluginBuilderAttribute
		private int laneCapacity = 65536;

		@PluginBuilderAttribute
		private long laneMaxBytes = 16L * 1024 * 1024;

		@PluginBuilderAttribute
		private String spoolDirectory;

		@PluginBuilderAttribute
		private long spoolMaxBytes = 1024L * 1024 * 1024;

		public B setCloseTimeoutMillis(long closeTimeoutMillis) {
			this.closeTimeoutMillis = closeTimeoutMillis;
			return asBuilder();
		}

		public B setLaneCapacity(int laneCapacity) {
			this.laneCapacity = laneCapacity;
			return asBuilder();
		}

		public B setLaneMaxBytes(long laneMaxBytes) {
			this.laneMaxBytes = laneMaxBytes;
			return asBuilder();
		}

		public B setSpoolDirectory(String spoolDirectory) {
			this.spoolDirectory = spoolDirectory;
			return asBuilder();
		}

		public B setSpoolMaxBytes(long spoolMaxBytes) {
			this.spoolMaxBytes = spoolMaxBytes;
			return asBuilder();
		}

		/**
		 * Returns the lane to the sender, with this node's settings.
		 * @param sender the sender
		 * @return a new lane, not started
		 */
		protected Lane lane(Sender sender) {
			Path spool = (this.spoolDirectory != null && !this.spoolDirectory.isEmpty()) ? Path.of(this.spoolDirectory)
					: null;
			return new Lane(getName(), sender,
					new Lane.Settings(this.laneCapacity, this.laneMaxBytes, spool, this.spoolMaxBytes));
		}

		/**
		 * Returns the configuration's shutdown deadline, or one of this node's close timeout
		 * when nothing drained before.
		 * @return the deadline
		 */
		protected ShutdownDeadline shutdown() {
			return ShutdownCutoff.deadlineOf(getConfiguration(), Duration.ofMillis(this.closeTimeoutMillis));
		}

	}

}
